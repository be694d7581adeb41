import { and, eq, sql } from 'drizzle-orm';
import { preparedOnce, type Db } from '../../platform/db';
import type { SessionCheck, SessionClaims } from '../../platform/auth/guard';
import { practices } from '../practice/schema';
import { memberships } from '../users/schema';
import { sessionFamilies, totpSecrets } from './schema';

/** Seconds between writes of a session's last activity (the idle clock); fewer writes, same idle rule within a minute. */
const TOUCH_INTERVAL_SECONDS = 30;

/**
 * The session check's read, prepared once (`preparedOnce`): it runs on every signed-in request the remembered checks
 * do not answer, so building it each time cost more than running it.
 */
const sessionStatement = preparedOnce((db) =>
  db
    .select({
      role: memberships.role,
      status: memberships.status,
      revokedAt: sessionFamilies.revokedAt,
      expiresAt: sessionFamilies.expiresAt,
      expired: sql<boolean>`${sessionFamilies.expiresAt} <= now()`,
      idle: sql<boolean>`${sessionFamilies.lastSeenAt} <= now() - make_interval(mins => ${practices.idleTimeoutMinutes})`,
      stale: sql<boolean>`${sessionFamilies.lastSeenAt} <= now() - make_interval(secs => ${TOUCH_INTERVAL_SECONDS})`,
      requireTwoFactor: practices.requireTwoFactor,
      twoFactorOn: sql<boolean>`${totpSecrets.confirmedAt} is not null`,
    })
    .from(sessionFamilies)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, sessionFamilies.userId), eq(memberships.practiceId, sessionFamilies.practiceId)),
    )
    .innerJoin(practices, eq(practices.id, sessionFamilies.practiceId))
    .leftJoin(totpSecrets, eq(totpSecrets.userId, sessionFamilies.userId))
    .where(
      and(
        eq(sessionFamilies.id, sql.placeholder('sessionId')),
        eq(sessionFamilies.userId, sql.placeholder('userId')),
        eq(sessionFamilies.practiceId, sql.placeholder('practiceId')),
      ),
    )
    .limit(1)
    .prepare('session_check'),
);

/**
 * Checks a session on every signed-in request: not revoked, within its absolute lifetime and the practice's idle timeout,
 * membership active. An idle session is revoked here, so the server enforces the idle sign-out (QUALITY.md security 3).
 */
export async function loadSession(db: Db, claims: SessionClaims): Promise<SessionCheck | null> {
  const rows = await sessionStatement(db).execute({
    sessionId: claims.sessionId,
    userId: claims.userId,
    practiceId: claims.practiceId,
  });
  const row = rows[0];
  if (!row || row.revokedAt || row.expired || row.status !== 'active') return null;
  if (row.idle) {
    await db
      .update(sessionFamilies)
      .set({ revokedAt: sql`now()`, revokedReason: 'idle' })
      .where(eq(sessionFamilies.id, claims.sessionId));
    return null;
  }
  if (row.stale) {
    await db
      .update(sessionFamilies)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessionFamilies.id, claims.sessionId));
  }
  return { role: row.role, twoFactorBlocked: row.requireTwoFactor && !row.twoFactorOn, expiresAt: row.expiresAt };
}
