import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { clients } from '../../clients/schema';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

/**
 * A task of the practice (/Task-manager): `status` is its board column ('to do', 'in progress', 'done'), `position` its
 * place in that column (smaller first; a move takes a value between its new neighbours), `priority` 1 low, 2 normal,
 * 3 high (a number, so the list sorts by it from an index). The assignee is any member (Assistants included), the client
 * optional; deleting either leaves the task without one. `version` guards concurrent edits.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practices.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }),
    priority: smallint('priority').notNull().default(2),
    status: text('status').notNull().default('to do'),
    position: doublePrecision('position').notNull().default(0),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The board: one column in its order.
    index('tasks_practice_status_position_idx').on(t.practiceId, t.status, t.position, t.id),
    // The list by due date (the default sort and the due filters).
    index('tasks_practice_due_idx').on(t.practiceId, t.dueDate, t.id),
    index('tasks_practice_priority_idx').on(t.practiceId, t.priority, t.dueDate, t.id),
    // A member's tasks (the assignee filter).
    index('tasks_practice_assignee_idx').on(t.practiceId, t.assigneeId, t.status, t.dueDate),
    // A member's open tasks in the dashboard card's order: the card reads its page and capped count off the index in
    // order instead of sorting all of the member's open tasks.
    index('tasks_open_assignee_due_idx')
      .on(t.practiceId, t.assigneeId, t.dueDate, t.priority.desc().nullsFirst(), t.id)
      .where(sql`${t.status} in ('to do', 'in progress')`),
    index('tasks_practice_client_idx').on(t.practiceId, t.clientId),
  ],
);
