import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from '../../clients/schema';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

/**
 * An appointment (a meeting that is not a client session: supervision, admin, a team meeting) or blocked time in a
 * member's calendar. `kind` is 'appointment' or 'blocked time'; recurring ones share `series_id`. An all-day entry spans
 * the practice's local days. `version` guards concurrent moves (a stale one answers 409).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
    seriesId: text('series_id'),
    recurrence: text('recurrence').notNull().default('none'),
    notes: text('notes').notNull().default(''),
    /** The appointment's meeting link (https://), set from the video-call modal. */
    videoLink: text('video_link'),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** Booked anyway over another event of the therapist (the practice allows double-booking). */
    doubleBooked: boolean('double_booked').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_practice_therapist_starts_idx').on(t.practiceId, t.therapistId, t.startsAt),
    index('appointments_practice_starts_idx').on(t.practiceId, t.startsAt),
    index('appointments_series_idx').on(t.seriesId),
  ],
);

/** A PostgreSQL `tstzrange`, read and written in its text form (`["2026-01-12 10:00:00+00","2026-01-12 10:50:00+00")`). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/**
 * The one diary's busy time: one row per event that holds a therapist's time, kept by triggers (migration 0022) from
 * `client_sessions` (scheduled, attended or late) and `appointments` (appointments and blocked time), never written by
 * the application. `source` + `source_id` name the event (`session` 12 is the diary event `session-12`); other sources
 * (an external calendar's busy blocks) add rows of their own. The exclusion constraint `busy_times_no_overlap`
 * (btree_gist) refuses two overlapping rows of one therapist in one practice unless the later one is `overlap_allowed`
 * (booked anyway, where the practice allows double-booking), so a clash is refused by the database under concurrent
 * writes too: SQLSTATE 23P01, which the diary turns into a 409 naming the event (busy.ts). Backups leave the table out
 * (a restore's inserts rebuild it through the same triggers).
 */
export const busyTimes = pgTable(
  'busy_times',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    during: tstzrange('during').notNull(),
    source: text('source').notNull(),
    sourceId: integer('source_id').notNull(),
    overlapAllowed: boolean('overlap_allowed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('busy_times_source_idx').on(t.source, t.sourceId),
    index('busy_times_practice_therapist_during_idx').using('gist', t.practiceId, t.therapistId, t.during),
  ],
);

/**
 * How a practice books (Settings > Appointments): one row per practice, created on first change (a practice without one
 * has the defaults). The scheduling areas add their settings as columns here (reminder timing, ...).
 */
export const schedulingPreferences = pgTable('scheduling_preferences', {
  practiceId: integer('practice_id')
    .primaryKey()
    .references(() => practices.id, { onDelete: 'cascade' }),
  allowDoubleBooking: boolean('allow_double_booking').notNull().default(false),
  /** When clients with e-mail reminders on are reminded, in minutes before the start (scheduling/policies/reminders). */
  reminderOffsetsMinutes: integer('reminder_offsets_minutes')
    .array()
    .notNull()
    .default(sql`'{1440}'::int[]`),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});
