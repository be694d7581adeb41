import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  emailTokens,
  invitations,
  memberships,
  notificationPreferences,
  practiceDetails,
  practiceSubscriptions,
  practices,
  storedFiles,
  users,
} from '../../schema';

export type PreferencesRow = typeof notificationPreferences.$inferSelect;
export type PreferencesValues = Omit<
  typeof notificationPreferences.$inferInsert,
  'userId' | 'practiceId' | 'updatedAt'
>;

export async function findPreferences(db: Db, userId: number): Promise<PreferencesRow | null> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function savePreferences(
  db: Db,
  userId: number,
  practiceId: number,
  values: PreferencesValues,
): Promise<PreferencesRow> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, practiceId, ...values })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...values, practiceId, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

/** The signed-in user's account facts for the security summary. */
export async function findUserSecurity(db: Db, userId: number) {
  const rows = await db
    .select({
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

/** The newest change of e-mail still waiting for its link to be opened. */
export async function pendingEmailChange(db: Db, userId: number): Promise<string | null> {
  const rows = await db
    .select({ newEmail: emailTokens.newEmail })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'email_change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return rows[0]?.newEmail ?? null;
}

export async function updateUser(db: Db, userId: number, changes: Partial<typeof users.$inferInsert>): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** A stored file of this practice (null for another practice's or an unknown id). */
export async function findStoredFile(db: Db, practiceId: number, id: string) {
  const rows = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, id), eq(storedFiles.practiceId, practiceId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteStoredFile(db: Db, practiceId: number, id: string): Promise<void> {
  await db.delete(storedFiles).where(and(eq(storedFiles.id, id), eq(storedFiles.practiceId, practiceId)));
}

/** The practice with its details (details are null until first saved). */
export async function findPractice(db: Db, practiceId: number) {
  const rows = await db
    .select({ practice: practices, details: practiceDetails })
    .from(practices)
    .leftJoin(practiceDetails, eq(practiceDetails.practiceId, practices.id))
    .where(eq(practices.id, practiceId))
    .limit(1);
  return rows[0] ?? null;
}

export type PracticeChanges = Partial<
  Pick<typeof practices.$inferInsert, 'name' | 'idleTimeoutMinutes' | 'requireTwoFactor' | 'logoUrl'>
>;
export type DetailsChanges = Partial<Omit<typeof practiceDetails.$inferInsert, 'practiceId' | 'updatedAt'>>;

/** Saves practice and details changes in one transaction (a partial save never happens). */
export async function updatePractice(
  db: Db,
  practiceId: number,
  practice: PracticeChanges,
  details: DetailsChanges,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (Object.keys(practice).length > 0) {
      await tx.update(practices).set(practice).where(eq(practices.id, practiceId));
    }
    if (Object.keys(details).length > 0) {
      await tx
        .insert(practiceDetails)
        .values({ practiceId, ...details })
        .onConflictDoUpdate({ target: practiceDetails.practiceId, set: { ...details, updatedAt: sql`now()` } });
    }
  });
}

export async function findSubscription(db: Db, practiceId: number) {
  const rows = await db
    .select()
    .from(practiceSubscriptions)
    .where(eq(practiceSubscriptions.practiceId, practiceId))
    .limit(1);
  return rows[0] ?? null;
}

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result: unknown = await db.execute(query);
  const rows = (result as { rows?: Array<{ n?: number | string | null }> }).rows ?? [];
  return Number(rows[0]?.n ?? 0);
}

export async function countActiveMembers(db: Db, practiceId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.practiceId, practiceId), eq(memberships.status, 'active')));
  return rows[0]?.n ?? 0;
}

export async function countPendingInvitations(db: Db, practiceId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(
      and(
        eq(invitations.practiceId, practiceId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
  return rows[0]?.n ?? 0;
}

export async function storageUsedBytes(db: Db, practiceId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<string | null>`coalesce(sum(${storedFiles.size}), 0)::bigint` })
    .from(storedFiles)
    .where(eq(storedFiles.practiceId, practiceId));
  return Number(rows[0]?.n ?? 0);
}

/**
 * The practice's clients. The clients table arrives with the clients issue; until it exists the count is 0 (a real
 * answer: there is nowhere a client could be).
 */
export async function countClients(db: Db, practiceId: number): Promise<number> {
  const exists = await count(db, sql`select (to_regclass('public.clients') is not null)::int as n`);
  if (!exists) return 0;
  return count(db, sql`select count(*)::int as n from clients where practice_id = ${practiceId}`);
}
