import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A practice: the tenant. Every practice-owned row carries its id. */
export const practices = pgTable(
  'practices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Idle sign-out in minutes (QUALITY.md security 3): 15 to 720, default 30. */
    idleTimeoutMinutes: integer('idle_timeout_minutes').notNull().default(30),
    /** An Admin can require 2-step verification for every member. */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    logoUrl: text('logo_url'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The server enforces the bounds even if a row is written by hand.
  (t) => [check('practices_idle_timeout_range', sql`${t.idleTimeoutMinutes} between 15 and 720`)],
);
