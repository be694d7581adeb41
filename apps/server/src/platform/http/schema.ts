import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters (QUALITY.md security 5), kept in the database so every server instance shares them. The key is a
 * SHA-256 hash of the rule, the kind (ip or account) and the value, so no address or e-mail is stored here.
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
