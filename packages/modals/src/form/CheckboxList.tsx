import { Checkbox } from '@halcyon/design-system';
import type { ReactNode } from 'react';
import { FieldGroup } from './FieldGroup';

export interface CheckboxListOption<T extends string | number> {
  value: T;
  label: string;
}

export interface CheckboxListProps<T extends string | number> {
  legend: string;
  hint?: ReactNode;
  options: readonly CheckboxListOption<T>[];
  /** The values ticked, in the order they were ticked. */
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string;
}

/**
 * A few things to tick from a short list (the services of some hours, the intake forms to send), as one fieldset with
 * its legend, a hint and the message of what to fix under it.
 */
export function CheckboxList<T extends string | number>({
  legend,
  hint,
  options,
  value,
  onChange,
  error,
}: CheckboxListProps<T>) {
  return (
    <FieldGroup legend={legend} hint={hint} error={error}>
      {options.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          checked={value.includes(option.value)}
          onCheckedChange={(checked) =>
            onChange(checked === true ? [...value, option.value] : value.filter((v) => v !== option.value))
          }
        />
      ))}
    </FieldGroup>
  );
}
