import { BILLING_MESSAGES, DEFAULT_CURRENCY, recordAdvancePaymentBodySchema } from '@halcyon/api/contract';
import { useIdempotencyKey, useMutation, usePracticeToday } from '@halcyon/api/swr';
import { FieldRow, useBanners, type ComboboxOption } from '@halcyon/design-system';
import { useEffect, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { AmountField } from '../../billing/AmountField';
import { ClientField } from '../../form/ClientField';
import { PaymentDetailsFields } from '../../billing/PaymentDetailsFields';
import { PaymentView } from '../../billing/PaymentView';
import { usePracticeCurrency } from '../../billing/usePracticeCurrency';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { CurrencySelect } from '../../settings/billingFields';
import type { ModalPropsMap } from '../../types';

type Props = ModalPropsMap['advance-payment'];

function AdvancePaymentForm({ defaults, onSaved }: Pick<Props, 'defaults' | 'onSaved'>) {
  const { notify } = useBanners();
  const record = useMutation('recordAdvancePayment', { prependTo: ['listPayments'] });
  // One key per modal open, the same on every retry: the server records the advance payment once.
  const key = useIdempotencyKey();
  const practiceCurrency = usePracticeCurrency(defaults?.currency);
  const fixedClient = defaults?.clientId;
  const [client, setClient] = useState<ComboboxOption | null>(
    fixedClient ? { value: String(fixedClient), label: defaults?.clientName ?? '' } : null,
  );
  const today = usePracticeToday();
  const contract = useModalForm(recordAdvancePaymentBodySchema, {
    defaultValues: {
      clientId: fixedClient,
      amountMinor: defaults?.amountMinor ?? Number.NaN,
      currency: defaults?.currency ?? '',
      date: today,
      method: 'bank transfer',
      reference: '',
    },
    submit: (body) => record.trigger({ body, headers: key.headers }),
    onSuccess: async (saved) => {
      notify({ variant: 'success', message: BILLING_MESSAGES.advancePaymentRecorded });
      if (saved) await onSaved?.(saved);
    },
  });
  const { form, errorOf, shellProps } = contract;
  const currency = useWatch({ control: form.control, name: 'currency' }) || DEFAULT_CURRENCY;

  // A new advance payment is in the practice's currency.
  useEffect(() => {
    if (!form.getValues('currency') && practiceCurrency) form.setValue('currency', practiceCurrency);
  }, [practiceCurrency, form]);

  return (
    <ModalShell
      title="Advance payment"
      description="Money a client paid before there is an invoice: it is their credit, and invoices issued later use it."
      submitLabel="Record advance payment"
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
                currency={currency}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
                error={errorOf('amountMinor')}
              />
            )}
          />
          <CurrencySelect
            value={currency}
            inUse={[practiceCurrency]}
            onValueChange={(next) => form.setValue('currency', next, { shouldDirty: true })}
            error={errorOf('currency')}
          />
        </FieldRow>
        <PaymentDetailsFields contract={contract} />
      </ModalFields>
    </ModalShell>
  );
}

/**
 * advance-payment (CATALOG.md: client, amount, date, method): money taken before there is an invoice, kept as the
 * client's credit, which invoices issued later use. Sent with one Idempotency-Key per modal open: "Advance payment
 * recorded.". With `id` the advance payment is shown, with Delete.
 */
export function AdvancePaymentModal({ id, defaults, onSaved }: Props) {
  if (id !== undefined) return <PaymentView kind="advance" id={Number(id)} onSaved={onSaved} />;
  return <AdvancePaymentForm defaults={defaults} onSaved={onSaved} />;
}
