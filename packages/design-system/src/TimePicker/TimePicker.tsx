import { forwardRef } from 'react';
import { NativePicker, type NativePickerProps } from '../DatePicker/NativePicker';

export interface TimePickerProps extends NativePickerProps {
  /** Granularity in seconds, e.g. 300 for 5-minute steps; 60 (whole minutes) by default. */
  step?: number;
}

/**
 * A time input (`HH:mm` values, `min` / `max` limits) with label, hint and error. The ref is the `<input>`, so
 * react-hook-form's `register` works.
 */
export const TimePicker = forwardRef<HTMLInputElement, TimePickerProps>(function TimePicker(
  { step = 60, ...props },
  ref,
) {
  return <NativePicker ref={ref} type="time" step={step} {...props} />;
});
