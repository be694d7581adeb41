import { forwardRef } from 'react';
import { Check, Minus } from 'lucide-react';
import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { Field } from '../Field/Field';
import type { FieldOptions } from '../Field/useField';
import styles from './Checkbox.module.css';

export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps extends Omit<FieldOptions, 'hideLabel'> {
  checked?: CheckedState;
  defaultChecked?: CheckedState;
  onCheckedChange?: (checked: CheckedState) => void;
  /** With `name`, a hidden input carries the value in a submitted `<form>`. */
  name?: string;
  value?: string;
  disabled?: boolean;
  /** For react-hook-form's `Controller`. */
  onBlur?: () => void;
  className?: string;
}

/** A yes/no choice, on Radix Checkbox; the label sits beside the box and toggles it. The ref is the checkbox button. */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  {
    label,
    hint,
    error,
    required,
    id,
    checked,
    defaultChecked,
    onCheckedChange,
    name,
    value,
    disabled,
    onBlur,
    className,
  },
  ref,
) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} layout="inline" className={className}>
      {(controlProps) => (
        <RadixCheckbox.Root
          ref={ref}
          className={styles.box}
          checked={checked}
          defaultChecked={defaultChecked}
          onCheckedChange={onCheckedChange}
          name={name}
          value={value}
          disabled={disabled}
          required={required}
          onBlur={onBlur}
          {...controlProps}
        >
          <RadixCheckbox.Indicator className={styles.indicator}>
            <Check className={styles.check} aria-hidden="true" />
            <Minus className={styles.dash} aria-hidden="true" />
          </RadixCheckbox.Indicator>
        </RadixCheckbox.Root>
      )}
    </Field>
  );
});
