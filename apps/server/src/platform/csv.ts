import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import { currencyDecimals } from '@halcyon/api/money';

/**
 * The one CSV writer of the server (the accountant's exports, an insurance claim, a CPD log), by csv-stringify: RFC 4180
 * quoting (a field holding a comma, a quote or a line break is quoted), CRLF line ends, a UTF-8 byte-order mark so
 * spreadsheets read names with accents rightly, and every text cell guarded against formula injection.
 */

/** A cell's value: text, a number, or nothing (an empty cell). */
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

const OPTIONS: Options = {
  bom: true,
  record_delimiter: 'windows',
  // csv-stringify quotes a field holding the CRLF record delimiter; a lone line break (a description's) is quoted too.
  quoted_match: /[\r\n]/,
  cast: { string: guardCell, number: (value: number) => String(value) },
};

type Rows = Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>;

/** Rows (the header first) as the text of a CSV file (a small file: a CPD log, a claim). */
export function toCsv(rows: Iterable<readonly CsvCell[]>): string {
  return stringifySync([...rows], OPTIONS);
}

/** Rows (the header first) as a CSV stream: a large export never sits whole in memory. */
export function csvStream(rows: Rows): Readable {
  return Readable.from(rows).pipe(stringify(OPTIONS));
}

/** Sends a CSV download: `name` is the file name the browser saves. */
export function sendCsv(reply: FastifyReply, name: string, rows: Rows): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .send(csvStream(rows));
}
