import { forwardRef } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import * as RadixSelect from '@radix-ui/react-select';
import { Field } from '../Field/Field';
import { cx } from '../Field/cx';
import type { FieldOptions } from '../Field/useField';
import control from '../Field/control.module.css';
import styles from './Select.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldOptions {
  options: readonly SelectOption[];
  /** Shown while nothing is chosen, e.g. "Choose a service". */
  placeholder?: string;
  /** Controlled value; `''` shows the placeholder. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** With `name`, a hidden native select carries the value in a submitted `<form>`. */
  name?: string;
  disabled?: boolean;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** For react-hook-form's `Controller`: `onBlur={field.onBlur}`. */
  onBlur?: () => void;
  className?: string;
}

/**
 * A single choice from a short list (up to ~15 options; use Combobox to search longer ones), on Radix Select.
 * The ref is the trigger button. With react-hook-form use `Controller` (`value` / `onValueChange` / `onBlur`).
 */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  {
    label,
    hint,
    error,
    required,
    hideLabel,
    id,
    options,
    placeholder = 'Choose…',
    value,
    defaultValue,
    onValueChange,
    name,
    disabled,
    open,
    defaultOpen,
    onOpenChange,
    onBlur,
    className,
  },
  ref,
) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      id={id}
      className={className}
    >
      {(controlProps) => (
        <RadixSelect.Root
          value={value}
          defaultValue={defaultValue}
          onValueChange={onValueChange}
          name={name}
          disabled={disabled}
          required={required}
          open={open}
          defaultOpen={defaultOpen}
          onOpenChange={onOpenChange}
        >
          <RadixSelect.Trigger
            ref={ref}
            className={cx(control.control, styles.trigger)}
            data-invalid={controlProps['aria-invalid']}
            data-disabled={disabled || undefined}
            onBlur={onBlur}
            {...controlProps}
          >
            <span className={styles.value}>
              <RadixSelect.Value placeholder={placeholder} />
            </span>
            <RadixSelect.Icon className={control.adornment}>
              <ChevronDown aria-hidden="true" />
            </RadixSelect.Icon>
          </RadixSelect.Trigger>
          <RadixSelect.Portal>
            <RadixSelect.Content className={styles.content} position="popper" sideOffset={4}>
              <RadixSelect.Viewport className={styles.viewport}>
                {options.map((option) => (
                  <RadixSelect.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className={styles.item}
                  >
                    <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                    <RadixSelect.ItemIndicator className={styles.indicator}>
                      <Check aria-hidden="true" />
                    </RadixSelect.ItemIndicator>
                  </RadixSelect.Item>
                ))}
              </RadixSelect.Viewport>
            </RadixSelect.Content>
          </RadixSelect.Portal>
        </RadixSelect.Root>
      )}
    </Field>
  );
});
