import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './index';
import { rowsOf } from './rows';

/** `%word%` for ILIKE, with the wildcard characters of the word itself escaped. */
export const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The most words of a list's search that filter it (the rest are ignored). */
export const SEARCH_WORDS_MAX = 6;

/** One condition per word of a list's search (at most `SEARCH_WORDS_MAX`): the word is in one of the columns. */
export function searchConditions(search: string | undefined, columns: readonly SQL[]): SQL[] {
  return (search ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SEARCH_WORDS_MAX)
    .map((word) => {
      const pattern = containsPattern(word);
      return sql`(${sql.join(
        columns.map((column) => sql`${column} ilike ${pattern}`),
        sql` or `,
      )})`;
    });
}

/**
 * How far past a page's first row a paged list counts its matches: a page never costs a count over the whole practice,
 * and past this the list says "more than" (`totalCapped`).
 */
export const COUNT_AHEAD = 1000;

/** The count of the rows `fromWhere` (`from t where ...`) matches, read no further than `offset + COUNT_AHEAD + 1`. */
export function cappedTotalSql(fromWhere: SQL, offset: number): SQL {
  return sql`(select count(*)::int from (select 1 ${fromWhere} limit ${offset + COUNT_AHEAD + 1}) m)`;
}

/** A page of a list whose count was read by `cappedTotalSql`: the items, the page asked for, and the (capped) total. */
export function cappedPage<T>(
  items: T[],
  matched: number,
  query: { page: number; pageSize: number },
  offset: number,
): { items: T[]; page: number; pageSize: number; total: number; totalCapped: boolean } {
  const cap = offset + COUNT_AHEAD;
  const totalCapped = matched > cap;
  return { items, page: query.page, pageSize: query.pageSize, total: totalCapped ? cap : matched, totalCapped };
}

/** Rows a keyset walk reads per statement: a big export is several statements, each a page of the index. */
const KEYSET_BATCH = 1000;

/**
 * Reads every row `page` selects in pages of KEYSET_BATCH, in the order of `(day, id)`: `page(after, limit)` is a
 * statement whose rows have `day` (a date) and `id` columns, filtered by `after` and ordered by `day, id`. Each page
 * starts after the last row of the one before, so every page costs what a page costs however far in it is.
 */
export async function* keysetByDay<R extends { day: string; id: number }>(
  db: Db,
  page: (after: SQL, limit: number) => SQL,
): AsyncGenerator<R> {
  let after: SQL = sql`true`;
  for (;;) {
    const rows = await rowsOf<R>(db, page(after, KEYSET_BATCH));
    yield* rows;
    if (rows.length < KEYSET_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = sql`(day, id) > (${last.day}::date, ${last.id})`;
  }
}
