import { z } from 'zod';
import { ALL_ROLES, CLINICAL_ROLES, defineRoutes } from '../route';
import { idField, idParam, messageSchema, optionalTextOf, queryIdField, requiredTextOf, versionField } from './common';
import { DATE_RANGES, optionalDateInRange } from '../dates';

/**
 * Tasks (CATALOG.md /Task-manager; issue 16 item 2): the practice's to-dos with a title, a description, a due date, a
 * priority, an assignee (any member of the team, Assistants included) and an optional client, on a board of three
 * columns (To do, In progress, Done) ordered by hand within each column, and as a list with sorting and filters.
 *
 * Roles (SPEC.md §6 keeps the Task-manager page from the Assistant): Admins and Therapists list, create, edit and delete
 * every task of the practice. An Assistant reads only the tasks assigned to them (their dashboard card and one task by
 * id) and moves only those between columns (marks one in progress or done); any other task answers 404 to them, as if
 * it did not exist, and every other write answers 403.
 */

// ---- vocabularies -----------------------------------------------------------------------------------------------------

/** The board's columns, in order. */
export const TASK_STATUSES = ['to do', 'in progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  'to do': 'To do',
  'in progress': 'In progress',
  done: 'Done',
};

/** Least to most urgent. */
export const TASK_PRIORITIES = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Readonly<Record<TaskPriority, string>> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
};

/** The list's due-date filter: overdue (before today, not done), due today, in the next 7 days, later, or no date. */
export const TASK_DUE_FILTERS = ['overdue', 'today', 'week', 'later', 'none'] as const;
export type TaskDueFilter = (typeof TASK_DUE_FILTERS)[number];
export const TASK_DUE_FILTER_LABELS: Readonly<Record<TaskDueFilter, string>> = {
  overdue: 'Overdue',
  today: 'Due today',
  week: 'Due in the next 7 days',
  later: 'Due later',
  none: 'No due date',
};

/** A field ascending; "-" first for descending. `position` is the board's own order (within each column). */
export const TASK_SORTS = [
  'position',
  'dueDate',
  '-dueDate',
  'priority',
  '-priority',
  'title',
  '-title',
  'status',
  '-status',
  'createdAt',
  '-createdAt',
] as const;
export type TaskSort = (typeof TASK_SORTS)[number];

export const TASK_TEXT_MAX = { title: 200, description: 5000 } as const;
export const TASK_PAGE_SIZE_DEFAULT = 25;
export const TASK_PAGE_SIZE_MAX = 100;

/** What the server answers and the task modal and board say (the deletion sentence is SPEC.md §8's, word for word). */
export const TASK_MESSAGES = {
  notFound: 'Task not found.',
  changed:
    'This task was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  assignee: 'Choose a member of your practice to assign the task to.',
  client: 'Choose a client of your practice, or no client.',
  after: 'The task to place it after is not in that column any more. Reload the board and try again.',
  created: 'Task created.',
  updated: 'Task updated.',
  deleted: 'Task was successfully deleted.',
  moved: (title: string, status: TaskStatus) => `“${title}” moved to ${TASK_STATUS_LABELS[status]}.`,
} as const;

// ---- the task ---------------------------------------------------------------------------------------------------------

export const taskSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** The day it is due (`YYYY-MM-DD`), or null. */
  dueDate: z.string().nullable(),
  /** Due before the practice's today and not done: shown highlighted. */
  overdue: z.boolean(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  /** Its place in its column (smaller first); only the order means anything. */
  position: z.number(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  /** When it was moved to Done (ISO date-time), or null while it is open. */
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type Task = z.infer<typeof taskSchema>;

/** One page of tasks; `hasMore` says whether a next page exists (nothing is counted over the practice). */
export const taskListSchema = z.object({
  items: z.array(taskSchema),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export type TaskList = z.infer<typeof taskListSchema>;

// ---- reads ------------------------------------------------------------------------------------------------------------

/** A repeated query key (`status=to do&status=done`) or a comma-separated one (`priority=high,normal`). */
function multiQuery<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (value: unknown): unknown[] | undefined => {
      if (value === undefined || value === null || value === '') return undefined;
      const list: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
      return list
        .flatMap((item): unknown[] => (typeof item === 'string' ? item.split(',') : [item]))
        .map((item): unknown => (typeof item === 'string' ? item.trim() : item))
        .filter((item) => item !== '');
    },
    z.array(z.enum(values, { error: message })).optional(),
  );
}

/** The longest search of the task list. */
export const TASK_SEARCH_MAX = 100;

export const listTasksQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'The page must be a number.' })
    .int('The page must be a whole number.')
    .min(1, 'The page must be 1 or more.')
    .max(100_000, 'The page is too large.')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'The page size must be a number.' })
    .int('The page size must be a whole number.')
    .min(1, 'The page size must be 1 or more.')
    .max(TASK_PAGE_SIZE_MAX, `The page size must be at most ${TASK_PAGE_SIZE_MAX}.`)
    .default(TASK_PAGE_SIZE_DEFAULT),
  /** Ties are broken by due date (none last), then id; `priority` ascending is low first. */
  sort: z
    .enum(TASK_SORTS, {
      error: 'Sort by position, dueDate, priority, title, status or createdAt (prefix "-" for descending).',
    })
    .default('dueDate'),
  status: multiQuery(TASK_STATUSES, 'Filter by to do, in progress or done.'),
  priority: multiQuery(TASK_PRIORITIES, 'Filter by low, normal or high priority.'),
  due: z.enum(TASK_DUE_FILTERS, { error: 'Filter by overdue, today, week, later or none.' }).optional(),
  /** A member's id, or `none` for unassigned tasks. */
  assigneeId: z.union([z.literal('none'), queryIdField('Choose a member to filter by.')]).optional(),
  clientId: queryIdField('Choose a client to filter by.').optional(),
  /** Every word (case-insensitive) in the title or the description. */
  search: z
    .string({ error: 'Enter the search as text.' })
    .max(TASK_SEARCH_MAX, `Search with at most ${TASK_SEARCH_MAX} characters.`)
    .transform((value) => value.trim())
    .optional(),
});
export type ListTasksQuery = z.input<typeof listTasksQuerySchema>;

