import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from '../clients/schema';
import { practices } from '../practice/schema';
import { users } from '../users/schema';

/** Tables of this domain (outcome measures, a client's assessments and insights, the initial assessment, clinical profile and diagnosis.) */

const practiceId = () =>
  integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' });
const clientId = () =>
  integer('client_id')
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });
const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One completed (or partly completed) outcome measure. `answers` holds one value per item of the measure's definition
 * (null for an unanswered item of a draft); `score` and `band` are computed by the server from them.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    /** A MEASURE_CODES value (phq9, gad7, pcl5, audit, k10). */
    measure: text('measure').notNull(),
    /** draft | submitted */
    status: text('status').notNull(),
    answers: jsonb('answers').$type<(number | null)[]>().notNull(),
    score: integer('score'),
    band: text('band'),
    bandLevel: integer('band_level'),
    completedOn: date('completed_on').notNull(),
    /** therapist | client (through a link) */
    source: text('source').notNull().default('therapist'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [index('assessments_client_idx').on(t.practiceId, t.clientId, t.completedOn.desc(), t.id.desc())],
);

/** A measure e-mailed to the client as a link from a start date: once, every N weeks, or after every N attended sessions. */
export const assessmentSchedules = pgTable(
  'assessment_schedules',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    measure: text('measure').notNull(),
    startDate: date('start_date').notNull(),
    repeatEveryWeeks: integer('repeat_every_weeks'),
    /** Sent again after every this many attended sessions since the last send (the first send is on the start date). */
    repeatEverySessions: integer('repeat_every_sessions'),
    /** The next day a link is due by date; null once sent when the schedule repeats by sessions or not at all. */
    nextSendOn: date('next_send_on'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    /** An address other than the client's own, when given. */
    sendTo: text('send_to'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    index('assessment_schedules_client_idx').on(t.practiceId, t.clientId),
    index('assessment_schedules_due_idx').on(t.nextSendOn),
  ],
);

/** A single-use link to fill in a measure; only the SHA-256 of the token is stored. */
export const measureLinks = pgTable(
  'measure_links',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    measure: text('measure').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The member who sent it (or whose schedule did): told when the client completes it. */
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    scheduleId: integer('schedule_id').references(() => assessmentSchedules.id, { onDelete: 'set null' }),
    assessmentId: integer('assessment_id').references(() => assessments.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [uniqueIndex('measure_links_token_idx').on(t.tokenHash), index('measure_links_client_idx').on(t.clientId)],
);

/** The initial assessment: one per client. */
export const initialAssessments = pgTable(
  'initial_assessments',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    presentingProblem: text('presenting_problem'),
    history: text('history'),
    mentalState: text('mental_state'),
    riskScreen: text('risk_screen'),
    goals: text('goals'),
    formulation: text('formulation'),
    assessedOn: date('assessed_on'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('initial_assessments_client_idx').on(t.clientId)],
);

/** One section of the clinical profile (presenting issues, history, medication, formulation...): one per type per client. */
export const clinicalProfileSections = pgTable(
  'clinical_profile_sections',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    sectionType: text('section_type').notNull(),
    content: text('content').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('clinical_profile_sections_type_idx').on(t.clientId, t.sectionType)],
);

/** A diagnosis of the client: ICD-10, ICD-11 or DSM-5, with a code where there is one; at most one primary. */
export const diagnoses = pgTable(
  'diagnoses',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: clientId(),
    system: text('system').notNull(),
    code: text('code'),
    description: text('description').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    diagnosedOn: date('diagnosed_on'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [index('diagnoses_client_idx').on(t.practiceId, t.clientId)],
);
