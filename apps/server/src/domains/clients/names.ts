import { sql } from 'drizzle-orm';
import { CLIENT_NAMES_MAX, type ClientNames } from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import { rowsOf, type Db } from '../../platform/db';

/** `%word%` for ILIKE, with the wildcard characters of the word itself escaped. */
const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const WORDS_MAX = 8;

/**
 * Clients by name for every role of the practice (SPEC.md §6: an Assistant books and bills for clients, so she may find
 * them by name): id and display name only, never contact, clinical or billing detail. Archived clients are left out.
 */
export async function lookupClientNames(
  db: Db,
  auth: AuthContext,
  query: { search: string; id?: number | undefined },
): Promise<ClientNames> {
  if (query.id !== undefined) {
    const rows = await rowsOf<{ id: number; first_name: string; last_name: string }>(
      db,
      sql`select c.id, c.first_name, c.last_name from clients c where c.practice_id = ${auth.practiceId} and c.id = ${query.id}`,
    );
    return { items: rows.map(nameOf) };
  }
  const words = query.search.split(/\s+/).filter(Boolean).slice(0, WORDS_MAX);
  if (words.length === 0) return { items: [] };
  const matches = words.map((word) => {
    const pattern = containsPattern(word);
    return sql`(c.first_name ilike ${pattern} or c.last_name ilike ${pattern} or c.preferred_name ilike ${pattern})`;
  });
  const rows = await rowsOf<{ id: number; first_name: string; last_name: string }>(
    db,
    sql`select c.id, c.first_name, c.last_name from clients c
        where c.practice_id = ${auth.practiceId} and c.status <> 'archived' and ${sql.join(matches, sql` and `)}
        order by lower(coalesce(nullif(c.last_name, ''), c.first_name)), lower(c.first_name), c.id
        limit ${CLIENT_NAMES_MAX}`,
  );
  return { items: rows.map(nameOf) };
}

const nameOf = (row: { id: number; first_name: string; last_name: string }) => ({
  id: row.id,
  name: [row.first_name, row.last_name].filter(Boolean).join(' '),
});
