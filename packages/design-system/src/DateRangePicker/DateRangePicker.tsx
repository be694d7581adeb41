import { forwardRef, useState, type ReactNode } from 'react';
import { DatePicker } from '../DatePicker/DatePicker';
import { Field } from '../Field/Field';
import type { FieldOptions } from '../Field/useField';
import styles from './DateRangePicker.module.css';

export interface DateRange {
  /** `YYYY-MM-DD` or `''`. */
  from: string;
  to: string;
}

export interface DateRangePickerProps extends Omit<FieldOptions, 'id'> {
  value?: DateRange;
  defaultValue?: DateRange;
  onValueChange?: (range: DateRange) => void;
  min?: string;
  max?: string;
  fromLabel?: string;
  toLabel?: string;
  /** Shown when `from` is after `to`. */
  orderMessage?: ReactNode;
  disabled?: boolean;
  /** Form names of the two inputs. */
  names?: { from?: string; to?: string };
  className?: string;
}

export const DEFAULT_ORDER_MESSAGE = 'Choose an end date on or after the start date.';

/** True when both dates are set and `from` comes after `to` (ISO dates compare as strings). */
export function isRangeReversed({ from, to }: DateRange): boolean {
  return Boolean(from && to && from > to);
}

/**
 * Two date inputs, From and To, in one labelled group. The To input cannot go before From (and the other way round);
 * a reversed range shows `orderMessage` on the To date. The ref is the group element.
 */
export const DateRangePicker = forwardRef<HTMLDivElement, DateRangePickerProps>(function DateRangePicker(
  {
    label,
    hint,
    error,
    required,
    hideLabel,
    value,
    defaultValue = { from: '', to: '' },
    onValueChange,
    min,
    max,
    fromLabel = 'From',
    toLabel = 'To',
    orderMessage = DEFAULT_ORDER_MESSAGE,
    disabled,
    names,
    className,
  },
  ref,
) {
  const [own, setOwn] = useState<DateRange>(defaultValue);
  const range = value ?? own;
  const update = (next: DateRange) => {
    setOwn(next);
    onValueChange?.(next);
  };
  const reversed = isRangeReversed(range);

  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      labelElement="span"
      className={className}
    >
      {(controlProps, ids) => (
        <div
          ref={ref}
          role="group"
          aria-labelledby={ids.label}
          aria-describedby={controlProps['aria-describedby']}
          className={styles.row}
        >
          <DatePicker
            label={fromLabel}
            value={range.from}
            min={min}
            max={range.to || max}
            required={required}
            disabled={disabled}
            name={names?.from}
            onValueChange={(from) => update({ ...range, from })}
            className={styles.date}
          />
          <DatePicker
            label={toLabel}
            value={range.to}
            min={range.from || min}
            max={max}
            required={required}
            disabled={disabled}
            name={names?.to}
            error={reversed ? orderMessage : undefined}
            liveError
            onValueChange={(to) => update({ ...range, to })}
            className={styles.date}
          />
        </div>
      )}
    </Field>
  );
});
