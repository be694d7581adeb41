import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES } from '@halcyon/api/contract';
import { renderedSql, rowsOf, type Db } from '../db';
import type { JobDefinition } from '../jobs';
import { badRequest, HttpError } from '../errors';
import { idempotencyKeys } from './schema';

/**
 * Idempotency keys (QUALITY.md reliability: a retried payment or send never happens twice), the one mechanism every
 * payment write and invoice send uses, over HTTP (`idempotencyKeyOf` reads the header) and from inside the server (a
 * payment provider's webhook passes its event id as the key).
 *
 * `idempotent` runs the write in one transaction with the key's row: the first request with a key stores the answer it
 * gave; a retry with the same key and the same request gets that answer again and writes nothing; the same key with a
 * different request is refused (409). Two requests with one key at the same moment: the second waits on the key's row
 * (the unique index) until the first commits, then replays its answer. A write that fails rolls back its key too, so the
 * retry runs afresh.
 *
 * A key is kept IDEMPOTENCY_RETENTION_HOURS (24 h): long enough for any client's retries (a browser or the mobile app
 * retries within minutes); the hourly `idempotencyExpiryJob` deletes older keys, so the table holds about a day of writes.
 * A provider's webhook, redelivered for days, is kept from recording twice by its own event table (online payments), not
 * by this key.
 */

const KEY_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

/** The request's Idempotency-Key header: required (400 when missing) or optional (null when missing); 400 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest, options: { required: true }): string;
export function idempotencyKeyOf(request: FastifyRequest, options: { required: false }): string | null;
export function idempotencyKeyOf(request: FastifyRequest, options: { required: boolean }): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') {
    if (options.required)
      throw badRequest(IDEMPOTENCY_MESSAGES.missing, { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_MESSAGES.missing });
    return null;
  }
  if (!KEY_PATTERN.test(value)) {
    throw badRequest(IDEMPOTENCY_MESSAGES.invalid, { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_MESSAGES.invalid });
  }
  return value;
}

/** A JSON text of a value with object keys sorted, so the same request always hashes the same. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IdempotentRequest {
  practiceId: number;
  /** The key; null runs the write without one (a route where the key is optional and none was sent). */
  key: string | null;
  /** What the key is for: the route name (or the internal caller's name). */
  route: string;
  /** The request as validated (params and body): a retry must send the same. */
  request: unknown;
}

export interface IdempotentResult<T> {
  result: T;
  /** True when this is a retry answered from the stored answer (nothing was written). */
  replayed: boolean;
}

/**
 * The key's claim and its stored answer, their SQL rendered once (`renderedSql`): every idempotent write (a payment, an
 * invoice) runs both in its transaction.
 */
const claimKey = renderedSql<{ id: number }>(
  sql`insert into idempotency_keys (practice_id, key, route, request_hash)
      values (${sql.placeholder('practiceId')}, ${sql.placeholder('key')}, ${sql.placeholder('route')},
              ${sql.placeholder('requestHash')})
      on conflict do nothing returning id`,
);
const storeAnswer = renderedSql(
  sql`update idempotency_keys set response = ${sql.placeholder('response')}::jsonb where id = ${sql.placeholder('id')}`,
);

/** Runs `write` once per key (see above); `write` gets the transaction and must do all its writes through it. */
export async function idempotent<T>(
  db: Db,
  request: IdempotentRequest,
  write: (tx: Db) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const { key } = request;
  if (key === null) return { result: await db.transaction((tx) => write(tx)), replayed: false };
  const requestHash = crypto
    .createHash('sha256')
    .update(stableJson({ route: request.route, request: request.request }))
    .digest('hex');
  return db.transaction(async (tx) => {
    const [claimed] = await claimKey(tx, { practiceId: request.practiceId, key, route: request.route, requestHash });
    if (!claimed) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.practiceId, request.practiceId), eq(idempotencyKeys.key, key)));
      if (!stored || stored.requestHash !== requestHash || stored.response === null) {
        throw new HttpError(409, IDEMPOTENCY_MESSAGES.reused, {
          [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_MESSAGES.reused,
        });
      }
      return { result: stored.response as T, replayed: true };
    }
    const result = await write(tx);
    await storeAnswer(tx, { id: claimed.id, response: JSON.stringify(result) });
    return { result, replayed: false };
  });
}

/** How long a key and its stored answer are kept: a retry within this replays, a request after it runs afresh. */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
/** Keys deleted per statement: a big backlog goes in short statements that never hold the table long. */
const EXPIRY_BATCH = 5000;

/** Deletes the keys older than the retention (as of `now`); answers how many went. */
export async function expireIdempotencyKeys(db: Db, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000);
  let deleted = 0;
  for (;;) {
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`delete from ${idempotencyKeys} where ${idempotencyKeys.id} in (
            select ${idempotencyKeys.id} from ${idempotencyKeys}
            where ${idempotencyKeys.createdAt} < ${before.toISOString()}::timestamptz limit ${EXPIRY_BATCH})
          returning ${idempotencyKeys.id}`,
    );
    deleted += rows.length;
    if (rows.length < EXPIRY_BATCH) return deleted;
  }
}

export const IDEMPOTENCY_EXPIRY_QUEUE = 'idempotency-key-expiry';

/** The job that expires idempotency keys: hourly (at 41 minutes past), on the job queue. */
export function idempotencyExpiryJob(db: Db): JobDefinition<object> {
  return {
    name: IDEMPOTENCY_EXPIRY_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    cron: '41 * * * *',
    handler: async () => {
      await expireIdempotencyKeys(db);
    },
  };
}
