import crypto from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db';
import { rateLimitCounters } from '../db/schema';
import { HttpError } from '../errors';

/** A clear 429 (QUALITY.md security 5): what happened and how long to wait. */
export function tooManyAttempts(ttlMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return new HttpError(
    429,
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
  );
}

export interface Limit {
  max: number;
  windowMs: number;
}

export interface RateRule {
  /** Names the counters (login, register, ...). */
  name: string;
  perIp: Limit;
  perAccount: Limit;
  /**
   * `every`: each request counts (registration, reset links: each one may send an e-mail).
   * `failures`: only answers with one of `failureStatuses` count (a wrong password, a wrong code), so people who sign in
   * correctly many times are never blocked, and a guesser is.
   */
  count: 'every' | 'failures';
  failureStatuses?: readonly number[];
  /** The account an attempt is about (an e-mail, a user id), or null when the request names none. */
  account: (request: FastifyRequest) => Promise<string | null> | string | null;
}

interface Counter {
  count: number;
  ttlMs: number;
}

const hashKey = (parts: string[]) => crypto.createHash('sha256').update(parts.join('\u0000')).digest('hex');

/**
 * Fixed-window counters in the database (table rate_limit_counters), so two server instances behind a load balancer share
 * them and a restart does not reset them. One statement per hit: concurrent attempts cannot slip past the limit.
 */
export class RateLimiter {
  constructor(private readonly db: Db) {}

  async hit(key: string, windowMs: number): Promise<Counter> {
    const resetAt = new Date(Date.now() + windowMs);
    const expired = sql`${rateLimitCounters.resetAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimitCounters.count} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt });
    if (crypto.randomInt(100) === 0) {
      // Now and then, forget windows that ended more than an hour ago.
      await this.db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, sql`now() - interval '1 hour'`));
    }
    return { count: row?.count ?? 1, ttlMs: Math.max(0, (row?.resetAt.getTime() ?? Date.now()) - Date.now()) };
  }

  async peek(key: string): Promise<Counter | null> {
    const rows = await this.db
      .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} = ${key} and ${rateLimitCounters.resetAt} > now()`)
      .limit(1);
    const row = rows[0];
    return row ? { count: row.count, ttlMs: Math.max(0, row.resetAt.getTime() - Date.now()) } : null;
  }

  /**
   * The pre-handler and on-send hooks limiting one route per IP and per account (both must pass). A blocked request answers
   * 429 before the handler runs, so a guesser learns nothing more while blocked.
   */
  hooks(rule: RateRule): { preHandler: preHandlerAsyncHookHandler[]; onSend: onSendAsyncHookHandler[] } {
    const keysOf = async (request: FastifyRequest) => {
      const account = await rule.account(request);
      const keys: { key: string; limit: Limit }[] = [
        { key: hashKey([rule.name, 'ip', request.ip]), limit: rule.perIp },
      ];
      if (account) keys.push({ key: hashKey([rule.name, 'account', account]), limit: rule.perAccount });
      return keys;
    };
    const failures = new Set(rule.failureStatuses ?? [400, 401, 403]);
    const preHandler: preHandlerAsyncHookHandler = async (request) => {
      const keys = await keysOf(request);
      for (const { key, limit } of keys) {
        const counter = rule.count === 'every' ? await this.hit(key, limit.windowMs) : await this.peek(key);
        const over = counter && (rule.count === 'every' ? counter.count > limit.max : counter.count >= limit.max);
        if (over) throw tooManyAttempts(counter.ttlMs);
      }
    };
    const onSend: onSendAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply, payload) => {
      if (rule.count !== 'failures' || !failures.has(reply.statusCode)) return payload;
      for (const { key, limit } of await keysOf(request)) await this.hit(key, limit.windowMs);
      return payload;
    };
    return { preHandler: [preHandler], onSend: [onSend] };
  }
}

/** The e-mail address in a request body, trimmed and lower-cased, or null. */
export function emailInBody(request: FastifyRequest): string | null {
  const body = request.body;
  if (!body || typeof body !== 'object') return null;
  const email = (body as Record<string, unknown>).email;
  return typeof email === 'string' && email.length <= 320 ? `email:${email.trim().toLowerCase()}` : null;
}

/** The signed-in user of an authenticated route. */
export function signedInUser(request: FastifyRequest): string | null {
  return request.auth ? `user:${request.auth.userId}` : null;
}
