import {
  BILLING_MESSAGES,
  DEFAULT_CURRENCY,
  recordPaymentBodySchema,
  type InvoiceListItem,
} from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useIdempotencyKey, useMutation, usePracticeToday, useRoute } from '@halcyon/api/swr';
import { Checkbox, FieldRow, useBanners, type ComboboxOption } from '@halcyon/design-system';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { AmountField } from '../../billing/AmountField';
import { ClientField } from '../../form/ClientField';
import { InvoicePicker, type Allocation } from '../../billing/InvoicePicker';
import { PaymentDetailsFields } from '../../billing/PaymentDetailsFields';
import { PaymentView } from '../../billing/PaymentView';
import { usePracticeCurrency } from '../../billing/usePracticeCurrency';
import styles from '../../billing/billing.module.css';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { CurrencySelect } from '../../settings/billingFields';
import type { ModalPropsMap } from '../../types';

type Props = ModalPropsMap['payment'];

/** The form's sentence when a payment is more than the invoices chosen owe and its rest is not kept as credit. */
export const paymentRemainderMessage = (rest: string) =>
  `This payment is ${rest} more than the invoices chosen take: lower it, or keep ${rest} as the client’s credit.`;

const sumOf = (allocations: readonly Allocation[]) =>
  allocations.reduce(
    (sum, allocation) => sum + (Number.isSafeInteger(allocation.amountMinor) ? allocation.amountMinor : 0),
    0,
  );

/**
 * The payment form's rules: the contract's (an amount above zero, each invoice once, the invoices together no more than
 * the payment), each invoice no more than it owes (the server's sentence), and the rest kept as the client's credit only
 * when the person says so.
 */
function paymentFormSchema(owed: ReadonlyMap<number, InvoiceListItem>, keepCredit: boolean) {
  return recordPaymentBodySchema.superRefine((body, ctx) => {
    body.allocations.forEach((allocation, index) => {
      const invoice = owed.get(allocation.invoiceId);
      if (invoice && allocation.amountMinor > invoice.outstandingMinor) {
        ctx.addIssue({
          code: 'custom',
          path: ['allocations', index, 'amountMinor'],
          message: BILLING_MESSAGES.overAllocated(
            invoice.number ?? '',
            formatMoney(invoice.outstandingMinor, invoice.currency),
          ),
        });
      }
    });
    const rest = body.amountMinor - sumOf(body.allocations);
    if (rest > 0 && !keepCredit) {
      ctx.addIssue({
        code: 'custom',
        path: ['amountMinor'],
        message: paymentRemainderMessage(formatMoney(rest, body.currency)),
      });
    }
  });
}

