import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  emailTokens,
  memberships,
  practices,
  recoveryCodes,
  refreshTokens,
  sessionFamilies,
  totpSecrets,
  users,
} from '../../schema';

export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/** The account behind an e-mail address, with its membership and practice (one practice per user). */
export async function findAccountByEmail(db: Db, email: string) {
  const rows = await db
    .select({ user: users, membership: memberships, practice: practices })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(practices, eq(practices.id, memberships.practiceId))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findAccountById(db: Db, userId: number) {
  const rows = await db
    .select({ user: users, membership: memberships, practice: practices })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(practices, eq(practices.id, memberships.practiceId))
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertEmailToken(
  db: Db,
  values: {
    purpose: EmailTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    userId?: number;
    invitationId?: number;
    newEmail?: string;
  },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

/**
 * Uses a link's token once: marks it used if it is unused, unexpired and of this purpose, in one statement (two clicks at
 * the same moment cannot both succeed). Returns the token row or null.
 */
export async function consumeEmailToken(db: Db, purpose: EmailTokenPurpose, tokenHash: string) {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

export async function peekEmailToken(db: Db, purpose: EmailTokenPurpose, tokenHash: string) {
  const rows = await db
    .select()
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Earlier unused links of the same purpose stop working when a new one is sent. */
export async function expireEmailTokens(db: Db, userId: number, purpose: EmailTokenPurpose): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function createSessionFamily(
  db: Db,
  values: { userId: number; practiceId: number; userAgent: string | null; ip: string | null; expiresAt: Date },
  refreshTokenHash: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [family] = await tx.insert(sessionFamilies).values(values).returning({ id: sessionFamilies.id });
    await tx.insert(refreshTokens).values({ familyId: family!.id, tokenHash: refreshTokenHash });
    return family!.id;
  });
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      token: refreshTokens,
      family: sessionFamilies,
      expired: sql<boolean>`${sessionFamilies.expiresAt} <= now()`,
      idle: sql<boolean>`${sessionFamilies.lastSeenAt} <= now() - make_interval(mins => ${practices.idleTimeoutMinutes})`,
      memberStatus: memberships.status,
    })
    .from(refreshTokens)
    .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
    .innerJoin(practices, eq(practices.id, sessionFamilies.practiceId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, sessionFamilies.userId), eq(memberships.practiceId, sessionFamilies.practiceId)),
    )
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks a refresh token used and stores its successor, only if nobody used it first. False: it was already used. */
export async function rotateRefreshToken(
  db: Db,
  tokenId: number,
  familyId: string,
  nextHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await tx
      .update(refreshTokens)
      .set({ rotatedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt)))
      .returning({ id: refreshTokens.id });
    if (used.length === 0) return false;
    await tx.insert(refreshTokens).values({ familyId, tokenHash: nextHash });
    await tx
      .update(sessionFamilies)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessionFamilies.id, familyId));
    return true;
  });
}

export async function revokeFamily(db: Db, familyId: string, reason: string): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
}

/** Signs a user out everywhere, or everywhere but one session. */
export async function revokeUserFamilies(
  db: Db,
  userId: number,
  reason: string,
  exceptFamilyId?: string,
): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessionFamilies.userId, userId),
        isNull(sessionFamilies.revokedAt),
        exceptFamilyId ? ne(sessionFamilies.id, exceptFamilyId) : undefined,
      ),
    );
}

export async function activeSessions(db: Db, userId: number) {
  return db
    .select()
    .from(sessionFamilies)
    .where(
      and(
        eq(sessionFamilies.userId, userId),
        isNull(sessionFamilies.revokedAt),
        gt(sessionFamilies.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(sessionFamilies.lastSeenAt));
}

export async function hasSeenDevice(db: Db, userId: number, userAgent: string | null, ip: string | null) {
  const rows = await db
    .select({ id: sessionFamilies.id })
    .from(sessionFamilies)
    .where(
      and(
        eq(sessionFamilies.userId, userId),
        userAgent === null ? isNull(sessionFamilies.userAgent) : eq(sessionFamilies.userAgent, userAgent),
        ip === null ? isNull(sessionFamilies.ip) : eq(sessionFamilies.ip, ip),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function getTotp(db: Db, userId: number) {
  const rows = await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/** Records the step of a used code, only if it is later than the last one (a code works once). */
export async function useTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(
      and(eq(totpSecrets.userId, userId), sql`(${totpSecrets.lastStep} is null or ${totpSecrets.lastStep} < ${step})`),
    )
    .returning({ userId: totpSecrets.userId });
  return rows.length > 0;
}

export async function useRecoveryCode(db: Db, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ used: true, usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), eq(recoveryCodes.used, false)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  });
}

export async function countRecoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.used, false)));
  return rows[0]?.n ?? 0;
}
