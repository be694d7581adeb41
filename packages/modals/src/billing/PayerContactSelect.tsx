import { useRoute } from '@halcyon/api/swr';
import { Select } from '@halcyon/design-system';

/**
 * "Contact who pays": one of the client's contacts (their Contacts tab) as the payer of their invoices, for the invoice
 * form's Bill to and the client's billing details. Their contacts load when it shows.
 */
export function PayerContactSelect({
  clientId,
  value,
  onChange,
  onBlur,
  error,
}: {
  clientId: number | null;
  value: number | null | undefined;
  onChange: (contactId: number) => void;
  onBlur?: () => void;
  error?: string;
}) {
  const contacts = useRoute('listClientRelationships', clientId ? { params: { clientId } } : null);
  return (
    <Select
      label="Contact who pays"
      required
      placeholder={contacts.data ? 'Choose a contact' : 'Loading contacts…'}
      hint={
        contacts.error
          ? 'The client’s contacts could not be read: bill the client or an insurer.'
          : contacts.data?.items.length === 0
            ? 'This client has no contacts yet: add one on their Contacts tab.'
            : undefined
      }
      options={(contacts.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
      value={value ? String(value) : ''}
      onValueChange={(next) => onChange(Number(next))}
      onBlur={onBlur}
      error={error}
    />
  );
}
