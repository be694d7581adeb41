import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The platform's own tables: application metadata, the append-only audit log and the rate-limit counters. The tables of
 * the domains are listed with these once, in the composition root `src/schema.ts`; the platform never imports a domain.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from '../audit/schema';
export * from '../http/schema';
