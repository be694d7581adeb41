import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { memberships, practices, refreshTokens, sessionFamilies } from '../../schema';

/**
 * Sign-in sessions: each a family of rotating refresh tokens, its revocation, and the devices a member signed in from.
 */

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
