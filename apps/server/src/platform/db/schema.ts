import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The schema of every domain, in one module so Drizzle Kit and the query builder see the same tables.
 * Each domain adds `src/domains/<domain>/schema.ts` and re-exports it here.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export * from '../../domains/practice/schema';
export * from '../../domains/users/schema';
export * from '../../domains/auth/schema';
export * from '../../domains/audit/schema';
export * from '../../domains/files/schema';
export * from '../../domains/notifications/schema';
export * from '../../domains/help/schema';
export * from '../../domains/account/schema';
export * from '../../domains/clients/schema';
export * from '../../domains/sessions/schema';
export * from '../../domains/treatment-plans/schema';
export * from '../../domains/risk/schema';
export * from '../../domains/measures/schema';
export * from '../../domains/documents/schema';
