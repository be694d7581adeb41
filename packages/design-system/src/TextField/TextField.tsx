import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { Field } from '../Field/Field';
import { cx } from '../Field/cx';
import { splitFieldProps, type FieldOptions } from '../Field/useField';
import control from '../Field/control.module.css';

export interface TextFieldProps
  extends FieldOptions, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'size' | 'prefix' | 'required'> {
  /** Shown inside the box before the text (an icon, a currency symbol). */
  startAdornment?: ReactNode;
  /** Shown inside the box after the text (a unit, a toggle button). */
  endAdornment?: ReactNode;
  /** Extra ids for aria-describedby. */
  describedBy?: string;
  /** Announce the error politely when it appears. */
  liveError?: boolean;
  /** Class for the `<input>` itself; `className` goes on the field. */
  inputClassName?: string;
}

/**
 * A single-line text input with label, hint and error. The ref is the `<input>`, so react-hook-form's `register`
 * works: `<TextField label="First name" {...register('firstName')} error={errors.firstName?.message} />`.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(props, ref) {
  const [
    field,
    {
      startAdornment,
      endAdornment,
      describedBy,
      liveError,
      className,
      inputClassName,
      type = 'text',
      'aria-describedby': ownDescribedBy,
      ...input
    },
  ] = splitFieldProps(props);
  // A consumer's own aria-describedby is kept alongside the hint and error.
  const extraDescribedBy = [describedBy, ownDescribedBy].filter(Boolean).join(' ') || undefined;
  return (
    <Field {...field} describedBy={extraDescribedBy} liveError={liveError} className={className}>
      {(controlProps) => (
        <div
          className={control.control}
          data-invalid={controlProps['aria-invalid']}
          data-disabled={input.disabled || undefined}
        >
          {startAdornment && <span className={control.adornment}>{startAdornment}</span>}
          <input ref={ref} type={type} className={cx(control.input, inputClassName)} {...controlProps} {...input} />
          {endAdornment && <span className={control.adornment}>{endAdornment}</span>}
        </div>
      )}
    </Field>
  );
});