// ---- writes -----------------------------------------------------------------------------------------------------------

const taskFields = {
  title: requiredTextOf(TASK_TEXT_MAX.title, 'Give the task a title.'),
  description: optionalTextOf(TASK_TEXT_MAX.description),
  dueDate: optionalDateInRange('the due date', DATE_RANGES.due).transform((value) => value ?? null),
  priority: z.enum(TASK_PRIORITIES, { error: 'Choose low, normal or high priority.' }).default('normal'),
  status: z.enum(TASK_STATUSES, { error: 'Choose to do, in progress or done.' }).default('to do'),
  assigneeId: idField(TASK_MESSAGES.assignee)
    .nullish()
    .transform((value) => value ?? null),
  clientId: idField(TASK_MESSAGES.client)
    .nullish()
    .transform((value) => value ?? null),
};

/** POST /api/tasks (the task modal): a new task goes first in its column. */
export const createTaskBodySchema = z.strictObject(taskFields);
export type CreateTaskBody = z.input<typeof createTaskBodySchema>;

/** PUT /api/tasks/:id: every field, with the version the task was opened at. */
export const updateTaskBodySchema = z.strictObject({
  ...taskFields,
  version: versionField('Reload the task and try again.'),
});
export type UpdateTaskBody = z.input<typeof updateTaskBodySchema>;

/**
 * PATCH /api/tasks/:id/move (the board's drag, its "Move to" menu and arrow keys, the dashboard's "Mark done"): the
 * column, and the task of that column to place it right after (null: first in the column). A move changes only the
 * column and the order, so it needs no version; it raises the version, so an edit opened before it is refused.
 */
export const moveTaskBodySchema = z.strictObject({
  status: z.enum(TASK_STATUSES, { error: 'Choose to do, in progress or done.' }),
  afterId: idField('Choose the task to place it after.')
    .nullish()
    .transform((value) => value ?? null),
});
export type MoveTaskBody = z.input<typeof moveTaskBodySchema>;

const idParams = z.strictObject({ id: idParam });

export const tasksRoutes = defineRoutes({
  listTasks: {
    method: 'GET',
    path: '/api/tasks',
    summary:
      "One page of the practice's tasks, sorted and filtered (status, priority, due, assignee, client); no count over the practice",
    access: CLINICAL_ROLES,
    query: listTasksQuerySchema,
    response: taskListSchema,
  },
  getTask: {
    method: 'GET',
    path: '/api/tasks/:id',
    summary: 'One task; an Assistant reads only the tasks assigned to them',
    access: ALL_ROLES,
    params: idParams,
    response: taskSchema,
  },
  createTask: {
    method: 'POST',
    path: '/api/tasks',
    summary: 'Add a task, first in its column; the assignee is any member of the practice',
    access: CLINICAL_ROLES,
    body: createTaskBodySchema,
    response: taskSchema,
    activity: { action: 'create', record: 'task', clientOptional: true },
  },
  updateTask: {
    method: 'PUT',
    path: '/api/tasks/:id',
    summary: 'Change a task (409 when it changed since it was opened)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateTaskBodySchema,
    response: taskSchema,
    activity: { action: 'update', record: 'task', clientOptional: true },
  },
  moveTask: {
    method: 'PATCH',
    path: '/api/tasks/:id/move',
    summary:
      'Move a task to a column, after another task of it or first; an Assistant moves only the tasks assigned to them',
    access: ALL_ROLES,
    params: idParams,
    body: moveTaskBodySchema,
    response: taskSchema,
    activity: { action: 'status', record: 'task', clientOptional: true },
    // The task to place it after left the column meanwhile.
    errors: [409],
  },
  deleteTask: {
    method: 'DELETE',
    path: '/api/tasks/:id',
    summary: 'Delete a task',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
    activity: { action: 'delete', record: 'task', clientOptional: true },
  },
});
