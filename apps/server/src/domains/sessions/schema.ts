import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clients } from '../clients/schema';
import { practices } from '../practice/schema';
import { users } from '../users/schema';

/**
 * A client's session (one appointment with a therapist). `status` is one of 'scheduled', 'attended', 'late',
 * 'did not attend', 'late cancellation', 'cancelled'; a scheduled, attended or late session holds the therapist's time in
 * the one diary (`busy_times`, kept by a trigger: scheduling/diary/schema.ts), a cancelled one released it and has a
 * `session_cancellations` row saying who and why. Sessions scheduled together as a recurring
 * series share `series_id`. `version` guards concurrent edits (a stale update answers 409). The clients list reads the
 * next and last session from here.
 */
export const clientSessions = pgTable(
  'client_sessions',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    locationKind: text('location_kind').notNull().default('in person'),
    location: text('location').notNull().default(''),
    /** A video session's meeting link (https://), sent in the client's confirmation e-mail. */
    videoLink: text('video_link'),
    status: text('status').notNull().default('scheduled'),
    seriesId: text('series_id'),
    recurrence: text('recurrence').notNull().default('none'),
    notes: text('notes').notNull().default(''),
    chargeFee: boolean('charge_fee').notNull().default(false),
    /** Booked anyway over another event of the therapist (the practice allows double-booking): see scheduling/diary. */
    doubleBooked: boolean('double_booked').notNull().default(false),
    /**
     * The session's price in minor units of the practice's currency, when known (from its service once Settings >
     * Services sets prices): a cancellation rule's percentage fee is a share of it.
     */
    priceMinor: integer('price_minor'),
    /** A signed note exists for this session: kept by a trigger on `session_notes` (migration 0018), read by the dashboard. */
    noteSigned: boolean('note_signed').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A client's sessions newest first, a page at a time (keyset on starts_at, id).
    index('client_sessions_practice_client_starts_id_idx').on(t.practiceId, t.clientId, t.startsAt, t.id),
    // A client's next and last session (the clients list shows and sorts by them): only the sessions each can be, so
    // one probe from now finds it without reading past cancelled or missed ones.
    index('client_sessions_next_idx')
      .on(t.practiceId, t.clientId, t.startsAt)
      .where(sql`${t.status} = 'scheduled'`),
    index('client_sessions_last_idx')
      .on(t.practiceId, t.clientId, t.startsAt)
      .where(sql`${t.status} in ('scheduled', 'attended', 'late')`),
    index('client_sessions_practice_therapist_starts_idx').on(t.practiceId, t.therapistId, t.startsAt),
    index('client_sessions_series_idx').on(t.seriesId),
    // The dashboard's today's sessions for the whole practice, by start.
    index('client_sessions_practice_starts_id_idx').on(t.practiceId, t.startsAt, t.id),
    // The reminder job's sessions of every practice starting in the next days (scheduled ones only).
    index('client_sessions_scheduled_starts_idx')
      .on(t.startsAt)
      .where(sql`${t.status} = 'scheduled'`),
    // The dashboard's sessions that still need a note: only sessions without a signed note that may need one.
    index('client_sessions_note_due_idx')
      .on(t.practiceId, t.startsAt, t.id)
      .where(sql`${t.status} in ('scheduled', 'attended', 'late') and not ${t.noteSigned}`),
    index('client_sessions_therapist_note_due_idx')
      .on(t.practiceId, t.therapistId, t.startsAt, t.id)
      .where(sql`${t.status} in ('scheduled', 'attended', 'late') and not ${t.noteSigned}`),
  ],
);

/** Why and by whom a session was cancelled (one row per cancelled session). */
export const sessionCancellations = pgTable(
  'session_cancellations',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => clientSessions.id, { onDelete: 'cascade' }),
    /** 'client', 'therapist' or 'practice'. */
    cancelledBy: text('cancelled_by').notNull(),
    reason: text('reason').notNull().default(''),
    lateFee: boolean('late_fee').notNull().default(false),
    notifyClient: boolean('notify_client').notNull().default(false),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('session_cancellations_session_idx').on(t.sessionId),
    index('session_cancellations_practice_idx').on(t.practiceId),
  ],
);

/**
 * A session note (or, with no session, a general clinical note). `content_html` is sanitised HTML. A draft changes freely
 * (with `version` for optimistic concurrency); once signed (`signed_at`, `signed_by`) it is locked and grows only by
 * addenda. One note per session.
 */
export const sessionNotes = pgTable(
  'session_notes',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id').references(() => clientSessions.id, { onDelete: 'cascade' }),
    /** 'SOAP', 'DAP', 'BIRP' or 'free'. */
    template: text('template').notNull().default('free'),
    title: text('title').notNull().default(''),
    contentHtml: text('content_html').notNull().default(''),
    /** 'draft' or 'signed'. */
    status: text('status').notNull().default('draft'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedBy: integer('signed_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('session_notes_session_idx')
      .on(t.sessionId)
      .where(sql`${t.sessionId} is not null`),
    index('session_notes_practice_client_idx').on(t.practiceId, t.clientId),
  ],
);

/** An addendum appended to a signed note (the note itself never changes again). */
export const sessionNoteAddenda = pgTable(
  'session_note_addenda',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    noteId: integer('note_id')
      .notNull()
      .references(() => sessionNotes.id, { onDelete: 'cascade' }),
    contentHtml: text('content_html').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('session_note_addenda_note_idx').on(t.noteId),
    index('session_note_addenda_practice_idx').on(t.practiceId),
  ],
);

/** A private (process) note about a session: kept apart from the record, never in the sessions list. One per session. */
export const privateSessionNotes = pgTable(
  'private_session_notes',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => clientSessions.id, { onDelete: 'cascade' }),
    contentHtml: text('content_html').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('private_session_notes_session_idx').on(t.sessionId),
    index('private_session_notes_practice_idx').on(t.practiceId),
  ],
);

/** Work for a client that is not a session (report writing, a letter): name, date, time spent, fee in minor units. */
export const otherServices = pgTable(
  'other_services',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    date: date('date').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    feeMinor: integer('fee_minor').notNull().default(0),
    currency: text('currency').notNull().default('GBP'),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('other_services_practice_client_idx').on(t.practiceId, t.clientId, t.date)],
);
