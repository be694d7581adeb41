import {
  forwardRef,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type ReactNode,
} from 'react';
import { mergeRefs } from '../Field/mergeRefs';
import { TextField, type TextFieldProps } from '../TextField/TextField';
import { VisuallyHidden } from '../VisuallyHidden';
import { currencyInfo, formatMinorUnits, parseMoney } from './money';
import styles from './MoneyField.module.css';

export interface MoneyFieldProps extends Omit<
  TextFieldProps,
  'type' | 'value' | 'defaultValue' | 'inputMode' | 'startAdornment' | 'endAdornment' | 'liveError'
> {
  /** The amount in minor units (1250 = £12.50); null when empty. Controlled. */
  value?: number | null;
  defaultValue?: number | null;
  /** Called as the text changes: minor units, or null when empty or not an amount. */
  onValueChange?: (minor: number | null) => void;
  /** ISO 4217 code, e.g. "GBP". */
  currency: string;
  /** Formatting locale; the browser's by default. */
  locale?: string;
  /** Shown on blur when the text is not an amount; says what to type. */
  invalidMessage?: ReactNode;
}

/**
 * An amount of money: shows the currency symbol, accepts "12.50" (or "12,50") and reports minor units (1250).
 * The ref is the `<input>`; with react-hook-form prefer `Controller`, or `register` with
 * `setValueAs: (text) => parseMoney(text, 'GBP')`.
 */
export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(function MoneyField(
  {
    value,
    defaultValue,
    onValueChange,
    currency,
    locale,
    invalidMessage,
    error,
    onChange,
    onBlur,
    describedBy,
    ...rest
  },
  ref,
) {
  const info = useMemo(() => currencyInfo(currency, locale), [currency, locale]);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const mergedRef = useMemo(() => mergeRefs(ref, inputRef), [ref]);
  const currencyId = useId();
  const [invalid, setInvalid] = useState(false);
  const initial = value ?? defaultValue;
  const [initialText] = useState(() =>
    initial === null || initial === undefined ? '' : formatMinorUnits(initial, currency, locale),
  );

  // Controlled: show a new value unless the text already means it (so typing "12.5" is not rewritten to "12.50").
  useEffect(() => {
    const input = inputRef.current;
    if (!input || value === undefined) return;
    if (parseMoney(input.value, currency, locale) === value) return;
    input.value = value === null ? '' : formatMinorUnits(value, currency, locale);
  }, [value, currency, locale]);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    const parsed = parseMoney(event.target.value, currency, locale);
    if (parsed !== undefined) setInvalid(false);
    onValueChange?.(parsed ?? null);
  };
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    const parsed = parseMoney(event.target.value, currency, locale);
    setInvalid(parsed === undefined);
    if (typeof parsed === 'number') event.target.value = formatMinorUnits(parsed, currency, locale);
    onBlur?.(event);
  };

  const example = formatMinorUnits(1250 * 10 ** Math.max(0, info.fractionDigits - 2), currency, locale);
  const symbol = (
    <span className={styles.symbol}>
      <span aria-hidden="true">{info.symbol}</span>
      <VisuallyHidden id={currencyId}>{`in ${info.name}`}</VisuallyHidden>
    </span>
  );
  return (
    <TextField
      ref={mergedRef}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      defaultValue={initialText}
      onChange={handleChange}
      onBlur={handleBlur}
      error={error ?? (invalid ? (invalidMessage ?? `Enter an amount like ${example}.`) : undefined)}
      liveError
      describedBy={[currencyId, describedBy].filter(Boolean).join(' ')}
      startAdornment={info.symbolPosition === 'start' ? symbol : undefined}
      endAdornment={info.symbolPosition === 'end' ? symbol : undefined}
      inputClassName={styles.input}
      {...rest}
    />
  );
});
