import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, SCHEDULING_MESSAGES } from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import { preparedOnce, type Db } from '../../../platform/db';
import { badRequest } from '../../../platform/errors';
import { practiceDetails } from '../../account/schema';
import { practices } from '../../practice/schema';
import { memberships, users } from '../../users/schema';

/** The lookups every booking makes (sessions and the diary): the practice's name and zone, whose calendar, their name. */

export const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(' ').trim() || null;

/** `fullName` in SQL, for JSON that PostgreSQL builds in the contract's shape (names are stored trimmed). */
export const fullNameSql = (first: SQLWrapper, last: SQLWrapper): SQL<string | null> =>
  sql`nullif(trim(concat_ws(' ', nullif(${first}, ''), nullif(${last}, ''))), '')`;

/** The practice's name and zone: prepared once (`preparedOnce`), as nearly every read of the diary asks for it. */
const practiceStatement = preparedOnce((db) =>
  db
    .select({ name: practices.name, timeZone: practiceDetails.timeZone })
    .from(practices)
    .leftJoin(practiceDetails, eq(practiceDetails.practiceId, practices.id))
    .where(eq(practices.id, sql.placeholder('practiceId')))
    .limit(1)
    .prepare('scheduling_practice_of'),
);

export async function practiceOf(db: Db, practiceId: number): Promise<{ name: string; timeZone: string }> {
  const [row] = await practiceStatement(db).execute({ practiceId });
  return { name: row?.name ?? 'Your practice', timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE };
}

/** The member the session or appointment is for: the given id (an active member of the practice) or the caller. */
export async function therapistFor(db: Db, auth: AuthContext, therapistId: number | null): Promise<number> {
  if (therapistId === null) return auth.userId;
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, therapistId),
        eq(memberships.practiceId, auth.practiceId),
        eq(memberships.status, 'active'),
      ),
    )
    .limit(1);
  if (!row) {
    throw badRequest(SCHEDULING_MESSAGES.therapistNotMember, { therapistId: SCHEDULING_MESSAGES.therapistNotMember });
  }
  return row.userId;
}

export async function memberName(db: Db, userId: number): Promise<string> {
  const [row] = await db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return fullName(row?.first, row?.last) ?? 'This therapist';
}
