import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allows, routeIndex, type Role, type RouteDomain } from '@halcyon/api/contract';
import type { Db } from '../db';
import { forbidden, unauthorized } from '../errors';
import { ExpiringMemory } from './expiring-memory';
import type { Tokens } from './tokens';

export interface AuthContext {
  userId: number;
  practiceId: number;
  role: Role;
  sessionId: string;
}

/** Routes a member may still use while their practice requires 2-step verification they have not set up yet. */
export const ALLOWED_WITHOUT_REQUIRED_TWO_FACTOR = new Set([
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

/** What the guard needs to know of a signed-in session, looked up on every authenticated request. */
export interface SessionCheck {
  role: Role;
  /** The practice requires 2-step verification and this member has not set it up. */
  twoFactorBlocked: boolean;
  expiresAt: Date;
}

export interface SessionClaims {
  userId: number;
  practiceId: number;
  sessionId: string;
}

/**
 * Looks a session up (null: refused). The auth domain provides it (`domains/auth/session-lookup.ts`), wired in `app.ts`:
 * the platform knows no table of the domains.
 */
export type SessionLookup = (db: Db, claims: SessionClaims) => Promise<SessionCheck | null>;

/** How long a session found valid is trusted without asking the database again. */
export const SESSION_CHECK_TTL_MS = 5_000;
const SESSION_CHECK_MAX_ENTRIES = 10_000;

/**
 * Remembers, for a few seconds, that a session was valid, so a burst of reads does not look the session up on every
 * call. Any change that could end a session or change a role (a sign-out, a revoke, a role change, a deactivation, a
 * practice setting) is a write of `SESSION_DOMAINS`, and the guard forgets everything when one is answered; a generation counter
 * keeps a lookup that raced such a change from storing what it read before it. Only valid sessions are remembered:
 * a refused one is asked about again on the next call.
 */
export class SessionChecks {
  private readonly remembered = new ExpiringMemory<SessionCheck>(SESSION_CHECK_MAX_ENTRIES);
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly lookup: SessionLookup,
    private readonly ttlMs = SESSION_CHECK_TTL_MS,
    /**
     * Several instances on one PostgreSQL: the channel that tells the others about a write (`session-broadcast.ts`).
     * While it is down nothing is remembered. Without one (the embedded database) this is the only instance.
     */
    private readonly broadcast?: SessionChangeChannel,
  ) {}

  async check(claims: SessionClaims): Promise<SessionCheck | null> {
    const key = `${claims.sessionId}:${claims.userId}:${claims.practiceId}`;
    const now = Date.now();
    const trusted = !this.broadcast || this.broadcast.live;
    const remembered = trusted ? this.remembered.get(key, now) : undefined;
    if (remembered) return remembered;
    const generation = this.generation;
    const check = await this.lookup(this.db, claims);
    if (check && trusted && generation === this.generation) {
      this.remembered.set(key, check, Math.min(now + this.ttlMs, check.expiresAt.getTime()), now);
    }
    return check;
  }

  /** Forgets every remembered session: the next call of each looks it up again. */
  forget(): void {
    this.generation += 1;
    this.remembered.clear();
  }

  /** A write was answered: forget here, and on every other instance before the answer leaves. */
  async changed(): Promise<void> {
    this.forget();
    await this.broadcast?.publish();
  }
}

/**
 * The contract's domains whose writes can end a session or change what a session check reads (its family, the member's
 * role and status, the practice's idle timeout and two-step rule, the member's 2-step secret): signing in and out,
 * passwords and 2-step, members and invitations, practice settings.
 */
export const SESSION_DOMAINS: ReadonlySet<RouteDomain> = new Set(['auth', 'users', 'account', 'practice']);

/**
 * Whether a write of this route may change a session: one of `SESSION_DOMAINS`, or a route outside the contract (fail
 * closed). A clinical, billing or scheduling write changes none, so it leaves the remembered sessions alone: forgetting
 * them on every write cost each write a broadcast and the next requests a lookup each.
 */
export function maySessionsChange(routeName: string | undefined): boolean {
  const route =
    routeName === undefined ? undefined : (routeIndex as Record<string, { domain: RouteDomain }>)[routeName];
  return route === undefined || SESSION_DOMAINS.has(route.domain);
}

/** Tells the other instances on one database that sessions may have changed (`SessionBroadcast`). */
export interface SessionChangeChannel {
  readonly live: boolean;
  publish(): Promise<void>;
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
export function installAuthGuard(app: FastifyInstance, sessions: SessionChecks, tokens: Tokens): void {
  app.decorateRequest('auth', null);
  // A write that may have ended a session or changed a role: forget the remembered sessions, here and on every other
  // instance, before its answer leaves.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      maySessionsChange(request.routeOptions.config?.routeName)
    ) {
      await sessions.changed();
    }
    return payload;
  });
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
    const session = await sessions.check(claims);
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
