import {
  BILLING_LIMITS,
  humanDate,
  type BillableItem,
  type InvoiceLineInput,
  type LineSourceKind,
  type Service,
} from '@halcyon/api/contract';
import { formatMoney, invoiceTotals, isTaxRateBp, lineAmounts, type LineAmounts } from '@halcyon/api/money';
import { Button, Checkbox, NumberField, Select, TextField } from '@halcyon/design-system';
import { Controller, useWatch } from 'react-hook-form';
import { FieldGroup } from '../form/FieldGroup';
import { LoadError } from '../QueryState/QueryState';
import { TaxRateField } from '../settings/billingFields';
import { AmountField } from './AmountField';
import type { InvoiceFormContract } from './invoiceFormSchema';
import styles from './billing.module.css';
import { useFieldList } from '../form/useFieldList';

const SOURCE_LABELS: Readonly<Record<LineSourceKind, string>> = {
  session: 'Session',
  chargeable: 'Fee',
  service: 'Other service',
  free: 'Line',
};

/** A billable item as a line: its description, day and price (the person may change them), at the practice's tax. */
export function lineFromBillable(item: BillableItem, taxRateBp: number): InvoiceLineInput {
  return {
    sourceKind: item.sourceKind,
    sourceId: item.sourceId,
    description: item.description,
    quantity: 1,
    unitMinor: item.unitMinor ?? Number.NaN,
    taxRateBp,
  };
}

/** A line's figures by the one rounding rule, or null while its quantity, price or tax rate is not a valid number. */
export function lineFigures(line: Partial<InvoiceLineInput>): LineAmounts | null {
  const { quantity = 1, unitMinor, taxRateBp = 0 } = line;
  if (unitMinor === undefined || !Number.isSafeInteger(unitMinor) || unitMinor < 0) return null;
  if (!Number.isSafeInteger(quantity) || quantity < 1 || !isTaxRateBp(taxRateBp)) return null;
  return lineAmounts({ quantity, unitMinor, taxRateBp });
}

/** The totals of the lines that have valid figures (the server counts the same way: `invoiceTotals`). */
export function linesTotals(lines: readonly Partial<InvoiceLineInput>[]): LineAmounts {
  return invoiceTotals(lines.map(lineFigures).filter((figures): figures is LineAmounts => figures !== null));
}

export interface LineItemsEditorProps {
  contract: InvoiceFormContract;
  /** The client's work not on an invoice yet (sessions, fees, other services), in any currency. */
  billable: readonly BillableItem[];
  /** Reading that work failed: shown with Retry. */
  billableError?: unknown;
  retryBillable?: () => unknown;
  /** The practice's services, offered as lines at their price and tax. */
  services: readonly Service[];
  currency: string;
  /** The tax rate a new line starts with (the practice's default). */
  defaultTaxRateBp: number;
}

/** The work's description with its day, said once: a session's or a fee's description names its day already. */
function describedOn(item: BillableItem): string {
  const day = humanDate(item.date);
  return item.description.includes(day) ? item.description : `${item.description}, ${day}`;
}

/**
 * The lines of an invoice (invoice and draft-invoice): the client's work not invoiced yet, ticked to put it on; the
 * practice's services and free lines added below; each line's description, quantity, price and tax rate editable, with
 * its total and the invoice's net, tax and total live by `@halcyon/api/money` (the server's rounding rule, per line).
 */
