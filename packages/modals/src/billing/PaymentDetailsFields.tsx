import {
  BILLING_LIMITS,
  DATE_RANGES,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  dateLimits,
  type PaymentMethod,
} from '@halcyon/api/contract';
import { DatePicker, FieldRow, Select, TextField } from '@halcyon/design-system';
import { Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import type { UseContractFormReturn } from '../form/useContractForm';

/** The fields every payment write shares: the day it was paid, how, and a reference. */
export interface PaymentDetailsValues extends FieldValues {
  date: string;
  method: PaymentMethod;
  reference?: string | undefined;
}

/** How a person records a payment by hand: every method but `online` (the payment provider records those). */
export const MANUAL_METHOD_OPTIONS = PAYMENT_METHODS.filter((method) => method !== 'online').map((value) => ({
  value,
  label: PAYMENT_METHOD_LABELS[value],
}));

/**
 * The day (DATE_RANGES.happened: up to today, as the server checks), the method and the reference of a payment, an
 * advance payment or an invoice marked as paid: one group of fields on the form of any of them.
 */
export function PaymentDetailsFields<Input extends PaymentDetailsValues, Output>({
  contract,
  dateLabel = 'Date paid',
}: {
  contract: UseContractFormReturn<Input, Output>;
  dateLabel?: string;
}) {
  const { form, field, errorOf } = contract;
  // The group's own field names, on a form whose values hold them (PaymentDetailsValues).
  const path = (name: keyof PaymentDetailsValues & string) => name as FieldPath<Input>;
  return (
    <>
      <FieldRow>
        <Controller
          name={path('date')}
          control={form.control}
          render={({ field: date }) => (
            <DatePicker
              label={dateLabel}
              required
              {...dateLimits(DATE_RANGES.happened)}
              value={String(date.value ?? '')}
              onValueChange={date.onChange}
              onBlur={date.onBlur}
              error={errorOf(path('date'))}
            />
          )}
        />
        <Controller
          name={path('method')}
          control={form.control}
          render={({ field: method }) => (
            <Select
              label="Method"
              required
              options={MANUAL_METHOD_OPTIONS}
              value={String(method.value ?? '')}
              onValueChange={method.onChange}
              onBlur={method.onBlur}
              error={errorOf(path('method'))}
            />
          )}
        />
      </FieldRow>
      <TextField
        label="Reference"
        hint="Optional: the bank reference, cheque number or receipt."
        autoComplete="off"
        maxLength={BILLING_LIMITS.reference}
        {...field(path('reference'))}
      />
    </>
  );
}
