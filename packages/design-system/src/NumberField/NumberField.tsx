import { forwardRef, type ChangeEvent, type ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../TextField/TextField';

export interface NumberFieldProps extends Omit<
  TextFieldProps,
  'type' | 'value' | 'defaultValue' | 'min' | 'max' | 'step' | 'endAdornment'
> {
  /** The number, or '' for an empty box; NaN (what a form holds for an emptied number box) shows an empty box too. */
  value?: number | '';
  defaultValue?: number | '';
  min?: number;
  max?: number;
  /** 1 by default; a fractional step (0.5, 0.01) allows decimals and shows a decimal keypad. */
  step?: number;
  /** Called with the number, or null when the box is empty or not a number. */
  onValueChange?: (value: number | null) => void;
  /** A unit shown after the number, e.g. "min" or "%". */
  unit?: ReactNode;
}

/**
 * A number input with `min` / `max` / `step` and a matching on-screen keypad (`inputMode`). The ref is the `<input>`:
 * with react-hook-form use `register('minutes', { valueAsNumber: true })`.
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { step = 1, min, max, unit, value, onValueChange, onChange, inputMode, ...rest },
  ref,
) {
  const wholeNumbers = Number.isInteger(step) && (min === undefined || min >= 0);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    const parsed = event.target.valueAsNumber;
    onValueChange?.(Number.isFinite(parsed) ? parsed : null);
  };
  return (
    <TextField
      ref={ref}
      type="number"
      step={step}
      min={min}
      max={max}
      inputMode={inputMode ?? (wholeNumbers ? 'numeric' : 'decimal')}
      endAdornment={unit}
      onChange={handleChange}
      value={Number.isNaN(value) ? '' : value}
      {...rest}
    />
  );
});
