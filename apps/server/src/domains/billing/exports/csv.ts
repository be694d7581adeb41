import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { currencyDecimals } from '@halcyon/api/money';

/**
 * The CSV files of billing (the accountant's exports, a claim for the insurer's portal), written by csv-stringify: RFC
 * 4180 quoting, CRLF line ends, a UTF-8 byte-order mark so spreadsheets read names with accents rightly.
 */

/** A cell's value: text, a whole number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** A number as a spreadsheet reads it (never a formula): "-12.50", "3", "0.5". */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
/** What a spreadsheet runs as a formula when a cell starts with it (and the control characters that hide one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV formula injection guard (OWASP): a text cell that starts with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe, so a supplier named "=HYPERLINK(...)" shows as text instead of running. A plain number stays as it is: a
 * negative amount is a number, never a formula.
 */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/**
 * An amount in minor units as the plain decimal number a spreadsheet sums, in the currency's own decimals (money's
 * `currencyDecimals`): 1250 GBP -> "12.50", -5 GBP -> "-0.05", 1250 JPY -> "1250". Exact: no floating point.
 */
export function csvAmount(minor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** A tax rate in basis points as a percentage number: 2000 -> "20", 1250 -> "12.5". */
export function csvRate(taxRateBp: number): string {
  const whole = Math.trunc(taxRateBp / 100);
  const rest = String(taxRateBp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}

const cast = {
  string: guardCell,
  number: (value: number) => String(value),
};

/** Rows (the header first) as a CSV stream: a large export never sits whole in memory. */
export function csvStream(rows: Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>): Readable {
  const stringifier = stringify({ bom: true, record_delimiter: 'windows', cast });
  return Readable.from(rows).pipe(stringifier);
}

/** Sends a CSV download: `name` is the file name the browser saves. */
export function sendCsv(
  reply: FastifyReply,
  name: string,
  rows: Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>,
): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .send(csvStream(rows));
}
