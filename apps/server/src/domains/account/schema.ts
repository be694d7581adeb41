import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { practices } from '../practice/schema';
import { users } from '../users/schema';
import { storedFiles } from '../files/schema';

/** Which events e-mail a member (Settings > Profile-security). No row: every event is on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  practiceId: integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' }),
  sessionRequests: boolean('session_requests').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  signedDocuments: boolean('signed_documents').notNull().default(true),
  paidInvoices: boolean('paid_invoices').notNull().default(true),
  completedMeasures: boolean('completed_measures').notNull().default(true),
  expiringCompliance: boolean('expiring_compliance').notNull().default(true),
  failedReminders: boolean('failed_reminders').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A practice's details beside its name (Settings > Practice): address, contact, time zone, currency, tax number and the
 * logo's file. No row: the defaults (Europe/London, GBP, nothing else).
 */
export const practiceDetails = pgTable('practice_details', {
  practiceId: integer('practice_id')
    .primaryKey()
    .references(() => practices.id, { onDelete: 'cascade' }),
  addressLine1: text('address_line_1'),
  addressLine2: text('address_line_2'),
  city: text('city'),
  region: text('region'),
  postcode: text('postcode'),
  country: text('country'),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  website: text('website'),
  timeZone: text('time_zone').notNull().default('Europe/London'),
  currency: text('currency').notNull().default('GBP'),
  taxNumber: text('tax_number'),
  logoFileId: uuid('logo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The practice's plan: its name and limits (no prices, SPEC.md §1). No row: the default plan. */
export const practiceSubscriptions = pgTable('practice_subscriptions', {
  practiceId: integer('practice_id')
    .primaryKey()
    .references(() => practices.id, { onDelete: 'cascade' }),
  planName: text('plan_name').notNull(),
  seatLimit: integer('seat_limit').notNull(),
  storageLimitBytes: bigint('storage_limit_bytes', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
