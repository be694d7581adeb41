import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

/**
 * A member's calendar settings (Settings > Sync-external-calendar): the private feed of their diary and their video call
 * defaults. The feed's address holds a random token; only its SHA-256 is kept (`feed_token_hash`), so the address is shown
 * once when it is made and a new one replaces it at once. No row: no feed, platform "other", no personal link.
 */
export const memberCalendarSettings = pgTable(
  'member_calendar_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    feedTokenHash: text('feed_token_hash'),
    feedCreatedAt: timestamp('feed_created_at', { withTimezone: true }),
    feedLastFetchedAt: timestamp('feed_last_fetched_at', { withTimezone: true }),
    /** Sessions in the feed show the client's name and service; off: "Session". */
    includeClientNames: boolean('include_client_names').notNull().default(false),
    videoPlatform: text('video_platform').notNull().default('other'),
    meetingLink: text('meeting_link'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_calendar_settings_feed_token_idx')
      .on(t.feedTokenHash)
      .where(sql`${t.feedTokenHash} is not null`),
    index('member_calendar_settings_practice_idx').on(t.practiceId),
  ],
);

/**
 * A member's external calendar, imported by its .ics address (https). The address can itself be a secret (a private
 * iCal address), so it is never sent back: the page shows the name and `host`. `last_error` says why the last import
 * failed (null after one that worked); the busy times of the last good import stay in `external_busy` meanwhile.
 */
export const externalCalendars = pgTable(
  'external_calendars',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    host: text('host').notNull(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    busyCount: integer('busy_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('external_calendars_user_url_idx').on(t.userId, t.url),
    index('external_calendars_practice_user_idx').on(t.practiceId, t.userId),
  ],
);

/**
 * A busy time imported from an external calendar: only when, never what (the diary shows it as "Busy"). Replaced whole
 * by each successful import of its calendar.
 */
export const externalBusy = pgTable(
  'external_busy',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    calendarId: integer('calendar_id')
      .notNull()
      .references(() => externalCalendars.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    allDay: boolean('all_day').notNull().default(false),
  },
  (t) => [
    index('external_busy_practice_user_starts_idx').on(t.practiceId, t.userId, t.startsAt),
    index('external_busy_practice_starts_idx').on(t.practiceId, t.startsAt),
    index('external_busy_calendar_idx').on(t.calendarId),
  ],
);
