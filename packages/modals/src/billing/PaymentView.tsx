import { PAYMENT_METHOD_LABELS, humanDate, type PaymentKind } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useRoute } from '@halcyon/api/swr';
import { Button, Sensitive } from '@halcyon/design-system';
import { Fragment } from 'react';
import { useModal } from '../host/context';
import { ModalShell } from '../ModalShell/ModalShell';
import { RecordLoadState } from '../settings/RecordLoadState';
import type { SavedRecord, SuccessResult } from '../types';
import styles from './billing.module.css';

const KINDS = {
  payment: { title: 'Payment', what: 'this payment', read: 'getPaymentDetails', remove: 'deletePayment' },
  advance: {
    title: 'Advance payment',
    what: 'this advance payment',
    read: 'getAdvancePaymentDetails',
    remove: 'deleteAdvancePayment',
  },
} as const;

/**
 * A recorded payment or advance payment (opened with `id`): a payment is never edited, so the modal shows what it was
 * (amount, day, method, reference, the invoices it settles, what is left as credit) and offers Delete (delete-item:
 * SPEC.md §8's "Payment was successfully deleted." / "Advance payment was successfully deleted.").
 */
export function PaymentView({
  kind,
  id,
  onSaved,
}: {
  kind: PaymentKind;
  id: number;
  onSaved?: (record: SavedRecord) => SuccessResult;
}) {
  const modal = useModal();
  const { title, what, read, remove } = KINDS[kind];
  const payment = useRoute(read, { params: { id } });
  if (!payment.data) {
    return (
      <RecordLoadState
        title={title}
        what={what}
        error={payment.error}
        missing={payment.data === null}
        retry={payment.retry}
      />
    );
  }
  const p = payment.data;
  const money = (minor: number) => formatMoney(minor, p.currency);
  return (
    <ModalShell
      title={title}
      description="A payment is not changed once recorded: delete it and record it again if it is wrong."
      extraActions={
        <Button
          variant="ghost"
          onClick={() =>
            modal.open('delete-item', {
              kind: kind === 'advance' ? 'advance-payment' : 'payment',
              route: remove,
              params: { id },
              name: `the ${kind === 'advance' ? 'advance payment' : 'payment'} of ${money(p.amountMinor)}`,
              clientName: p.clientName,
              onDeleted: () => onSaved?.(p),
            })
          }
        >
          Delete
        </Button>
      }
    >
      <Sensitive as="div" focusable={false}>
        <dl className={`${styles.totals} ${styles.recordFacts}`}>
          <dt>Client</dt>
          <dd>{p.clientName}</dd>
          <dt>Amount</dt>
          <dd>{money(p.amountMinor)}</dd>
          <dt>Date</dt>
          <dd>{humanDate(p.date)}</dd>
          <dt>Method</dt>
          <dd>{PAYMENT_METHOD_LABELS[p.method]}</dd>
          {p.reference && (
            <>
              <dt>Reference</dt>
              <dd>{p.reference}</dd>
            </>
          )}
          {p.allocations.map((allocation) => (
            <Fragment key={allocation.invoiceId}>
              <dt>{`Settles ${allocation.invoiceNumber ?? 'a draft invoice'}`}</dt>
              <dd>{money(allocation.amountMinor)}</dd>
            </Fragment>
          ))}
          <dt className={styles.total}>Left as credit</dt>
          <dd className={styles.total}>{money(p.unallocatedMinor)}</dd>
        </dl>
      </Sensitive>
    </ModalShell>
  );
}