export function LineItemsEditor({
  contract,
  billable,
  billableError,
  retryBillable,
  services,
  currency,
  defaultTaxRateBp,
}: LineItemsEditorProps) {
  const { form, errorOf } = contract;
  const { fields, append, remove } = useFieldList(form, { name: 'lines' });
  const lines = useWatch({ control: form.control, name: 'lines' }) ?? [];
  const indexOfSource = (item: BillableItem) =>
    lines.findIndex((line) => line.sourceKind === item.sourceKind && line.sourceId === item.sourceId);
  const inCurrency = billable.filter((item) => item.currency === currency);
  const elsewhere = billable.length - inCurrency.length;
  const offered = services.filter((service) => service.currency === currency && !service.archived);
  const totals = linesTotals(lines);
  const money = (minor: number) => formatMoney(minor, currency);
  const full = fields.length >= BILLING_LIMITS.linesMax;

  return (
    <>
      <FieldGroup legend="Work not invoiced yet">
        {billableError ? (
          <LoadError what="the client’s work to invoice" error={billableError} onRetry={retryBillable} />
        ) : null}
        {!billableError && inCurrency.length === 0 && (
          <p className={styles.muted}>Nothing of this client’s is waiting to be invoiced in {currency}.</p>
        )}
        {inCurrency.map((item) => {
          const at = indexOfSource(item);
          return (
            <Checkbox
              key={`${item.sourceKind}:${item.sourceId}`}
              label={`${describedOn(item)}, ${item.unitMinor === null ? 'no price yet' : money(item.unitMinor)}`}
              checked={at >= 0}
              disabled={at < 0 && full}
              onCheckedChange={(checked) => {
                if (checked === true && at < 0) append(lineFromBillable(item, defaultTaxRateBp));
                if (checked !== true && at >= 0) remove(at);
              }}
            />
          );
        })}
        {elsewhere > 0 && (
          <p className={styles.muted}>
            {elsewhere === 1 ? 'One more item is' : `${elsewhere} more items are`} priced in another currency: invoice
            them on an invoice in that currency.
          </p>
        )}
      </FieldGroup>

      <FieldGroup legend="Lines">
        {fields.length === 0 && <p className={styles.muted}>No lines yet: tick work above, or add a line.</p>}
        {fields.map((row, index) => {
          const line = lines[index] ?? row;
          const figures = lineFigures(line);
          return (
            <div key={row.id} className={styles.line} role="group" aria-label={`Line ${index + 1}`}>
              <TextField
                label="Description"
                required
                maxLength={BILLING_LIMITS.description}
                {...form.register(`lines.${index}.description`)}
                error={errorOf(`lines.${index}.description`) ?? errorOf(`lines.${index}.sourceId`)}
              />
              <Controller
                name={`lines.${index}.quantity`}
                control={form.control}
                render={({ field }) => (
                  <NumberField
                    label="Qty"
                    min={1}
                    max={BILLING_LIMITS.quantityMax}
                    value={field.value === undefined || Number.isNaN(field.value) ? '' : field.value}
                    onValueChange={(value) => field.onChange(value ?? Number.NaN)}
                    onBlur={field.onBlur}
                    error={errorOf(`lines.${index}.quantity`)}
                  />
                )}
              />
              <Controller
                name={`lines.${index}.unitMinor`}
                control={form.control}
                render={({ field }) => (
                  <AmountField
                    label="Price"
                    required
                    currency={currency}
                    value={field.value ?? Number.NaN}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errorOf(`lines.${index}.unitMinor`)}
                  />
                )}
              />
              <Controller
                name={`lines.${index}.taxRateBp`}
                control={form.control}
                render={({ field }) => (
                  <TaxRateField
                    label="Tax"
                    name={field.name}
                    value={field.value ?? 0}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    error={errorOf(`lines.${index}.taxRateBp`)}
                  />
                )}
              />
              <div className={styles.lineMeta}>
                <span>
                  {SOURCE_LABELS[line.sourceKind]}
                  {line.sourceKind !== 'free' && billableDate(billable, line)}
                </span>
                <span className={styles.lineEnd}>
                  {figures ? `Line total ${money(figures.grossMinor)}` : 'Line total shows once it has a price'}
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove line ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </Button>
                </span>
              </div>
            </div>
          );
        })}
        {errorOf('lines') && (
          <p role="alert" className={styles.error}>
            {errorOf('lines')}
          </p>
        )}
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={full}
            onClick={() =>
              append({
                sourceKind: 'free',
                sourceId: null,
                description: '',
                quantity: 1,
                unitMinor: Number.NaN,
                taxRateBp: defaultTaxRateBp,
              })
            }
          >
            Add a line
          </Button>
          {offered.length > 0 && (
            <Select
              label="Add a service"
              placeholder="Choose a service"
              options={offered.map((service) => ({
                value: String(service.id),
                label: `${service.name} (${money(service.priceMinor)})`,
              }))}
              value=""
              disabled={full}
              onValueChange={(id) => {
                const service = offered.find((candidate) => String(candidate.id) === id);
                if (!service) return;
                append({
                  sourceKind: 'free',
                  sourceId: null,
                  description: service.name,
                  quantity: 1,
                  unitMinor: service.priceMinor,
                  taxRateBp: service.taxRateBp,
                });
              }}
            />
          )}
        </div>
      </FieldGroup>

      <dl className={styles.totals} aria-label="Totals" aria-live="polite">
        <dt>Net</dt>
        <dd>{money(totals.netMinor)}</dd>
        <dt>Tax</dt>
        <dd>{money(totals.taxMinor)}</dd>
        <dt className={styles.total}>Total</dt>
        <dd className={styles.total}>{money(totals.grossMinor)}</dd>
      </dl>
    </>
  );
}

function billableDate(billable: readonly BillableItem[], line: Partial<InvoiceLineInput>): string {
  const item = billable.find(
    (candidate) => candidate.sourceKind === line.sourceKind && candidate.sourceId === line.sourceId,
  );
  return item ? `, ${humanDate(item.date)}` : '';
}
