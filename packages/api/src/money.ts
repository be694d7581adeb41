/**
 * Money, one way everywhere (issue 15, `@halcyon/api/money`): the browser's forms and previews, the server's ledger, the
 * PDF and the exports all count, tax and write amounts with these functions and no others.
 *
 * - An amount is a whole number of the currency's minor units (pence, cents; yen have none) with its ISO 4217 currency
 *   beside it: `{ amountMinor: 1250, currency: 'GBP' }` is £12.50. Floating-point major units never appear.
 * - A tax rate is in basis points: 2000 is 20%, from 0 to 10000 (100%); a rate above 100% is refused.
 * - THE ROUNDING RULE: a line's tax is `net * taxRateBp / 10000` rounded half away from zero to a whole minor unit, per line
 *   (2.5p becomes 3p, -2.5p becomes -3p); an invoice's tax is the sum of its lines' taxes, never a rate applied to the total.
 *   A line's net is its quantity times its unit price (exact: both are whole numbers); its gross is net plus tax.
 * - `formatMoney` writes an amount with Intl in the currency's own decimals.
 */

/** The highest tax rate, in basis points (100%). */
export const TAX_RATE_BP_MAX = 10_000;
/** Basis points in 100%. */
export const BASIS_POINTS = 10_000;
/**
 * The largest amount of one line, payment or invoice, in minor units (10,000,000.00 in a two-decimal currency): well inside
 * the safe integers, so sums of many amounts stay exact.
 */
export const AMOUNT_MINOR_MAX = 1_000_000_000;

/** An amount and its currency, as every amount travels. */
export interface Money {
  readonly amountMinor: number;
  readonly currency: string;
}

/** A line's figures in minor units. */
export interface LineAmounts {
  readonly netMinor: number;
  readonly taxMinor: number;
  readonly grossMinor: number;
}

/** Is this a whole number of minor units that amounts may hold (any sign)? */
export function isMinorAmount(value: number): boolean {
  return Number.isSafeInteger(value) && Math.abs(value) <= AMOUNT_MINOR_MAX;
}

/** Is this a tax rate in basis points from 0 to 10000? */
export function isTaxRateBp(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= TAX_RATE_BP_MAX;
}

/** `numerator / denominator` rounded half away from zero, exactly (BigInt: no floating point on the way). */
function divideRoundingHalfAway(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const size = negative ? -numerator : numerator;
  const quotient = size / denominator;
  const rounded = (size % denominator) * 2n >= denominator ? quotient + 1n : quotient;
  return negative ? -rounded : rounded;
}

/** The tax of a line's net amount at a rate (THE ROUNDING RULE above): half away from zero, to a whole minor unit. */
export function lineTax(netMinor: number, taxRateBp: number): number {
  if (!Number.isSafeInteger(netMinor))
    throw new RangeError(`A net amount is a whole number of minor units: ${netMinor}`);
  if (!isTaxRateBp(taxRateBp)) throw new RangeError(`A tax rate is 0 to ${TAX_RATE_BP_MAX} basis points: ${taxRateBp}`);
  return Number(divideRoundingHalfAway(BigInt(netMinor) * BigInt(taxRateBp), BigInt(BASIS_POINTS)));
}

/** A line's net (quantity times unit price), tax (per line, THE ROUNDING RULE) and gross. */
export function lineAmounts(line: { quantity: number; unitMinor: number; taxRateBp: number }): LineAmounts {
  if (!Number.isSafeInteger(line.quantity)) throw new RangeError(`A quantity is a whole number: ${line.quantity}`);
  const netMinor = line.quantity * line.unitMinor;
  if (!Number.isSafeInteger(netMinor)) throw new RangeError(`A line's net amount is too large: ${netMinor}`);
  const taxMinor = lineTax(netMinor, line.taxRateBp);
  return { netMinor, taxMinor, grossMinor: netMinor + taxMinor };
}

/** An invoice's totals: the sums of its lines' net, tax and gross (the tax is the sum of the lines' taxes). */
export function invoiceTotals(lines: readonly LineAmounts[]): LineAmounts {
  return lines.reduce<LineAmounts>(
    (total, line) => ({
      netMinor: total.netMinor + line.netMinor,
      taxMinor: total.taxMinor + line.taxMinor,
      grossMinor: total.grossMinor + line.grossMinor,
    }),
    { netMinor: 0, taxMinor: 0, grossMinor: 0 },
  );
}

/** How many decimals the currency's minor unit has (GBP 2, JPY 0, KWD 3); 2 for a code Intl does not know. */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as a person reads it: 1250, 'GBP' -> "£12.50" (the currency's own decimals, Intl). */
export function formatMoney(minor: number, currency: string, locale = 'en-GB'): string {
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(minor / 10 ** decimals);
  } catch {
    return `${currency} ${minor}`;
  }
}

/** A tax rate in basis points as a person reads it: 2000 -> "20%", 1250 -> "12.5%". */
export function formatTaxRate(taxRateBp: number, locale = 'en-GB'): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(taxRateBp / BASIS_POINTS);
}

/** The sum of amounts in one currency; amounts in another currency are a programming error, so they throw. */
export function sumMoney(amounts: readonly Money[], currency: string): Money {
  let amountMinor = 0;
  for (const amount of amounts) {
    if (amount.currency !== currency) throw new RangeError(`Cannot add ${amount.currency} to ${currency}`);
    amountMinor += amount.amountMinor;
  }
  return { amountMinor, currency };
}
