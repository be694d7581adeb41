import { BILLING_MESSAGES, markInvoiceAsPaidBodySchema, type Invoice } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useIdempotencyKey, useMutation, usePracticeToday, useRoute } from '@halcyon/api/swr';
import { Sensitive, useBanners } from '@halcyon/design-system';
import { invoiceLabel } from '../../billing/InvoicePicker';
import { PaymentDetailsFields } from '../../billing/PaymentDetailsFields';
import styles from '../../billing/billing.module.css';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { RecordLoadState } from '../../settings/RecordLoadState';
import type { ModalPropsMap } from '../../types';

type Props = ModalPropsMap['mark-invoice-as-paid'];

const TITLE = 'Mark invoice as paid';

function MarkAsPaidForm({ invoice, onSaved }: { invoice: Invoice; onSaved: Props['onSaved'] }) {
  const { notify } = useBanners();
  const mark = useMutation('markInvoiceAsPaid', { prependTo: ['listPayments'] });
  // One key per modal open, the same on every retry: the invoice is paid once.
  const key = useIdempotencyKey();
  const today = usePracticeToday();
  const contract = useModalForm(markInvoiceAsPaidBodySchema, {
    defaultValues: { date: today, method: 'bank transfer', reference: '' },
    submit: (body) => mark.trigger({ params: { id: invoice.id }, body, headers: key.headers }),
    onSuccess: async (payment) => {
      notify({ variant: 'success', message: BILLING_MESSAGES.markedAsPaid });
      if (payment) await onSaved?.(payment);
    },
  });
  const owes = invoice.outstandingMinor > 0 && invoice.status !== 'draft' && invoice.status !== 'void';
  return (
    <ModalShell
      title={TITLE}
      description="Record a payment of everything the invoice still owes, on the day it was paid."
      submitLabel={owes ? 'Mark as paid' : undefined}
      {...contract.shellProps}
    >
      <ModalFields sensitive>
        <Sensitive as="div" focusable={false} className={styles.muted}>
          {`${invoiceLabel(invoice)}, ${invoice.clientName}: `}
          <strong>{formatMoney(invoice.outstandingMinor, invoice.currency)} owed</strong>
        </Sensitive>
        {owes ? <PaymentDetailsFields contract={contract} /> : <p role="alert">{BILLING_MESSAGES.nothingOwed}</p>}
      </ModalFields>
    </ModalShell>
  );
}

/**
 * mark-invoice-as-paid (CATALOG.md: date, method): a payment of all the invoice still owes, recorded with one
 * Idempotency-Key per modal open: "Invoice marked as paid.". An invoice that owes nothing says so and offers no save.
 */
export function MarkInvoiceAsPaidModal({ invoiceId, onSaved }: Props) {
  const invoice = useRoute('getInvoice', { params: { id: Number(invoiceId) } });
  if (!invoice.data) {
    return (
      <RecordLoadState
        title={TITLE}
        what="this invoice"
        error={invoice.error}
        missing={invoice.data === null}
        retry={invoice.retry}
      />
    );
  }
  return <MarkAsPaidForm invoice={invoice.data} onSaved={onSaved} />;
}
