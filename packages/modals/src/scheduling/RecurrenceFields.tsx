import {
  DATE_RANGES,
  MAX_OCCURRENCES,
  RECURRENCE_FREQUENCIES,
  RECURRENCE_LABELS,
  dateLimits,
  type RecurrenceFrequency,
  type RecurrenceInput,
} from '@halcyon/api/contract';
import { DatePicker, FieldRow, NumberField, RadioGroup, Select } from '@halcyon/design-system';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { errorMessageAt, registerDate } from '../form/fields';

/** The recurrence part of a booking form: how often, and until a count or a date. */
export interface RecurrenceFormValues {
  frequency: RecurrenceFrequency;
  ends: 'count' | 'until';
  count: number;
  until: string;
}

const FREQUENCY_OPTIONS = RECURRENCE_FREQUENCIES.map((value) => ({ value, label: RECURRENCE_LABELS[value] }));
const ENDS_OPTIONS = [
  { value: 'count', label: 'After a number of times' },
  { value: 'until', label: 'On a date' },
];

/** Where the contract's recurrence messages land in the form (for `parseBody`). */
export const RECURRENCE_FIELDS = { 'recurrence.count': 'count', 'recurrence.until': 'until' } as const;

/** The form's recurrence as the contract's `recurrence` body field. */
export function recurrenceOf(values: RecurrenceFormValues): RecurrenceInput {
  const repeats = values.frequency !== 'none';
  return {
    frequency: values.frequency,
    count: repeats && values.ends === 'count' ? values.count : null,
    until: repeats && values.ends === 'until' ? values.until : null,
  };
}

/** The form values of a recurrence the caller suggests (e.g. weekly, 6 times); none: does not repeat. */
export function recurrenceDefaults(
  recurrence: { frequency: RecurrenceFrequency; count?: number; until?: string } | undefined,
): RecurrenceFormValues {
  return {
    frequency: recurrence?.frequency ?? 'none',
    ends: recurrence?.until ? 'until' : 'count',
    count: recurrence?.count ?? 6,
    until: recurrence?.until ?? '',
  };
}

/**
 * "Repeats", then (when it repeats) "Ends" after a number of times or on a date: the one recurrence field group of the
 * booking modals (schedule-appointment, block-time). The form must hold `RecurrenceFormValues`' fields.
 */
export function RecurrenceFields<T extends FieldValues & RecurrenceFormValues>({ form }: { form: UseFormReturn<T> }) {
  const name = (field: keyof RecurrenceFormValues) => field as Path<T>;
  const frequency = form.watch(name('frequency'));
  const ends = form.watch(name('ends'));
  const { errors } = form.formState;
  return (
    <FieldRow columnMin="sm">
      <Controller
        control={form.control}
        name={name('frequency')}
        render={({ field }) => (
          <Select
            label="Repeats"
            options={FREQUENCY_OPTIONS}
            value={field.value}
            onValueChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      {frequency !== 'none' && (
        <Controller
          control={form.control}
          name={name('ends')}
          render={({ field }) => (
            <RadioGroup
              label="Ends"
              options={ENDS_OPTIONS}
              value={field.value}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
      {frequency !== 'none' &&
        (ends === 'count' ? (
          <Controller
            control={form.control}
            name={name('count')}
            render={({ field }) => (
              <NumberField
                label="Number of times"
                hint="Including the first."
                min={1}
                max={MAX_OCCURRENCES}
                value={field.value}
                onValueChange={(value) => field.onChange(value ?? 0)}
                onBlur={field.onBlur}
                error={errorMessageAt(errors, 'count')}
              />
            )}
          />
        ) : (
          <DatePicker
            label="Until"
            {...dateLimits(DATE_RANGES.session)}
            required
            error={errorMessageAt(errors, 'until')}
            {...registerDate(form.register, name('until'))}
          />
        ))}
    </FieldRow>
  );
}
