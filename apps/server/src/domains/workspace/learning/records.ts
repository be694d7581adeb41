import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StoredFile } from '@halcyon/api/contract';
import { LEARNING_MESSAGES } from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Db } from '../../../platform/db';
import { badRequest } from '../../../platform/errors';
import { storedFiles } from '../../files/schema';

/** What the three record kinds of this area share: the member who owns the row, stored in quarter-hour minutes. */
interface MemberColumns {
  id: PgColumn;
  practiceId: PgColumn;
  userId: PgColumn;
}

/** The rows of the signed-in member (practice and user both from the token); `id` narrows to one. */
export function memberRows(table: MemberColumns, auth: AuthContext, id?: number): SQL {
  const mine = and(eq(table.practiceId, auth.practiceId), eq(table.userId, auth.userId))!;
  return id === undefined ? mine : and(mine, eq(table.id, id))!;
}

/** Hours (in quarter hours) as the whole minutes a row stores, and back. */
export const minutesOf = (hours: number) => Math.round(hours * 60);
export const hoursOf = (minutes: number) => minutes / 60;

export type FileRow = typeof storedFiles.$inferSelect;
export const toStoredFile = (row: FileRow | null): StoredFile | null =>
  row ? { id: row.id, name: row.name, size: row.size, type: row.type } : null;

/**
 * A file the member attaches (evidence, a certificate): one they uploaded to their practice, or the one the record
 * already has. Another member's or another practice's file is refused as missing (`field` names the form field).
 */
export async function attachableFile(
  db: Db,
  auth: AuthContext,
  fileId: string | null,
  field: string,
  current: string | null = null,
): Promise<string | null> {
  if (fileId === null || fileId === current) return fileId;
  const [file] = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.id, fileId),
        eq(storedFiles.practiceId, auth.practiceId),
        eq(storedFiles.uploadedBy, auth.userId),
      ),
    )
    .limit(1);
  if (!file) throw badRequest(LEARNING_MESSAGES.fileMissing, { [field]: LEARNING_MESSAGES.fileMissing });
  return fileId;
}

/** The first and last day of a year, for a `date` column's range. */
export function yearRange(year: number): { from: string; to: string } {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}
