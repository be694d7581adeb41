/**
 * CSV files the server writes (RFC 4180: fields quoted when they hold a comma, quote or line break; CRLF line ends; a
 * UTF-8 byte-order mark so spreadsheets read accented names rightly).
 */

/** A cell's value: text, a number, or nothing (an empty cell). */
export type CsvCell = string | number | null;

/** A number as a spreadsheet reads it (never a formula): "-12.50", "3", "0.5". */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
/** What a spreadsheet runs as a formula when a cell starts with it (and the control characters that hide one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV formula injection guard (OWASP): a text cell that starts with = + - @ (or a tab or carriage return) gets a leading
 * apostrophe, so a title such as "=HYPERLINK(...)" shows as text instead of running. A plain number stays as it is.
 */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

function field(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'number' ? String(cell) : guardCell(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows (the header first) as the text of a CSV file. */
export function toCsv(rows: Iterable<readonly CsvCell[]>): string {
  let out = '\ufeff';
  for (const row of rows) out += `${row.map(field).join(',')}\r\n`;
  return out;
}
