import { eq, sql } from 'drizzle-orm';
import {
  DIARY_MESSAGES,
  schedulingPreferencesSchema,
  type SchedulingPreferences,
  type updateSchedulingPreferencesBodySchema,
} from '@halcyon/api/contract';
import type { z } from 'zod';
import type { Db } from '../../../platform/db';
import { conflict } from '../../../platform/errors';
import { schedulingPreferences } from './schema';

type PreferencesRow = typeof schedulingPreferences.$inferSelect;

/** The row as the contract answers it: the fields of `schedulingPreferenceFields` and the version (the rest dropped). */
const toPreferences = (row: PreferencesRow): SchedulingPreferences => schedulingPreferencesSchema.parse(row);

/**
 * The practice's scheduling preferences. A practice that never changed them has no row yet: it is made here with the
 * table's defaults, so the defaults live in one place (the table).
 */
export async function schedulingPreferencesOf(db: Db, practiceId: number): Promise<SchedulingPreferences> {
  const read = () =>
    db.select().from(schedulingPreferences).where(eq(schedulingPreferences.practiceId, practiceId)).limit(1);
  const [row] = await read();
  if (row) return toPreferences(row);
  const [made] = await db.insert(schedulingPreferences).values({ practiceId }).onConflictDoNothing().returning();
  return toPreferences(made ?? (await read())[0]!);
}

/** May a therapist's events overlap when the person booking says "book anyway"? */
export async function doubleBookingAllowed(db: Db, practiceId: number): Promise<boolean> {
  const [row] = await db
    .select({ allowed: schedulingPreferences.allowDoubleBooking })
    .from(schedulingPreferences)
    .where(eq(schedulingPreferences.practiceId, practiceId))
    .limit(1);
  return row?.allowed ?? false;
}

/** Saves the changed preferences while `version` is still the stored one; otherwise 409 and nothing is saved. */
export async function updateSchedulingPreferences(
  db: Db,
  practiceId: number,
  body: z.output<typeof updateSchedulingPreferencesBodySchema>,
): Promise<SchedulingPreferences> {
  const { version, ...changes } = body;
  await schedulingPreferencesOf(db, practiceId);
  const [row] = await db
    .update(schedulingPreferences)
    .set({ ...changes, version: sql`${schedulingPreferences.version} + 1`, updatedAt: new Date() })
    .where(sql`${schedulingPreferences.practiceId} = ${practiceId} and ${schedulingPreferences.version} = ${version}`)
    .returning();
  if (!row) throw conflict(DIARY_MESSAGES.preferencesChanged);
  return toPreferences(row);
}
