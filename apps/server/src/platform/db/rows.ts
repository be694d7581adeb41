import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from './index';

/** Rows of a raw query, whichever driver (PGlite or node-postgres) ran it. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** PostgreSQL's text form of a UTC timestamptz: `2026-11-23 12:57:47.786679+00`. */
const PG_UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp from either driver (a Date, or text for raw queries on some drivers) as an ISO string. UTC text, what a
 * server in UTC sends, is rewritten without building a Date (a list page has hundreds of them); any other form is parsed.
 */
export function iso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  const utc = PG_UTC_TIMESTAMP.exec(text);
  if (utc) return `${utc[1]}T${utc[2]}.${(utc[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(text).toISOString();
}
export const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));

/**
 * `iso` in SQL, for JSON that PostgreSQL builds in the contract's shape: a timestamptz as `Date.toISOString()` writes it
 * (UTC, milliseconds cut as a Date cuts them, `Z`), whatever the connection's time zone; null stays null.
 */
export const isoSql = (value: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A JSON object with a key for every key of `T` (a contract type), each the value of its SQL, built by PostgreSQL:
 * `row_to_json` of a one-row subquery whose columns are named by the keys. It costs PostgreSQL about half what
 * `json_build_object` does with as many keys (PostgreSQL 15 looks up the type of each of its arguments on every call),
 * and the compiler checks that no key of the contract is left out.
 */
export function jsonObjectSql<T extends object>(fields: { [K in keyof T]-?: SQLWrapper }): SQL<T> {
  const columns = Object.entries<SQLWrapper>(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`);
  return sql<T>`(select row_to_json(json_object) from (select ${sql.join(columns, sql`, `)}) json_object)`;
}

/**
 * Does the error (or one of the errors it wraps: Drizzle wraps the driver's) carry this SQLSTATE? `23505` a unique
 * violation, `23P01` an exclusion violation. Both drivers put the code on `code`.
 */
export function hasSqlState(error: unknown, state: string): boolean {
  let current: unknown = error;
  for (let i = 0; i < 3 && current; i += 1) {
    if ((current as { code?: unknown }).code === state) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