function PaymentForm({ defaults, onSaved }: Pick<Props, 'defaults' | 'onSaved'>) {
  const { notify } = useBanners();
  const record = useMutation('recordPayment', { prependTo: ['listPayments'] });
  // One key per modal open, the same on every retry: the server records the payment once.
  const key = useIdempotencyKey();
  const fixedClient = defaults?.clientId;
  const [client, setClient] = useState<ComboboxOption | null>(
    fixedClient ? { value: String(fixedClient), label: defaults?.clientName ?? '' } : null,
  );
  const clientId = client ? Number(client.value) : null;
  const invoices = useRoute(
    'listInvoices',
    clientId ? { query: { clientId, kind: 'invoice', state: 'outstanding', limit: 100 } } : null,
  );
  const practiceCurrency = usePracticeCurrency(defaults?.currency);
  const [keepCredit, setKeepCredit] = useState(false);
  const schema = useMemo(
    () => paymentFormSchema(new Map((invoices.data?.items ?? []).map((invoice) => [invoice.id, invoice])), keepCredit),
    [invoices.data, keepCredit],
  );
  /** The amount was typed: ticking invoices no longer sets it. */
  const amountTyped = useRef(defaults?.amountMinor !== undefined);

  const today = usePracticeToday();
  const { form, errorOf, shellProps, ...contract } = useModalForm(schema, {
    defaultValues: {
      clientId: fixedClient,
      amountMinor: defaults?.amountMinor ?? Number.NaN,
      currency: defaults?.currency ?? '',
      date: today,
      method: 'card',
      reference: '',
      allocations: [],
    },
    submit: (body) => record.trigger({ body, headers: key.headers }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: BILLING_MESSAGES.paymentRecorded });
      if (saved) await onSaved?.(saved);
    },
  });
  const [currency, amountMinor, allocations] = useWatch({
    control: form.control,
    name: ['currency', 'amountMinor', 'allocations'],
  });
  const owing = useMemo(
    () => (invoices.data?.items ?? []).filter((invoice) => invoice.currency === currency),
    [invoices.data, currency],
  );
  const allocated = sumOf(allocations ?? []);
  const rest = Number.isSafeInteger(amountMinor) ? amountMinor - allocated : 0;
  const currencyShown = currency || practiceCurrency || DEFAULT_CURRENCY;
  const revalidate = () => {
    if (form.formState.isSubmitted) void form.trigger();
  };
  // Keeping the rest as credit (or not) changes the rules: check again once they are in place.
  useEffect(() => {
    if (form.formState.isSubmitted) void form.trigger('amountMinor');
  }, [keepCredit, form]);

  // The currency: the one given, else that of the client's first invoice that owes something, else the practice's.
  useEffect(() => {
    if (form.getValues('currency') || !invoices.data || !practiceCurrency) return;
    form.setValue('currency', invoices.data.items[0]?.currency ?? practiceCurrency);
  }, [invoices.data, practiceCurrency, form]);

  // The invoices it was opened for are ticked, each taking what it owes (up to the amount given).
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !invoices.data || !currency) return;
    preselected.current = true;
    let left = defaults?.amountMinor ?? Number.POSITIVE_INFINITY;
    const chosen = owing
      .filter((invoice) => defaults?.invoiceIds?.includes(invoice.id))
      .map((invoice) => {
        const amount = Math.min(invoice.outstandingMinor, left);
        left -= amount;
        return { invoiceId: invoice.id, amountMinor: amount };
      })
      .filter((allocation) => allocation.amountMinor > 0);
    if (chosen.length) form.setValue('allocations', chosen);
  }, [invoices.data, currency, owing, defaults?.amountMinor, defaults?.invoiceIds, form]);

  const setAllocations = (next: Allocation[]) => {
    form.setValue('allocations', next, { shouldDirty: true });
    if (!amountTyped.current) form.setValue('amountMinor', sumOf(next) || Number.NaN, { shouldDirty: true });
    revalidate();
  };

  return (
    <ModalShell
      title="Record payment"
      description="Money a client paid: the invoices it settles and how much each takes. Anything more is kept as the client’s credit for later invoices, when you say so."
      submitLabel="Record payment"
      size="lg"
      {...shellProps}
    >
      <ModalFields sensitive>
        <ClientField
          value={client}
          fixed={fixedClient !== undefined}
          error={errorOf('clientId')}
          onValueChange={(option) => {
            setClient(option);
            form.setValue('clientId', option ? Number(option.value) : Number.NaN, { shouldDirty: true });
            form.setValue('allocations', []);
          }}
        />
        <FieldRow>
          <Controller
            name="amountMinor"
            control={form.control}
            render={({ field }) => (
              <AmountField
                label="Amount"
                required
                currency={currencyShown}
                value={field.value}
                onValueChange={(minor) => {
                  amountTyped.current = true;
                  field.onChange(minor);
                  revalidate();
                }}
                onBlur={field.onBlur}
                error={errorOf('amountMinor')}
              />
            )}
          />
          <CurrencySelect
            value={currencyShown}
            inUse={(invoices.data?.items ?? []).map((invoice) => invoice.currency)}
            onValueChange={(next) => {
              form.setValue('currency', next, { shouldDirty: true });
              form.setValue('allocations', []);
            }}
            error={errorOf('currency')}
          />
        </FieldRow>
        {clientId ? (
          <InvoicePicker
            invoices={invoices.data ? owing : undefined}
            error={invoices.error}
            retry={invoices.retry}
            currency={currencyShown}
            value={allocations ?? []}
            onValueChange={setAllocations}
            amountWhenTicked={(invoice) => {
              const free =
                amountTyped.current && Number.isSafeInteger(amountMinor) ? amountMinor - allocated : Infinity;
              return Math.max(0, Math.min(invoice.outstandingMinor, free)) || invoice.outstandingMinor;
            }}
            errorAt={(index) =>
              errorOf(`allocations.${index}.amountMinor`) ?? errorOf(`allocations.${index}.invoiceId`)
            }
          />
        ) : null}
        {errorOf('allocations') && (
          <p role="alert" className={styles.error}>
            {errorOf('allocations')}
          </p>
        )}
        {rest > 0 && (
          <Checkbox
            label={`Keep the rest, ${formatMoney(rest, currencyShown)}, as the client’s credit for later invoices`}
            checked={keepCredit}
            onCheckedChange={(checked) => {
              setKeepCredit(checked === true);
            }}
          />
        )}
        <PaymentDetailsFields contract={{ form, errorOf, ...contract }} />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * payment (CATALOG.md: invoices it settles, amount, date, method, reference): a payment of a client settling one or
 * several of their invoices, each at most what it owes; the rest is the client's credit only when ticked. Sent with one
 * Idempotency-Key per modal open (a retry records nothing twice): "Payment recorded.". With `id` the payment is shown,
 * with Delete.
 */
export function PaymentModal({ id, defaults, onSaved }: Props) {
  if (id !== undefined) return <PaymentView kind="payment" id={Number(id)} onSaved={onSaved} />;
  return <PaymentForm defaults={defaults} onSaved={onSaved} />;
}
