import { DEFAULT_CURRENCY } from '@halcyon/api/contract';
import type { SelectOption } from '@halcyon/design-system';
import { supportedValuesOf } from '../../../features/forms/places';

/** The currencies a practice in the field most often uses, listed first. */
const COMMON_CURRENCIES = ['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD'] as const;

function currencyName(code: string): string {
  try {
    return new Intl.DisplayNames(['en-GB'], { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** ISO 4217 currencies: the common ones first, then every other the browser knows, as "GBP – British Pound". */
export function currencyOptions(current: string): SelectOption[] {
  const all = new Set(supportedValuesOf?.('currency') ?? [DEFAULT_CURRENCY]);
  if (current) all.add(current);
  const rest = [...all].filter((code) => !(COMMON_CURRENCIES as readonly string[]).includes(code)).sort();
  return [...COMMON_CURRENCIES, ...rest].map((code) => ({ value: code, label: `${code} – ${currencyName(code)}` }));
}
