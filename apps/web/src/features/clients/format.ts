/** Formatting of client data the way the practice sees it (CATALOG.md: practice time zone, money in minor units). */

// Intl formatters are slow to build; a list page formats hundreds of values, so each one is built once and kept.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const moneyFormats = new Map<string, Intl.NumberFormat>();

function dateFormat(options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${timeZone ?? ''}`;
  let format = dateFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
    } catch {
      // An unknown time zone: the browser's own.
      format = new Intl.DateTimeFormat('en-GB', options);
    }
    dateFormats.set(key, format);
  }
  return format;
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

/** "3 Mar 2026, 14:00" in the practice's time zone; an empty string for nothing. */
export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(DATE_TIME, timeZone).format(date);
}

/** "14:00" in the practice's time zone; an empty string for nothing. */
export function formatTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(TIME, timeZone).format(date);
}

/** "3 Mar 2026"; a plain date (yyyy-mm-dd) is shown as that calendar day, whatever the time zone. */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const date = new Date(`${value}T12:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : dateFormat(DATE, 'UTC').format(date);
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateFormat(DATE, timeZone).format(date);
}

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
export function fullName(parts: { first_name?: string | null; last_name?: string | null }): string {
  return [parts.first_name, parts.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}
