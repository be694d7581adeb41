import crypto from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onSendAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import { preparedOnce, type Db } from '../db';
import { rateLimitCounters } from '../db/schema';
import { HttpError } from '../errors';

/** A clear 429 (QUALITY.md security 5): what happened and how long to wait, in words and in `Retry-After` (seconds). */
export function tooManyAttempts(ttlMs: number): HttpError {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return new HttpError(
    429,
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
    undefined,
    { 'Retry-After': String(Math.max(1, Math.ceil(ttlMs / 1000))) },
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

/**
 * Failed attempts counted per account AND address together, for sign-in, where the old per-account and per-address blocks
 * let anyone lock a therapist out (ten wrong passwords for her e-mail from anywhere) or lock out everyone behind one address.
 */
export interface PairRule {
  name: string;
  /** Failures for one account from one address. Past it that pair is refused, the right password too. */
  perPair: Limit;
  /** Failures from one address, whatever the account: password spraying. */
  perIp: Limit;
  /** Failures for one account, whatever the address: one account guessed at from many addresses. */
  perAccount: Limit;
  failureStatuses?: readonly number[];
  /** The account an attempt is about (an e-mail), or null when the request names none. */
  account: (request: FastifyRequest) => Promise<string | null> | string | null;
}

/** A rate limit's hooks, as route extras (see registerRoutes); `rateLimited` puts its 429 in the OpenAPI document. */
export interface RateHooks {
  preHandler: preHandlerAsyncHookHandler[];
  onSend: onSendAsyncHookHandler[];
  rateLimited: true;
}

interface Counter {
  count: number;
  ttlMs: number;
}

const hashKey = (parts: string[]) => crypto.createHash('sha256').update(parts.join('\u0000')).digest('hex');

/**
 * A key's counter in its current window, prepared once (`preparedOnce`): every read of a rate-limited public page (the
 * booking page's free times) looks it up.
 */
const peekStatement = preparedOnce((db) =>
  db
    .select({ count: rateLimitCounters.count, resetAt: rateLimitCounters.resetAt })
    .from(rateLimitCounters)
    .where(sql`${rateLimitCounters.key} = ${sql.placeholder('key')} and ${rateLimitCounters.resetAt} > now()`)
    .limit(1)
    .prepare('rate_limit_peek'),
);

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
    const [row] = await peekStatement(this.db).execute({ key });
    return row ? { count: row.count, ttlMs: Math.max(0, row.resetAt.getTime() - Date.now()) } : null;
  }

  /**
   * The pre-handler and on-send hooks limiting one route per IP and per account (both must pass). A blocked request answers
   * 429 before the handler runs, so a guesser learns nothing more while blocked.
   */
  hooks(rule: RateRule): RateHooks {
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
    return { preHandler: [preHandler], onSend: [onSend], rateLimited: true };
  }

  /** The hooks of a PairRule (see pairPolicy): failures only count, and a blocked request answers 429 before its handler. */
  pairHooks(rule: PairRule): RateHooks {
    const keysOf = async (request: FastifyRequest) => {
      const account = (await rule.account(request)) ?? '';
      return {
        pair: { key: hashKey([rule.name, 'pair', account, request.ip]), limit: rule.perPair },
        ip: { key: hashKey([rule.name, 'ip', request.ip]), limit: rule.perIp },
        account: { key: hashKey([rule.name, 'account', account]), limit: rule.perAccount },
      };
    };
    const failures = new Set(rule.failureStatuses ?? [400, 401, 403]);
    const preHandler: preHandlerAsyncHookHandler = async (request) => {
      const keys = await keysOf(request);
      const pair = await this.peek(keys.pair.key);
      // A pair without failures is never refused: the other counters are read only when they can matter.
      if (!pair) return;
      const ttlMs = pairPolicy(rule, {
        pair,
        ip: await this.peek(keys.ip.key),
        account: await this.peek(keys.account.key),
      });
      if (ttlMs !== null) throw tooManyAttempts(ttlMs);
    };
    const onSend: onSendAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply, payload) => {
      if (!failures.has(reply.statusCode)) return payload;
      for (const { key, limit } of Object.values(await keysOf(request))) await this.hit(key, limit.windowMs);
      return payload;
    };
    return { preHandler: [preHandler], onSend: [onSend], rateLimited: true };
  }
}

/**
 * The sign-in policy of a PairRule. Every failure (a wrong password, an unknown e-mail: they answer alike) counts on
 * three counters: the pair (account + address), the address, the account. An attempt is refused with a 429 when
 *   1. its pair has `perPair.max` failures: this address has guessed enough at this account; or
 *   2. its pair has at least one failure, and its address is over `perIp.max` (spraying) or its account is over
 *      `perAccount.max` (many addresses at one account).
 * So only a pair that has itself failed is ever refused: the owner signing in from another address always gets in, and
 * so does a colleague behind the same office address as a sprayer, or the owner from her usual address while strangers
 * guess at her account, as long as that address has not failed for that account (one typo there during such an attack
 * waits out the window, which the 429 says). The looser limits still hold the guessers: once an address is over its
 * limit it gets no second guess at any account it has tried, and once an account is over its limit no address that has
 * failed for it gets another. What no limit keyed on addresses can refuse without also refusing the people who share
 * them is a first guess at an account from an address that has never failed for it; the pair limit caps what follows.
 * A refusal lasts until the counters that cause it end their windows; `Retry-After` says when.
 */
function pairPolicy(
  rule: PairRule,
  counters: { pair: Counter | null; ip: Counter | null; account: Counter | null },
): number | null {
  const { pair, ip, account } = counters;
  if (!pair) return null;
  const lifts: number[] = [];
  if (pair.count >= rule.perPair.max) lifts.push(pair.ttlMs);
  if (ip && ip.count >= rule.perIp.max) lifts.push(Math.min(pair.ttlMs, ip.ttlMs));
  if (account && account.count >= rule.perAccount.max) lifts.push(Math.min(pair.ttlMs, account.ttlMs));
  return lifts.length > 0 ? Math.max(...lifts) : null;
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
