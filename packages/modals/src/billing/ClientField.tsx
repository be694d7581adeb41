import { useApiClient } from '@halcyon/api/swr';
import { Combobox, TextField, type ComboboxOption } from '@halcyon/design-system';

export interface ClientFieldProps {
  /** The client chosen, or null. */
  value: ComboboxOption | null;
  onValueChange: (option: ComboboxOption | null) => void;
  /** The client is given by where the modal was opened (their page, their invoice): shown, not chosen. */
  fixed?: boolean;
  error?: string;
  hint?: string;
}

/**
 * Who a bill or payment is for. Chosen by name through `/api/clients/names` (every role may look names up: the Assistant
 * works billing), or shown when the modal was opened for one client. Its form wraps it in Privacy's blur.
 */
export function ClientField({ value, onValueChange, fixed = false, error, hint }: ClientFieldProps) {
  const api = useApiClient();
  if (fixed) {
    return <TextField label="Client" readOnly value={value?.label || 'This client'} hint={hint} error={error} />;
  }
  return (
    <Combobox
      label="Client"
      required
      hint={hint}
      placeholder="Type a name…"
      value={value}
      onValueChange={onValueChange}
      error={error}
      loadOptions={async (search, signal) => {
        const found = await api.call('lookupClientNames', { query: { search }, signal });
        return (found?.items ?? []).map((client) => ({ value: String(client.id), label: client.name }));
      }}
    />
  );
}
