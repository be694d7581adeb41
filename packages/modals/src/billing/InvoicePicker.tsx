import { humanDate, type InvoiceListItem } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { Checkbox } from '@halcyon/design-system';
import { FieldGroup } from '../form/FieldGroup';
import { LoadError } from '../QueryState/QueryState';
import { AmountField } from './AmountField';
import styles from './billing.module.css';

/** What a payment gives one invoice. */
export interface Allocation {
  invoiceId: number;
  amountMinor: number;
}

export interface InvoicePickerProps {
  /** The client's invoices that still owe something, in the payment's currency. */
  invoices: readonly InvoiceListItem[] | undefined;
  /** The read failed: shown with Retry. */
  error?: unknown;
  retry: () => unknown;
  currency: string;
  value: readonly Allocation[];
  onValueChange: (allocations: Allocation[]) => void;
  /** The amount an invoice takes when it is ticked (at most what it owes). */
  amountWhenTicked: (invoice: InvoiceListItem) => number;
  /** The message of the allocation at a position of `value`, if any. */
  errorAt: (index: number) => string | undefined;
}

export const invoiceLabel = (invoice: Pick<InvoiceListItem, 'number' | 'issueDate' | 'dueDate'>) =>
  `${invoice.number ?? 'Draft'}, issued ${humanDate(invoice.issueDate)}, due ${humanDate(invoice.dueDate)}`;

/**
 * The invoices a payment settles: each of the client's invoices that still owes something, ticked to settle it, with the
 * amount it takes (what it owes when ticked; lower for part of it). The payment form checks that none takes more than
 * it owes and that together they take no more than the payment.
 */
export function InvoicePicker({
  invoices,
  error,
  retry,
  currency,
  value,
  onValueChange,
  amountWhenTicked,
  errorAt,
}: InvoicePickerProps) {
  if (error) return <LoadError what="the client’s invoices" error={error} onRetry={retry} />;
  if (!invoices) return <p className={styles.muted}>Loading the client’s invoices…</p>;
  return (
    <FieldGroup legend="Invoices it settles">
      {invoices.length === 0 && (
        <p className={styles.muted}>
          Nothing is owed on this client’s invoices in {currency}: all of the payment becomes their credit.
        </p>
      )}
      {invoices.map((invoice) => {
        const index = value.findIndex((allocation) => allocation.invoiceId === invoice.id);
        const allocation = value[index];
        return (
          <div key={invoice.id} className={styles.item}>
            <Checkbox
              label={`${invoiceLabel(invoice)}: ${formatMoney(invoice.outstandingMinor, invoice.currency)} owed`}
              checked={index >= 0}
              onCheckedChange={(checked) => {
                if (checked === true && index < 0) {
                  onValueChange([...value, { invoiceId: invoice.id, amountMinor: amountWhenTicked(invoice) }]);
                }
                if (checked !== true && index >= 0) onValueChange(value.filter((_, at) => at !== index));
              }}
            />
            {allocation && (
              <AmountField
                label={`Amount for ${invoice.number ?? 'this invoice'}`}
                required
                currency={currency}
                value={allocation.amountMinor}
                onValueChange={(amountMinor) =>
                  onValueChange(value.map((item, at) => (at === index ? { ...item, amountMinor } : item)))
                }
                error={errorAt(index)}
              />
            )}
          </div>
        );
      })}
    </FieldGroup>
  );
}
