import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { storedFiles } from '../../files/schema';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

const practiceId = () =>
  integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' });
/** The member whose record it is: each member keeps their own learning and compliance records. */
const userId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const stamps = () => ({
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A CPD activity of a member: what, when, how long (`minutes`, quarter hours), what they took from it, the evidence. */
export const cpdActivities = pgTable(
  'cpd_activities',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    userId: userId(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    provider: text('provider').notNull().default(''),
    date: date('date').notNull(),
    minutes: integer('minutes').notNull(),
    reflection: text('reflection').notNull().default(''),
    evidenceFileId: uuid('evidence_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [index('cpd_activities_member_date_idx').on(t.practiceId, t.userId, t.date.desc(), t.id.desc())],
);

/** A member's yearly CPD target; no row: DEFAULT_CPD_TARGET_HOURS. */
export const cpdTargets = pgTable(
  'cpd_targets',
  {
    practiceId: practiceId(),
    userId: userId(),
    targetHours: integer('target_hours').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.userId] })],
);

/** A supervision session of a member: with whom, how long, individual or group, and their notes. */
export const supervisionSessions = pgTable(
  'supervision_sessions',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    userId: userId(),
    date: date('date').notNull(),
    supervisor: text('supervisor').notNull(),
    minutes: integer('minutes').notNull(),
    format: text('format').notNull(),
    notes: text('notes').notNull().default(''),
    ...stamps(),
  },
  (t) => [index('supervision_sessions_member_date_idx').on(t.practiceId, t.userId, t.date.desc(), t.id.desc())],
);

/**
 * A member's licence or compliance record (SPEC.md §3 "compliance item"): a registration, membership, insurance or check,
 * the body that issued it, its number, dates and document. With `remind`, the member is notified COMPLIANCE_REMINDER_DAYS
 * before `expiry_date`, once per record and expiry date (the notification's dedupe key).
 */
export const complianceItems = pgTable(
  'compliance_items',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    userId: userId(),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    number: text('number').notNull().default(''),
    issueDate: date('issue_date').notNull(),
    expiryDate: date('expiry_date'),
    documentFileId: uuid('document_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    remind: boolean('remind').notNull().default(true),
    ...stamps(),
  },
  (t) => [
    index('compliance_items_member_idx').on(t.practiceId, t.userId, t.expiryDate),
    index('compliance_items_reminder_idx')
      .on(t.expiryDate)
      .where(sql`${t.remind} and ${t.expiryDate} is not null`),
  ],
);
