import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { practices } from '../practice/schema';
import { users } from '../users/schema';

/** Feedback about Halcyon from a member of a practice (Need help > Feedback-form); the practice's Admins read it. */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    /** Who gave it; kept (as null) when that account is removed. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('help_feedback_rating_range', sql`${t.rating} between 1 and 5`),
    index('help_feedback_practice_recent_idx').on(t.practiceId, t.createdAt.desc(), t.id.desc()),
  ],
);
