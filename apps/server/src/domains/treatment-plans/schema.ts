import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients } from '../clients/schema';
import { practices } from '../practice/schema';
import { users } from '../users/schema';

export const treatmentGoalStatusEnum = pgEnum('treatment_goal_status', [
  'not started',
  'in progress',
  'achieved',
  'discontinued',
]);

/** One objective of a goal (kept with its goal: it has no life of its own). */
export interface StoredObjective {
  description: string;
  targetDate: string | null;
  achieved: boolean;
}

/** A review's judgement of one goal of the plan it reviewed. */
export interface StoredGoalProgress {
  goalId: number | null;
  goal: string;
  progress: string;
  comment: string;
}

/**
 * A version of a client's treatment plan (SPEC.md §3). A client's plans form one numbered history: every new plan and
 * every edit (treatment-plan-editor) is a new row with the next `treatment_plan_version`, so older versions stay readable.
 * At most one plan per client is current (SPEC.md §4), enforced by a partial unique index; `version` guards in-place
 * edits of the row (a stale update answers 409).
 */
export const treatmentPlans = pgTable(
  'treatment_plans',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    treatmentPlanVersion: integer('treatment_plan_version').notNull(),
    isCurrentVersion: boolean('is_current_version').notNull().default(false),
    title: text('title').notNull(),
    problems: text('problems').notNull().default(''),
    startDate: date('start_date'),
    reviewDate: date('review_date'),
    notes: text('notes').notNull().default(''),
    /** The version this one was edited from, if any. */
    basedOnPlanId: integer('based_on_plan_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('treatment_plans_client_version_idx').on(t.clientId, t.treatmentPlanVersion),
    uniqueIndex('treatment_plans_one_current_idx')
      .on(t.clientId)
      .where(sql`${t.isCurrentVersion}`),
    index('treatment_plans_practice_idx').on(t.practiceId),
  ],
);

/** A goal of one plan version, with its objectives, interventions, frequency, target date, measure and status. */
export const treatmentPlanGoals = pgTable(
  'treatment_plan_goals',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    description: text('description').notNull(),
    objectives: jsonb('objectives')
      .$type<StoredObjective[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    interventions: text('interventions').notNull().default(''),
    frequency: text('frequency').notNull().default(''),
    targetDate: date('target_date'),
    measure: text('measure').notNull().default(''),
    status: treatmentGoalStatusEnum('status').notNull().default('not started'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('treatment_plan_goals_plan_idx').on(t.planId, t.position, t.id)],
);

/**
 * A review of a plan version: per-goal progress, an outcome, the next review date. `treatment_plan_version_reviewed`
 * keeps the version number even when that plan version is deleted later.
 */
export const treatmentPlanReviews = pgTable(
  'treatment_plan_reviews',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    planId: integer('plan_id').references(() => treatmentPlans.id, { onDelete: 'set null' }),
    treatmentPlanVersionReviewed: integer('treatment_plan_version_reviewed').notNull(),
    reviewDate: date('review_date').notNull(),
    goalProgress: jsonb('goal_progress')
      .$type<StoredGoalProgress[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    outcome: text('outcome').notNull(),
    summary: text('summary').notNull().default(''),
    nextReviewDate: date('next_review_date'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('treatment_plan_reviews_client_idx').on(t.clientId, t.treatmentPlanVersionReviewed, t.id)],
);
