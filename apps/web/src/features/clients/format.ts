/**
 * Formatting of client data the way the practice sees it (CATALOG.md: money in minor units). Dates and times, in the
 * practice time zone, come from `@halcyon/api/time`.
 */

// Intl formatters are slow to build; a list page formats hundreds of values, so each one is built once and kept.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "£1,250.00" from minor units and an ISO currency; "-£20.00" for credit. */
export function formatMoney(minor: number | null | undefined, currency: string | null | undefined): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '';
  const code = currency && /^[A-Z]{3}$/.test(currency) ? currency : 'GBP';
  let format = moneyFormats.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: code });
    } catch {
      return `${(minor / 100).toFixed(2)} ${code}`;
    }
    moneyFormats.set(code, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** A person's name from its parts ("Jane Doe"); a group client's name is its first name alone. */
export function fullName(parts: { firstName?: string | null; lastName?: string | null }): string {
  return [parts.firstName, parts.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
