import { forwardRef, useId } from 'react';
import * as RadixRadioGroup from '@radix-ui/react-radio-group';
import { Field } from '../Field/Field';
import type { FieldOptions } from '../Field/useField';
import styles from './RadioGroup.module.css';

export interface RadioOption {
  value: string;
  label: string;
  /** A short explanation under the option's label. */
  description?: string;
  disabled?: boolean;
}

export interface RadioGroupProps extends FieldOptions {
  options: readonly RadioOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  name?: string;
  disabled?: boolean;
  orientation?: 'vertical' | 'horizontal';
  /** For react-hook-form's `Controller`. */
  onBlur?: () => void;
  className?: string;
}

/**
 * One choice from a few (2-6) options that should all be visible, on Radix RadioGroup: arrow keys move and select,
 * Tab leaves the group. The ref is the group element.
 */
export const RadioGroup = forwardRef<HTMLDivElement, RadioGroupProps>(function RadioGroup(
  {
    label,
    hint,
    error,
    required,
    hideLabel,
    id,
    options,
    value,
    defaultValue,
    onValueChange,
    name,
    disabled,
    orientation = 'vertical',
    onBlur,
    className,
  },
  ref,
) {
  const optionIdBase = useId();
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      id={id}
      labelElement="span"
      className={className}
    >
      {(controlProps, ids) => (
        <RadixRadioGroup.Root
          ref={ref}
          className={styles.group}
          data-orientation={orientation}
          orientation={orientation}
          value={value}
          defaultValue={defaultValue}
          onValueChange={onValueChange}
          name={name}
          disabled={disabled}
          required={required}
          onBlur={onBlur}
          aria-labelledby={ids.label}
          {...controlProps}
        >
          {options.map((option, index) => {
            const optionId = `${optionIdBase}-${index}`;
            return (
              <div key={option.value} className={styles.option}>
                <RadixRadioGroup.Item
                  id={optionId}
                  value={option.value}
                  disabled={option.disabled}
                  className={styles.radio}
                  aria-describedby={option.description ? `${optionId}-description` : undefined}
                >
                  <RadixRadioGroup.Indicator className={styles.dot} />
                </RadixRadioGroup.Item>
                <div className={styles.text}>
                  <label htmlFor={optionId} className={styles.label}>
                    {option.label}
                  </label>
                  {option.description && (
                    <p id={`${optionId}-description`} className={styles.description}>
                      {option.description}
                    </p>
                  )}
                </div>
              </div>
            );
          })}
        </RadixRadioGroup.Root>
      )}
    </Field>
  );
});
