import { forwardRef } from 'react';
import { NativePicker, type NativePickerProps } from './NativePicker';

export type DatePickerProps = NativePickerProps;

/**
 * A date input (`YYYY-MM-DD` values, `min` / `max` limits) with label, hint and error; the browser's picker and keyboard
 * entry. The ref is the `<input>`, so react-hook-form's `register` works.
 */
export const DatePicker = forwardRef<HTMLInputElement, DatePickerProps>(function DatePicker(props, ref) {
  return <NativePicker ref={ref} type="date" {...props} />;
});
