import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { memberships, users } from '../../schema';

const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: memberships.role,
  status: memberships.status,
  title: users.title,
  professionalBody: users.professionalBody,
  registrationNumber: users.registrationNumber,
  phone: users.phone,
  photoUrl: users.photoUrl,
};

/** A member of this practice by user id; null for anyone outside it (the caller answers 404). */
export async function findMember(db: Db, practiceId: number, userId: number) {
  const rows = await db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.practiceId, practiceId), eq(memberships.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function listMembers(db: Db, practiceId: number) {
  return db
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.practiceId, practiceId))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function countOtherActiveAdmins(db: Db, practiceId: number, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.practiceId, practiceId),
        eq(memberships.role, 'Admin'),
        eq(memberships.status, 'active'),
        ne(memberships.userId, userId),
      ),
    );
  return rows[0]?.n ?? 0;
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;
