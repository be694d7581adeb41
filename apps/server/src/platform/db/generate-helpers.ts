import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './index';

/**
 * What every domain's generator (`src/domains/<domain>/generate.ts`) shares: a seeded random source with its pick and
 * int helpers, day arithmetic, and bulk inserts. Generators build their rows in memory and insert them with `insertRows`, so a
 * large practice takes seconds per table, not minutes.
 */

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const WEEK = 7 * DAY;

/**
 * The day generated records lead up to when no other day is given: sessions before it are past, after it scheduled.
 * Fixed, so the same seed always makes the same rows whenever it runs.
 */
export const GENERATED_BASE_DAY = Date.UTC(2026, 0, 1);

/** A small, fast, repeatable PRNG (mulberry32): the same seed always makes the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The helpers a generator draws with, all from one seeded sequence. */
export interface Rng {
  random: () => number;
  /** One element of a non-empty list. */
  pick: <T>(list: readonly T[]) => T;
  /** A whole number from min to max, both included. */
  int: (min: number, max: number) => number;
  /** True with probability p. */
  chance: (p: number) => boolean;
  /** Up to `count` distinct elements of the list, in list order. */
  some: <T>(list: readonly T[], count: number) => T[];
  /** A version-4 shaped UUID drawn from the sequence (repeatable, unlike crypto.randomUUID). */
  uuid: () => string;
  /** A new, independent sequence seeded from this one: a domain's draws never shift another domain's rows. */
  fork: () => Rng;
}

export function rngFrom(random: () => number): Rng {
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const hex = (digits: number) => Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('');
  return {
    random,
    pick: <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!,
    int,
    chance: (p) => random() < p,
    some: <T>(list: readonly T[], count: number): T[] => {
      const chosen = new Set<number>();
      const wanted = Math.min(count, list.length);
      while (chosen.size < wanted) chosen.add(Math.floor(random() * list.length));
      return [...chosen].sort((a, b) => a - b).map((i) => list[i]!);
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + Math.floor(random() * 4)).toString(16)}${hex(3)}-${hex(12)}`,
    fork: () => rngFrom(seededRandom(Math.floor(random() * 4294967296))),
  };
}

/** [value, weight] pairs; the answer picks one by weight. */
export function weighted<T>(pairs: readonly (readonly [T, number])[]): (random: () => number) => T {
  const total = pairs.reduce((sum, [, w]) => sum + w, 0);
  return (random) => {
    let roll = random() * total;
    for (const [value, w] of pairs) {
      roll -= w;
      if (roll < 0) return value;
    }
    return pairs[pairs.length - 1]![0];
  };
}

/** The UTC midnight of the day `ms` falls on. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY) * DAY;
}

/** "2026-01-01": the UTC date of an instant, as `date` columns take it. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Rows per INSERT: a few thousand rows travel as one JSON parameter, so the parameter limit never applies. */
const CHUNK_ROWS = 2_000;

/** One INSERT of many rows: the rows travel as a single JSON parameter that the database expands into the table's row type. */
function insertStatement(table: PgTable, rows: readonly object[], returningId: boolean): SQL {
  const columns = getTableColumns(table);
  const used = Object.keys(columns).filter((key) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = used.map((key) => columns[key]!.name);
  const json = JSON.stringify(
    rows.map((row) => {
      const values = row as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      used.forEach((key, i) => {
        out[names[i]!] = values[key] ?? null;
      });
      return out;
    }),
  );
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const target = sql.identifier(getTableName(table));
  return sql`insert into ${target} (${list}) select ${list} from json_populate_recordset(null::${target}, ${json}::json)${
    returningId ? sql` returning id` : sql``
  }`;
}

/**
 * Inserts generated rows in chunks, in order, much faster than the query builder's VALUES lists for tens of thousands of
 * rows. A column missing from every row of a chunk takes its default; rows of one chunk give the same columns (a value
 * left out of one row where others have it is stored as null).
 */
export async function insertRows<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    await db.execute(insertStatement(table, rows.slice(i, i + CHUNK_ROWS), false));
  }
}

/** Inserts generated rows like `insertRows` and answers their new ids in the rows' order. */
export async function insertRowsReturningIds<T extends PgTable>(
  db: Db,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const result: unknown = await db.execute(insertStatement(table, rows.slice(i, i + CHUNK_ROWS), true));
    for (const row of (result as { rows: { id: number }[] }).rows) ids.push(Number(row.id));
  }
  return ids;
}
