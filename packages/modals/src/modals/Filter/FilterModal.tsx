import { dateLimits, dateOrderMessage, periodProblems } from '@halcyon/api/contract';
import { Button, Checkbox, DateRangePicker, Select, Sensitive, TextField } from '@halcyon/design-system';
import { useId, useMemo } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { ClientField } from '../../form/ClientField';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { FilterModalProps } from '../../types';
import {
  countActiveFilters,
  emptyFilterValues,
  initialFilterValues,
  isFilterChoice,
  type DateRangeValue,
  type FilterField,
  type FilterValue,
} from './filters';
import styles from './FilterModal.module.css';

type Values = Record<string, FilterValue>;

const NO_RANGE: DateRangeValue = { from: '', to: '' };
/** What a reversed range says, on its To date (the server's list queries say the same). */
const ORDER_MESSAGE = dateOrderMessage('the last day', 'the first day');

/** The first problem of a date range filter (a day out of its limits, or the two days reversed), or true. */
function checkRange(value: FilterValue | undefined, field: FilterField): string | true {
  if (field.type !== 'date-range') return true;
  const problems = periodProblems(isDateRange(value) ? value : NO_RANGE, field.limits ?? {});
  return problems.from ?? problems.to ?? true;
}
const isDateRange = (value: FilterValue | undefined): value is DateRangeValue =>
  typeof value === 'object' && !Array.isArray(value) && 'from' in value && 'to' in value;

/** "No filters active", "1 filter active", "3 filters active". */
export function activeFiltersLabel(count: number): string {
  if (count === 0) return 'No filters active';
  return `${count} ${count === 1 ? 'filter' : 'filters'} active`;
}

/**
 * filter: the filter fields of the list that opened it (select, multi-select, checkbox, date range, text, client)
 * starting from the applied values. Apply hands the chosen values to `onApply` and closes; Reset clears every field
 * (apply to use). A date range out of its limits or reversed says what to fix and is not applied.
 */
export function FilterModal({
  title = 'Filter',
  description = 'Show only the items that match.',
  fields,
  values,
  onApply,
}: FilterModalProps) {
  const defaultValues = useMemo(() => initialFilterValues(fields, values), [fields, values]);
  const { form, shellProps } = useModalForm<Values, Values, Values>(null, {
    defaultValues,
    submit: (chosen) => Promise.resolve(chosen),
    onSuccess: (chosen) => onApply(chosen),
  });
  const watched = useWatch({ control: form.control }) as Values;
  const active = countActiveFilters(watched, fields);

  return (
    <ModalShell
      title={title}
      description={description}
      submitLabel={active > 0 ? `Apply (${active})` : 'Apply'}
      {...shellProps}
      extraActions={
        <Button
          variant="ghost"
          onClick={() => form.reset(emptyFilterValues(fields), { keepDefaultValues: true })}
          disabled={shellProps.busy || active === 0}
        >
          Reset
        </Button>
      }
    >
      <ModalFields>
        <p className={styles.count} aria-live="polite">
          {activeFiltersLabel(active)}
        </p>
        {fields.map((field) => (
          <FilterInput key={field.name} field={field} control={form.control} />
        ))}
      </ModalFields>
    </ModalShell>
  );
}

function FilterInput({ field, control }: { field: FilterField; control: Control<Values> }) {
  return (
    <Controller
      name={field.name}
      control={control}
      rules={{ validate: (value) => checkRange(value, field) }}
      render={({ field: input, fieldState }) => {
        switch (field.type) {
          case 'select':
            return (
              <Select
                label={field.label}
                hint={field.hint}
                options={field.options}
                placeholder={field.placeholder ?? 'Any'}
                value={(input.value as string | undefined) ?? ''}
                onValueChange={input.onChange}
                onBlur={input.onBlur}
              />
            );
          case 'multi-select':
            return (
              <MultiSelect
                field={field}
                value={(input.value as readonly string[] | undefined) ?? []}
                onChange={input.onChange}
              />
            );
          case 'checkbox':
            return (
              <Checkbox
                label={field.label}
                hint={field.hint}
                checked={input.value === true}
                onCheckedChange={(checked) => input.onChange(checked === true)}
                onBlur={input.onBlur}
              />
            );
          case 'date-range': {
            const range = isDateRange(input.value) ? input.value : NO_RANGE;
            const message = fieldState.error?.message;
            return (
              <DateRangePicker
                label={field.label}
                hint={field.hint}
                value={range}
                onValueChange={input.onChange}
                {...(field.limits && dateLimits(field.limits))}
                orderMessage={ORDER_MESSAGE}
                // A reversed range says so on its To date already.
                error={message === ORDER_MESSAGE ? undefined : message}
              />
            );
          }
          case 'text':
            return (
              <TextField
                label={field.label}
                hint={field.hint}
                placeholder={field.placeholder}
                value={(input.value as string | undefined) ?? ''}
                onChange={(event) => input.onChange(event.target.value)}
                onBlur={input.onBlur}
                name={input.name}
                ref={input.ref}
              />
            );
          case 'client':
            return (
              <Sensitive as="div" focusable={false}>
                <ClientField
                  required={false}
                  label={field.label}
                  hint={field.hint}
                  placeholder={field.placeholder}
                  value={isFilterChoice(input.value) ? input.value : null}
                  onValueChange={(option) => input.onChange(option ? { value: option.value, label: option.label } : '')}
                />
              </Sensitive>
            );
        }
      }}
    />
  );
}

/** Several choices of one filter: a group of checkboxes under the filter's label. */
function MultiSelect({
  field,
  value,
  onChange,
}: {
  field: Extract<FilterField, { type: 'multi-select' }>;
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  const hintId = useId();
  return (
    <fieldset className={styles.group} aria-describedby={field.hint ? hintId : undefined}>
      <legend className={styles.legend}>{field.label}</legend>
      {field.hint && (
        <p id={hintId} className={styles.hint}>
          {field.hint}
        </p>
      )}
      {field.options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={value.includes(option.value)}
          onCheckedChange={(checked) =>
            onChange(checked === true ? [...value, option.value] : value.filter((chosen) => chosen !== option.value))
          }
        />
      ))}
    </fieldset>
  );
}
