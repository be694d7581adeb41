import { sql } from 'drizzle-orm';
import {
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
import { clients, riskLevelEnum } from '../clients/schema';
import { practices } from '../practice/schema';
import { users } from '../users/schema';

export const riskSeverityEnum = pgEnum('risk_severity', ['low', 'medium', 'high']);
export const riskItemStatusEnum = pgEnum('risk_item_status', ['open', 'closed']);

/** Risk and protective factors of one area (suicide, self-harm, harm to others...) with its level. */
export interface StoredRiskArea {
  area: string;
  level: 'none' | 'low' | 'medium' | 'high';
  riskFactors: string;
  protectiveFactors: string;
}

/** A person, service or crisis line in a safety plan. */
export interface StoredSafetyContact {
  name: string;
  contact: string;
}

/**
 * A version of a client's risk assessment. Every save is a new row with the next `version` for the client; the newest
 * is the current one and its `overall_level` is mirrored on `clients.risk_level` (in the same transaction).
 */
export const riskAssessments = pgTable(
  'risk_assessments',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    assessedOn: date('assessed_on').notNull(),
    areas: jsonb('areas')
      .$type<StoredRiskArea[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    overallLevel: riskLevelEnum('overall_level').notNull(),
    /** Why the overall level is below the highest area's level ('' when it is not). */
    overallLevelReason: text('overall_level_reason').notNull().default(''),
    protectiveFactors: text('protective_factors').notNull().default(''),
    managementPlan: text('management_plan').notNull().default(''),
    nextReviewDate: date('next_review_date'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_assessments_client_version_idx').on(t.clientId, t.version),
    index('risk_assessments_practice_idx').on(t.practiceId),
  ],
);

/** One entry of a client's risk log: an incident or concern, the action taken and when to review it. */
export const riskLogItems = pgTable(
  'risk_log_items',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    category: text('category').notNull(),
    severity: riskSeverityEnum('severity').notNull(),
    description: text('description').notNull(),
    actionTaken: text('action_taken').notNull().default(''),
    reviewDate: date('review_date'),
    status: riskItemStatusEnum('status').notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('risk_log_items_client_idx').on(t.clientId, t.date, t.id),
    index('risk_log_items_practice_idx').on(t.practiceId),
  ],
);

/**
 * A version of a client's safety plan (Stanley-Brown style sections). Every save is a new row with the next `version`;
 * the newest is the current one.
 */
export const safetyPlans = pgTable(
  'safety_plans',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    warningSigns: jsonb('warning_signs')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    copingStrategies: jsonb('coping_strategies')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    peopleAndPlaces: jsonb('people_and_places')
      .$type<StoredSafetyContact[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    helpContacts: jsonb('help_contacts')
      .$type<StoredSafetyContact[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    professionalContacts: jsonb('professional_contacts')
      .$type<StoredSafetyContact[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    environmentSafety: jsonb('environment_safety')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    reasonsForLiving: jsonb('reasons_for_living')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('safety_plans_client_version_idx').on(t.clientId, t.version),
    index('safety_plans_practice_idx').on(t.practiceId),
  ],
);
