import { BASIS_POINTS, TAX_RATE_BP_MAX } from '@halcyon/api/money';
import { NumberField, Select, type SelectOption } from '@halcyon/design-system';
import type { ReactNode } from 'react';

/** The currencies a practice most often bills in, listed first in every currency choice. */
const COMMON_CURRENCIES = ['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD'] as const;

/** A short currency choice: the common ones, plus any the record or the practice already uses. */
export function currencyChoices(...inUse: (string | null | undefined)[]): SelectOption[] {
  const codes = [...new Set([...inUse.filter((code): code is string => Boolean(code)), ...COMMON_CURRENCIES])];
  return codes.map((code) => ({ value: code, label: code }));
}

export interface CurrencySelectProps {
  label?: string;
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
  /** Currencies already in use (the practice's, the record's), offered besides the common ones. */
  inUse?: (string | null | undefined)[];
}

/** The currency of an amount or an account, from a short list (ISO 4217 codes). */
export function CurrencySelect({ label = 'Currency', inUse = [], value, ...props }: CurrencySelectProps) {
  return <Select label={label} required options={currencyChoices(value, ...inUse)} value={value} {...props} />;
}

export interface TaxRateFieldProps {
  label?: string;
  name: string;
  /** The rate in basis points (2000 = 20%). */
  value: number;
  onValueChange: (basisPoints: number) => void;
  onBlur?: () => void;
  error?: string;
  hint?: ReactNode;
}

/** A tax rate typed as a percentage (to two decimals) and kept in basis points. */
export function TaxRateField({ label = 'Tax rate', value, onValueChange, ...props }: TaxRateFieldProps) {
  return (
    <NumberField
      label={label}
      min={0}
      max={TAX_RATE_BP_MAX / 100}
      step={0.01}
      unit="%"
      value={value / (BASIS_POINTS / 100)}
      onValueChange={(percent) => onValueChange(Math.round((percent ?? 0) * (BASIS_POINTS / 100)))}
      {...props}
    />
  );
}
