import { Button, Checkbox, DateRangePicker, Select, TextField } from '@halcyon/design-system';
import { useId, useMemo } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useModalForm } from '../../form/useModalForm';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import type { FilterModalProps } from '../../types';
import {
  countActiveFilters,
  emptyFilterValues,
  initialFilterValues,
  type DateRangeValue,
  type FilterField,
  type FilterValue,
} from './filters';
import styles from './FilterModal.module.css';

type Values = Record<string, FilterValue>;

/** "No filters active", "1 filter active", "3 filters active". */
export function activeFiltersLabel(count: number): string {
  if (count === 0) return 'No filters active';
  return `${count} ${count === 1 ? 'filter' : 'filters'} active`;
}

/**
 * filter: the filter fields of the list that opened it (select, multi-select, checkbox, date range, text) starting from
 * the applied values. Apply hands the chosen values to `onApply` and closes; Reset clears every field (apply to use).
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
      render={({ field: input }) => {
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
          case 'date-range':
            return (
              <DateRangePicker
                label={field.label}
                hint={field.hint}
                value={(input.value as DateRangeValue | undefined) ?? { from: '', to: '' }}
                onValueChange={input.onChange}
              />
            );
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
