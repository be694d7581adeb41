import { MoneyField, parseMoney, type MoneyFieldProps } from '@halcyon/design-system';
import { useRef } from 'react';

export interface AmountFieldProps extends Omit<MoneyFieldProps, 'value' | 'defaultValue' | 'onValueChange'> {
  /** Minor units; NaN while the box holds no amount (the contract's rule then says "Enter …"). */
  value: number;
  /** Minor units (negative when a minus sign was typed), or NaN when the box holds no amount. */
  onValueChange: (minor: number) => void;
}

/**
 * An amount of money in a billing form (a price, a payment, an expense): the design system's MoneyField, except that a
 * typed minus sign gives a negative amount instead of no amount, so the contract's rule names the mistake ("… cannot be
 * negative.", "Enter … above zero.") rather than asking for an amount that is there.
 */
export function AmountField({ value, onValueChange, onChange, currency, locale, ...rest }: AmountFieldProps) {
  const negative = useRef(false);
  return (
    <MoneyField
      currency={currency}
      locale={locale}
      // Only a real, positive amount is written back into the box: the text of a negative or unreadable amount stays
      // as typed so the person sees what they wrote beside the message.
      value={Number.isSafeInteger(value) && value >= 0 ? value : undefined}
      onChange={(event) => {
        onChange?.(event);
        const text = event.target.value.trim();
        negative.current = text.startsWith('-');
        if (negative.current) {
          const size = parseMoney(text.slice(1), currency, locale);
          onValueChange(typeof size === 'number' ? -size : Number.NaN);
        }
      }}
      onValueChange={(minor) => {
        if (!negative.current) onValueChange(minor ?? Number.NaN);
      }}
      {...rest}
    />
  );
}
