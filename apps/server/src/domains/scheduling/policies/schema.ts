import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../../clients/schema';
import { practices } from '../../practice/schema';
import { clientSessions } from '../../sessions/schema';
import { users } from '../../users/schema';

const practiceId = () =>
  integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' });

const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where the practice's sessions happen (Settings > Appointments): `kind` is 'in person' (with its address and room),
 * 'video' (with a standing meeting link, or none when each session has its own) or 'phone'; `instructions` tell the
 * client how to get there or join. `version` guards concurrent edits.
 */
export const appointmentLocations = pgTable(
  'appointment_locations',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    address: text('address').notNull().default(''),
    room: text('room').notNull().default(''),
    videoLink: text('video_link').notNull().default(''),
    instructions: text('instructions').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [index('appointment_locations_practice_idx').on(t.practiceId, t.name)],
);

/**
 * A rule of the practice's cancellation policy: cancelling less than `trigger_hours` before the start (null: at any
 * time) costs a fee, a percentage of the session's price (`fee_percent`) or a fixed amount (`fee_minor` in `currency`).
 * One rule per notice period: the unique index treats "any time" as one period too.
 */
export const cancellationRules = pgTable(
  'cancellation_rules',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    triggerHours: integer('trigger_hours'),
    feeKind: text('fee_kind').notNull(),
    feePercent: integer('fee_percent'),
    feeMinor: integer('fee_minor'),
    currency: text('currency'),
    message: text('message').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('cancellation_rules_practice_hours_idx').on(t.practiceId, sql`coalesce(${t.triggerHours}, -1)`)],
);

/**
 * A fee on a client's account that billing will invoice (no invoice yet): a late cancellation or a missed session,
 * recorded in the same transaction as the cancellation or the attendance that caused it, with the rule it came from.
 * One per session: marking it again replaces it, and taking the charge back removes it.
 */
export const chargeableItems = pgTable(
  'chargeable_items',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => clientSessions.id, { onDelete: 'cascade' }),
    /** 'late cancellation' or 'did not attend'. */
    kind: text('kind').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    ruleId: integer('rule_id').references(() => cancellationRules.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('chargeable_items_session_idx').on(t.sessionId),
    index('chargeable_items_practice_client_idx').on(t.practiceId, t.clientId, t.createdAt),
  ],
);

/**
 * One e-mail reminder of a session: the session, how long before its start (`offset_minutes`) and the start it was
 * for. The unique key means a reminder is queued once per session, offset and start: a moved session gets fresh ones.
 * `status`: 'queued' until a worker claims it ('sending'), then 'sent', 'skipped' (cancelled, moved, no consent or
 * address any more) or 'failed' after every retry (which notifies the therapist).
 */
export const sessionReminders = pgTable(
  'session_reminders',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => clientSessions.id, { onDelete: 'cascade' }),
    offsetMinutes: integer('offset_minutes').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('session_reminders_once_idx').on(t.sessionId, t.offsetMinutes, t.startsAt),
    index('session_reminders_practice_idx').on(t.practiceId),
  ],
);
