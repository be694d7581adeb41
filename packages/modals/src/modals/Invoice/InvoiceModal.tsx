import { BILLING_MESSAGES } from '@halcyon/api/contract';
import { useIdempotencyKey, useMutation, useRoute } from '@halcyon/api/swr';
import { InvoiceForm, type InvoiceFormAction } from '../../billing/InvoiceForm';
import { ModalShell } from '../../ModalShell/ModalShell';
import { RecordLoadState } from '../../settings/RecordLoadState';
import type { InvoiceModalProps } from '../../types';
import { DraftInvoiceModal } from '../DraftInvoice/DraftInvoiceModal';

const TITLE = 'New invoice';

function NewInvoice({ clientId, defaults, onSaved }: InvoiceModalProps) {
  const create = useMutation('createInvoice', { prependTo: ['listInvoices'] });
  // One key per modal open: a retried send (a timeout, a lost answer) creates and sends the invoice once.
  const key = useIdempotencyKey();
  const fixedClient = clientId ?? defaults?.clientId;
  const action = (label: string, message: string, kind: 'send' | 'draft'): InvoiceFormAction => ({
    label,
    message,
    save: (body) => create.trigger({ body: { ...body, action: kind }, headers: key.headers }),
  });
  return (
    <InvoiceForm
      title={TITLE}
      description="Bill a client's work: their attended sessions and fees not invoiced yet, other services and lines of your own. Send it to whoever pays, or keep it as a draft."
      existing={null}
      client={fixedClient ? { value: String(fixedClient), label: defaults?.clientName ?? '' } : null}
      clientFixed={fixedClient !== undefined}
      sessionIds={defaults?.sessionIds}
      accountId={defaults?.invoiceAccountId}
      primary={action('Send', BILLING_MESSAGES.invoiceSent, 'send')}
      extras={[action('Save as draft', BILLING_MESSAGES.savedAsDraft, 'draft')]}
      onSaved={onSaved}
    />
  );
}

/** An invoice opened by id: a draft is edited (draft-invoice); an issued one changes only by a credit note. */
function ExistingInvoice({
  id,
  onSaved,
}: Required<Pick<InvoiceModalProps, 'id'>> & Pick<InvoiceModalProps, 'onSaved'>) {
  const invoice = useRoute('getInvoice', { params: { id: Number(id) } });
  if (!invoice.data) {
    return (
      <RecordLoadState
        title="Invoice"
        what="this invoice"
        error={invoice.error}
        missing={invoice.data === null}
        retry={invoice.retry}
      />
    );
  }
  if (invoice.data.status === 'draft') return <DraftInvoiceModal invoiceId={invoice.data.id} onSaved={onSaved} />;
  return <ModalShell title={invoice.data.number ?? 'Invoice'} description={BILLING_MESSAGES.notADraft} />;
}

/**
 * invoice (CATALOG.md): bill-to (the client, a contact or an insurer), lines from the client's work not invoiced yet
 * (attended sessions, late-cancellation and missed-session fees, other services) and from the practice's services or
 * typed in, tax per line, the invoice account of the currency, issue and due dates (payment terms), notes, and live
 * totals by the server's rounding rule. "Send" numbers and e-mails it ("Invoice sent."); "Save as draft" keeps it a
 * draft ("Saved as draft"). With `id` a draft opens for editing; a sent invoice is changed only by a credit note.
 */
export function InvoiceModal(props: InvoiceModalProps) {
  if (props.id !== undefined) return <ExistingInvoice id={props.id} onSaved={props.onSaved} />;
  return <NewInvoice {...props} />;
}
