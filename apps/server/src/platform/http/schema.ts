import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters (QUALITY.md security 5), kept in the database so every server instance shares them. The key is a
 * SHA-256 hash of the rule, the kind (ip or account) and the value, so no address or e-mail is stored here.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Requests made with an `Idempotency-Key` header (QUALITY.md reliability: a retried payment or send does nothing twice):
 * the key is unique per practice; the row holds which route it was for, a hash of the request, and the answer given, so a
 * retry gets the same answer and a different request with the same key is refused. The row is written in the same
 * transaction as the write it guards, so a failed write leaves no key behind. Keys older than a day are deleted by the
 * hourly expiry job (idempotency.ts: IDEMPOTENCY_RETENTION_HOURS), which reads them by `created_at`.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_practice_key_idx').on(t.practiceId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
