import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FormDefinition } from '@halcyon/api/contract';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

/**
 * A form template of the practice (Settings > Template-library): its name, category (intake, consent, measure,
 * feedback), usage context and form definition (sections and questions, checked by the contract's one schema before it
 * is stored). Built-in defaults are not rows: they live in the contract and answer for a usage context that has none.
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    templateCategory: text('template_category').notNull(),
    usageContext: text('usage_context').notNull(),
    definition: jsonb('definition').$type<FormDefinition>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_templates_practice_name_idx').on(t.practiceId, t.name, t.id),
    index('form_templates_practice_context_idx').on(t.practiceId, t.usageContext),
  ],
);

/** The practice's own e-mail for a usage context (one each); without a row the built-in default writes it. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    usageContext: text('usage_context').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_templates_practice_context_idx').on(t.practiceId, t.usageContext)],
);
