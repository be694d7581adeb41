import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AvailabilityDay } from '@halcyon/api/contract';
import { services } from '../../billing/settings/schema';
import { clients } from '../../clients/schema';
import { practices } from '../../practice/schema';
import { clientSessions } from '../../sessions/schema';
import { users } from '../../users/schema';

/**
 * A member's weekly hours (SPEC.md §3 availability: id, days[].dayIndex). `days` is kept in week order (dayIndex 0
 * Monday .. 6 Sunday, then start time), so the first day is the earliest and the list orders by it (SPEC.md §5). Times
 * are wall-clock times in the practice's time zone, so 09:00 stays 09:00 across daylight-saving changes.
 */
export const appointmentAvailability = pgTable(
  'appointment_availability',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    days: jsonb('days').$type<AvailabilityDay[]>().notNull(),
    /**
     * The services offered in these hours (ids of the practice's services: a renamed service stays); empty: every
     * service offered online. No foreign key (an array): a deleted service's id matches nothing.
     */
    serviceIds: integer('service_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    location: text('location').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_availability_practice_therapist_idx').on(t.practiceId, t.therapistId)],
);

/**
 * The practice's online-booking rules (SPEC.md §3 appointment request config), one row per practice once saved; until
 * then the contract's DEFAULT_BOOKING_RULES apply (booking off).
 */
export const bookingRules = pgTable('booking_rules', {
  practiceId: integer('practice_id')
    .primaryKey()
    .references(() => practices.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
  bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(10),
  minimumNoticeHours: integer('minimum_notice_hours').notNull().default(24),
  maxDaysAhead: integer('max_days_ahead').notNull().default(60),
  slotStepMinutes: integer('slot_step_minutes').notNull().default(30),
  /** The members offered online; empty: every member with availability. */
  therapistIds: integer('therapist_ids')
    .array()
    .notNull()
    .default(sql`'{}'::int[]`),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The short addresses of the public booking page, /Book/{slug}: one for the practice (no therapist) and one per member
 * offered online. A slug is unique across every practice, since the address names no practice.
 */
export const bookingLinks = pgTable(
  'booking_links',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('booking_links_slug_idx').on(t.slug),
    uniqueIndex('booking_links_practice_idx')
      .on(t.practiceId)
      .where(sql`${t.therapistId} is null`),
    uniqueIndex('booking_links_therapist_idx')
      .on(t.practiceId, t.therapistId)
      .where(sql`${t.therapistId} is not null`),
  ],
);

/**
 * A session request sent from the public booking page (SPEC.md §3 appointment request; §4: accepted, amended or
 * rejected). `status`: 'pending' (waiting for the team), 'amended' (the team proposed `proposed_*`; the requester
 * accepts it from the e-mailed link, whose token is stored hashed), 'accepted' (it became `session_id`), 'declined'.
 * An open request (pending, amended) holds its time on the booking page. `client_id` is the client matched by e-mail,
 * or the enquiry client made on acceptance.
 */
export const sessionRequests = pgTable(
  'session_requests',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    /** The practice's service asked for (Settings > Services): the session it becomes takes its price. */
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('pending'),
    proposedStartsAt: timestamp('proposed_starts_at', { withTimezone: true }),
    proposedEndsAt: timestamp('proposed_ends_at', { withTimezone: true }),
    replyMessage: text('reply_message').notNull().default(''),
    declineReason: text('decline_reason').notNull().default(''),
    acceptTokenHash: text('accept_token_hash'),
    acceptTokenExpiresAt: timestamp('accept_token_expires_at', { withTimezone: true }),
    sessionId: integer('session_id').references(() => clientSessions.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The inbox, newest first.
    index('session_requests_practice_created_idx').on(t.practiceId, t.createdAt, t.id),
    // Open requests: the count, and the times they hold on the booking page.
    index('session_requests_open_idx')
      .on(t.practiceId, t.therapistId, t.startsAt)
      .where(sql`${t.status} in ('pending', 'amended')`),
    uniqueIndex('session_requests_token_idx')
      .on(t.acceptTokenHash)
      .where(sql`${t.acceptTokenHash} is not null`),
  ],
);
