import { useApiClient } from '@halcyon/api/swr';
import { Combobox, TextField, type ComboboxOption } from '@halcyon/design-system';

export interface ClientFieldProps {
  /** The client chosen, or null. */
  value: ComboboxOption | null;
  onValueChange: (option: ComboboxOption | null) => void;
  /** The client is given by where the modal was opened (their page, their invoice): shown, not chosen. */
  fixed?: boolean;
  /** A record needs its client (the default); a filter may leave it open. */
  required?: boolean;
  label?: string;
  placeholder?: string;
  error?: string;
  hint?: string;
}

/**
 * A client chosen by name through `/api/clients/names` (every role may look names up: the Assistant books and bills),
 * or shown when the modal was opened for one client: who a bill or payment is for, or whom a list is filtered to. Its
 * form wraps it in Privacy's blur.
 */
export function ClientField({
  fixed = false,
  required = true,
  label = 'Client',
  placeholder = 'Type a name…',
  ...field
}: ClientFieldProps) {
  const api = useApiClient();
  if (fixed) {
    const { value, hint, error } = field;
    return <TextField label={label} readOnly value={value?.label || 'This client'} hint={hint} error={error} />;
  }
  return (
    <Combobox
      {...field}
      label={label}
      required={required}
      placeholder={placeholder}
      loadOptions={async (search, signal) => {
        const found = await api.call('lookupClientNames', { query: { search }, signal });
        return (found?.items ?? []).map((client) => ({ value: String(client.id), label: client.name }));
      }}
    />
  );
}
