import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { practices } from '../practice/schema';
import { users } from '../users/schema';

/** A notification for one member of a practice (SPEC.md §3): shown in the notifications panel until read. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** warning | info | reminder | message | billing (the contract's NOTIFICATION_CATEGORIES). */
    category: text('category').notNull().default('info'),
    /** info | warning | high (the contract's NOTIFICATION_SEVERITIES): how the panel styles it. */
    severity: text('severity').notNull().default('info'),
    /** An app path it opens (the record it is about), or null. */
    link: text('link'),
    /** Set for notifications made once per event (an overdue risk review): a second insert with the same key is ignored. */
    dedupeKey: text('dedupe_key'),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_recent_idx').on(t.practiceId, t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx')
      .on(t.practiceId, t.userId)
      .where(sql`${t.read} = false`),
    uniqueIndex('notifications_user_dedupe_idx')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);
