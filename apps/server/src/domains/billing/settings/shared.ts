import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { conflict, notFound } from '../../../platform/errors';

/** A settings table's columns every area reads the same way. */
interface Owned {
  id: PgColumn;
  practiceId: PgColumn;
}
interface Versioned {
  version: PgColumn;
}

/** The row `id` of the practice (another practice's id is not found). */
export const ownedRow = (table: Owned, practiceId: number, id: number): SQL =>
  and(eq(table.id, id), eq(table.practiceId, practiceId))!;

/** The row `id` of the practice, as opened at `version`. */
export const ownedAt = (table: Owned & Versioned, practiceId: number, id: number, version: number): SQL =>
  and(ownedRow(table, practiceId, id), eq(table.version, version))!;

/** What an edit sets besides its fields: the next version, the time. */
export const nextVersion = (table: Versioned) => ({
  version: sql<number>`${table.version} + 1`,
  updatedAt: new Date(),
});

/** A record's version and times as the contract answers them. */
export const stampsOf = (row: { version: number; createdAt: Date; updatedAt: Date }) => ({
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * An edit matched no row: the record is not the practice's (404 with `missing`), or it was changed since it was opened
 * (409 with `changed`). `current` reads it again (null or undefined: there is none).
 */
export async function missedEdit(current: () => Promise<unknown>, missing: string, changed: string): Promise<never> {
  if ((await current()) == null) throw notFound(missing);
  throw conflict(changed);
}
