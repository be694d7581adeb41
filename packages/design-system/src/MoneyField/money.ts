/** Money helpers: amounts are integers in minor units (pence, cents) with an ISO 4217 currency code. */

export interface CurrencyInfo {
  /** The symbol as the locale writes it, e.g. "£", "€", "CHF". */
  symbol: string;
  /** Where the locale puts the symbol relative to the number. */
  symbolPosition: 'start' | 'end';
  /** Digits after the decimal separator: 2 for GBP, 0 for JPY. */
  fractionDigits: number;
  /** The locale's decimal separator. */
  decimal: string;
  /** The currency's name, e.g. "British pounds". */
  name: string;
}

/** Facts about a currency in a locale (undefined locale = the browser's). */
export function currencyInfo(currency: string, locale?: string): CurrencyInfo {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const parts = format.formatToParts(1.5);
  const symbolIndex = parts.findIndex((p) => p.type === 'currency');
  const numberIndex = parts.findIndex((p) => p.type === 'integer');
  let name = currency;
  try {
    name = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'currency' }).of(currency) ?? currency;
  } catch {
    // DisplayNames is missing in very old engines; the code is still understandable.
  }
  return {
    symbol: parts[symbolIndex]?.value ?? currency,
    symbolPosition: symbolIndex > numberIndex ? 'end' : 'start',
    fractionDigits: format.resolvedOptions().maximumFractionDigits ?? 2,
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    name,
  };
}

/**
 * Parses what someone typed into minor units: "12.50" -> 1250, "1,234.5" -> 123450, "12" -> 1200 (GBP).
 * Accepts "." or the locale's decimal separator; ignores spaces, grouping and the currency symbol.
 * Returns null for empty text, and undefined when the text is not an amount (letters, too many decimals, negative).
 */
export function parseMoney(text: string, currency: string, locale?: string): number | null | undefined {
  const { fractionDigits, decimal, symbol } = currencyInfo(currency, locale);
  let cleaned = text.replaceAll(symbol, '').replace(/[\s\u00a0\u202f']/g, '');
  if (cleaned === '') return null;
  if (decimal !== '.') {
    // "1.234,50" in de-DE: dots group, the comma is the decimal.
    cleaned = cleaned.includes(decimal) ? cleaned.replaceAll('.', '').replace(decimal, '.') : cleaned;
  }
  const lastDot = cleaned.lastIndexOf('.');
  const lastComma = cleaned.lastIndexOf(',');
  if (lastComma > lastDot && decimal === '.') {
    // "12,50" typed where "." is the decimal: treat a final comma with 1-2 digits after it as the decimal.
    const tail = cleaned.slice(lastComma + 1);
    cleaned = tail.length > 0 && tail.length <= fractionDigits ? `${cleaned.slice(0, lastComma)}.${tail}` : cleaned;
  }
  cleaned = cleaned.replace(/,/g, '');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return undefined;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return undefined;
  if (fraction.length > fractionDigits) return undefined;
  const minor = Number(whole || '0') * 10 ** fractionDigits + Number(fraction.padEnd(fractionDigits, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** Minor units as editable text without symbol or grouping: 1250 -> "12.50" (in the locale's decimal). */
export function formatMinorUnits(minor: number, currency: string, locale?: string): string {
  const { fractionDigits, decimal } = currencyInfo(currency, locale);
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(fractionDigits + 1, '0');
  const whole = fractionDigits ? digits.slice(0, -fractionDigits) : digits;
  const fraction = fractionDigits ? `${decimal}${digits.slice(-fractionDigits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Minor units for display: 1250, 'GBP' -> "£12.50". */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const { fractionDigits } = currencyInfo(currency, locale);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** fractionDigits);
}
