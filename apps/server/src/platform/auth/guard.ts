import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows, type Role } from '@halcyon/api/contract';
import type { Db } from '../db';
import { memberships, practices, sessionFamilies, totpSecrets } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import type { Tokens } from './tokens';

export interface AuthContext {
  userId: number;
  practiceId: number;
  role: Role;
  sessionId: string;
}

/** Seconds between writes of a session's last activity (the idle clock); fewer writes, same idle rule within a minute. */
const TOUCH_INTERVAL_SECONDS = 30;

/** Routes a member may still use while their practice requires 2-step verification they have not set up yet. */
const ALLOWED_WITHOUT_REQUIRED_TWO_FACTOR = new Set([
  'userDetails',
  'csrfToken',
  'twoFactorStatus',
  'twoFactorEnrol',
  'twoFactorConfirm',
  'getPractice',
  'listSessions',
  'revokeSession',
  'signOutEverywhere',
  'changePassword',
  // Settings > Profile-security is where they set it up: it must open.
  'getProfileSettings',
  'getSecurityDetails',
  'getNotificationPreferences',
]);

export const UNDECLARED_ROUTE_DETAIL = 'This address is not open: it has no access rule in the contract.';

export const TWO_FACTOR_REQUIRED_DETAIL =
  'Your practice requires 2-step verification. Please set it up in Profile & security before continuing.';

/**
 * Checks a session on every signed-in request: not revoked, within its absolute lifetime and the practice's idle timeout,
 * membership active. An idle session is revoked here, so the server enforces the idle sign-out (QUALITY.md security 3).
 */
export async function loadSession(db: Db, claims: { userId: number; practiceId: number; sessionId: string }) {
  const rows = await db
    .select({
      role: memberships.role,
      status: memberships.status,
      revokedAt: sessionFamilies.revokedAt,
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
        eq(sessionFamilies.id, claims.sessionId),
        eq(sessionFamilies.userId, claims.userId),
        eq(sessionFamilies.practiceId, claims.practiceId),
      ),
    )
    .limit(1);
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
  return { role: row.role, twoFactorBlocked: row.requireTwoFactor && !row.twoFactorOn };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/**
 * The auth guard: enforces each contract route's `access` before the body is read. No or bad token: 401 with SPEC.md §8's
 * message. A role the route does not allow: 403. The practice comes only from the token (request.auth.practiceId).
 */
export function installAuthGuard(app: FastifyInstance, db: Db, tokens: Tokens): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) {
      // Fail closed: an /api route registered without the contract (so without an access rule) is refused, not open.
      const url = request.routeOptions.url ?? '';
      if (url.startsWith('/api/') && !url.startsWith('/api/docs')) throw forbidden(UNDECLARED_ROUTE_DETAIL);
      return;
    }
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const claims = await tokens.verifyAccess(token);
    if (!claims) throw unauthorized();
    const session = await loadSession(db, claims);
    if (!session) throw unauthorized();
    request.auth = { ...claims, role: session.role };
    if (!allows(access, session.role)) {
      throw forbidden(`This is not available to the ${session.role} role. Ask your practice's Admin if you need it.`);
    }
    const routeName = request.routeOptions.config.routeName ?? '';
    if (session.twoFactorBlocked && !ALLOWED_WITHOUT_REQUIRED_TWO_FACTOR.has(routeName)) {
      throw forbidden(TWO_FACTOR_REQUIRED_DETAIL);
    }
  });
}

/** The signed-in member of a route whose access is not public (the guard has run). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
