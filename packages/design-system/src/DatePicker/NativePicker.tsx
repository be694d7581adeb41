import { forwardRef, type ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from '../TextField/TextField';

export interface NativePickerProps extends Omit<
  TextFieldProps,
  'type' | 'value' | 'defaultValue' | 'min' | 'max' | 'startAdornment' | 'endAdornment'
> {
  /** ISO value: `YYYY-MM-DD` for dates, `HH:mm` for times; `''` when empty. */
  value?: string;
  defaultValue?: string;
  /** Earliest allowed value, ISO. */
  min?: string;
  /** Latest allowed value, ISO. */
  max?: string;
  /** Called with the ISO value ('' when cleared). */
  onValueChange?: (value: string) => void;
}

/** A TextField around a native `date` or `time` input: the browser's own accessible picker and keyboard entry. */
export const NativePicker = forwardRef<HTMLInputElement, NativePickerProps & { type: 'date' | 'time' }>(
  function NativePicker({ onValueChange, onChange, ...rest }, ref) {
    const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
      onChange?.(event);
      onValueChange?.(event.target.value);
    };
    return <TextField ref={ref} onChange={handleChange} {...rest} />;
  },
);
