import { forwardRef, useState } from 'react';
import * as RadixSwitch from '@radix-ui/react-switch';
import { Field } from '../Field/Field';
import type { FieldOptions } from '../Field/useField';
import styles from './Switch.module.css';

export interface SwitchProps extends Omit<FieldOptions, 'hideLabel'> {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  name?: string;
  value?: string;
  disabled?: boolean;
  /** Visible state text beside the track (the state itself is announced by the switch role). */
  onText?: string;
  offText?: string;
  /** For react-hook-form's `Controller`. */
  onBlur?: () => void;
  className?: string;
}

/**
 * A setting that takes effect at once (on/off), on Radix Switch, with visible "On"/"Off" text so the state never depends
 * on colour alone. Use a Checkbox for choices that are submitted with a form. The ref is the switch button.
 */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  {
    label,
    hint,
    error,
    required,
    id,
    checked,
    defaultChecked = false,
    onCheckedChange,
    name,
    value,
    disabled,
    onText = 'On',
    offText = 'Off',
    onBlur,
    className,
  },
  ref,
) {
  const [own, setOwn] = useState(defaultChecked);
  const isOn = checked ?? own;
  const handleChange = (next: boolean) => {
    setOwn(next);
    onCheckedChange?.(next);
  };
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} layout="inline" className={className}>
      {(controlProps) => (
        <span className={styles.wrapper}>
          <RadixSwitch.Root
            ref={ref}
            className={styles.track}
            checked={isOn}
            onCheckedChange={handleChange}
            name={name}
            value={value}
            disabled={disabled}
            required={required}
            onBlur={onBlur}
            {...controlProps}
          >
            <RadixSwitch.Thumb className={styles.thumb} />
          </RadixSwitch.Root>
          <span className={styles.stateText} data-state={isOn ? 'checked' : 'unchecked'} aria-hidden="true">
            {isOn ? onText : offText}
          </span>
        </span>
      )}
    </Field>
  );
});
