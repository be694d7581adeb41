import { ApiError } from '../../client/errors';
import {
  shiftDate,
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  todayDate,
  type ListTasksQuery,
  type Task,
  type TaskList,
  type TaskStatus,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';

const STAMP = '2026-01-02T09:00:00.000Z';

/** A task of the mock practice (the admin's unless said), due `days` from today (null: no date). */
export function makeTask(id: number, overrides: Partial<Task> & { days?: number | null } = {}): Task {
  const { days = 3, ...rest } = overrides;
  const dueDate = days === null ? null : shiftDate(todayDate(), { days });
  const status = rest.status ?? 'to do';
  return {
    id,
    title: `Task ${id}`,
    description: '',
    dueDate,
    overdue: dueDate !== null && dueDate < todayDate() && status !== 'done',
    priority: 'normal',
    status,
    position: id,
    assigneeId: 1,
    assigneeName: 'Amara Okafor',
    clientId: null,
    clientName: null,
    completedAt: status === 'done' ? STAMP : null,
    createdAt: STAMP,
    updatedAt: STAMP,
    version: 1,
    ...rest,
  };
}

/** The mock practice's tasks: one per column and then some, one overdue, one for the Assistant, one about a client. */
export function mockTasks(): Task[] {
  return [
    makeTask(1, { title: 'Write to the GP', days: -2, priority: 'high', clientId: 7, clientName: 'Jane Doe' }),
    makeTask(2, { title: 'Book supervision', days: 4 }),
    makeTask(3, { title: 'Post the appointment letters', days: 0, assigneeId: 3, assigneeName: 'Priya Shah' }),
    makeTask(4, { title: 'Renew indemnity insurance', days: 10, status: 'in progress', priority: 'low' }),
    makeTask(5, {
      title: 'Update the waiting list',
      days: null,
      status: 'done',
      assigneeId: 2,
      assigneeName: 'Tomas Lindqvist',
    }),
  ];
}

const PRIORITY_RANK = (task: Task) => TASK_PRIORITIES.indexOf(task.priority);
const STATUS_RANK = (task: Task) => TASK_STATUSES.indexOf(task.status);

/** What the server answers for GET /api/tasks, on an in-memory list (filters, sorts, pages; today is the browser's). */
export function listTasksFrom(all: readonly Task[], query: ListTasksQuery = {}): TaskList {
  const today = todayDate();
  const week = shiftDate(today, { days: 7 });
  const asList = <T>(value: T | T[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const statuses = asList(query.status);
  const priorities = asList(query.priority);
  const matches = all.filter((task) => {
    if (statuses.length && !statuses.includes(task.status)) return false;
    if (priorities.length && !priorities.includes(task.priority)) return false;
    if (query.assigneeId === 'none' && task.assigneeId !== null) return false;
    if (query.assigneeId !== undefined && query.assigneeId !== 'none' && task.assigneeId !== Number(query.assigneeId)) {
      return false;
    }
    if (query.clientId !== undefined && task.clientId !== Number(query.clientId)) return false;
    // Every word of the search in the title or the description, as the server searches.
    const words = String(query.search ?? '')
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean);
    const text = `${task.title} ${task.description}`.toLowerCase();
    if (!words.every((word) => text.includes(word))) return false;
    const due = task.dueDate;
    switch (query.due) {
      case 'overdue':
        return task.overdue;
      case 'today':
        return due === today;
      case 'week':
        return due !== null && due >= today && due <= week;
      case 'later':
        return due !== null && due > week;
      case 'none':
        return due === null;
      default:
        return true;
    }
  });
  const sort = query.sort ?? 'dueDate';
  const dir = sort.startsWith('-') ? -1 : 1;
  const byDue = (a: Task, b: Task) =>
    a.dueDate === b.dueDate ? 0 : a.dueDate === null ? 1 : b.dueDate === null ? -1 : a.dueDate < b.dueDate ? -1 : 1;
  const compare: Record<string, (a: Task, b: Task) => number> = {
    position: (a, b) => STATUS_RANK(a) - STATUS_RANK(b) || a.position - b.position,
    dueDate: (a, b) => (a.dueDate === null || b.dueDate === null ? byDue(a, b) : dir * byDue(a, b)),
    priority: (a, b) => dir * (PRIORITY_RANK(a) - PRIORITY_RANK(b)) || byDue(a, b),
    title: (a, b) => dir * a.title.localeCompare(b.title),
    status: (a, b) => dir * (STATUS_RANK(a) - STATUS_RANK(b)) || a.position - b.position,
    createdAt: (a, b) => dir * a.createdAt.localeCompare(b.createdAt),
  };
  const sorted = [...matches].sort((a, b) => compare[sort.replace(/^-/, '')]!(a, b) || a.id - b.id);
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? 25);
  const items = sorted.slice((page - 1) * pageSize, page * pageSize);
  return { items, page, pageSize, hasMore: sorted.length > page * pageSize };
}

/**
 * Stateful mock answers for the tasks routes, like the server's: new tasks first in their column, a stale version 409,
 * a move after another task of the column (or first), deletion with SPEC.md's message, and the dashboard's tasks-due
 * card of the signed-in member (`meId`).
 */
export function taskHandlers(tasks: Task[] = mockTasks(), meId = 1): MockHandlers {
  let nextId = 100;
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  const find = (id: unknown) => tasks.find((task) => task.id === Number(id)) ?? null;
  const firstOf = (status: TaskStatus, except?: number) =>
    Math.min(1, ...tasks.filter((t) => t.status === status && t.id !== except).map((t) => t.position)) - 1;
  const overdueOf = (task: Task) => task.dueDate !== null && task.dueDate < todayDate() && task.status !== 'done';
  const withFlags = (task: Task) => Object.assign(task, { overdue: overdueOf(task) });
  return {
    listTasks: ({ query }) => listTasksFrom(tasks, query),
    getTask: ({ params }) => find(params.id),
    createTask: ({ body }) => {
      const status = body.status ?? 'to do';
      const created = withFlags(
        makeTask((nextId += 1), {
          title: body.title.trim(),
          description: body.description ?? '',
          dueDate: body.dueDate || null,
          priority: body.priority ?? 'normal',
          status,
          position: firstOf(status),
          assigneeId: body.assigneeId ?? null,
          assigneeName: body.assigneeId ? `Member ${body.assigneeId}` : null,
          clientId: body.clientId ?? null,
          clientName: body.clientId ? `Client ${body.clientId}` : null,
        }),
      );
      tasks.unshift(created);
      return created;
    },
    updateTask: ({ params, body }) => {
      const found = find(params.id) ?? fail(404, TASK_MESSAGES.notFound);
      if (found.version !== body.version) fail(409, TASK_MESSAGES.changed);
      const status = body.status ?? found.status;
      return withFlags(
        Object.assign(found, {
          title: body.title.trim(),
          description: body.description ?? '',
          dueDate: body.dueDate || null,
          priority: body.priority ?? found.priority,
          status,
          position: status === found.status ? found.position : firstOf(status, found.id),
          assigneeId: body.assigneeId ?? null,
          clientId: body.clientId ?? null,
          version: found.version + 1,
        }),
      );
    },
    moveTask: ({ params, body }) => {
      const found = find(params.id) ?? fail(404, TASK_MESSAGES.notFound);
      const column = tasks
        .filter((t) => t.status === body.status && t.id !== found.id)
        .sort((a, b) => a.position - b.position);
      let position = firstOf(body.status, found.id);
      if (body.afterId) {
        const index = column.findIndex((t) => t.id === body.afterId);
        if (index < 0) fail(409, TASK_MESSAGES.after);
        const next = column[index + 1];
        position = next ? (column[index]!.position + next.position) / 2 : column[index]!.position + 1;
      }
      return withFlags(Object.assign(found, { status: body.status, position, version: found.version + 1 }));
    },
    deleteTask: ({ params }) => {
      const index = tasks.findIndex((t) => t.id === Number(params.id));
      if (index < 0) fail(404, TASK_MESSAGES.notFound);
      tasks.splice(index, 1);
      return { detail: TASK_MESSAGES.deleted };
    },
    dashboardTasksDue: () => {
      const soon = shiftDate(todayDate(), { days: 7 });
      const due = tasks
        .filter((t) => t.assigneeId === meId && t.status !== 'done' && t.dueDate !== null && t.dueDate <= soon)
        .sort((a, b) => (a.dueDate! < b.dueDate! ? -1 : a.dueDate! > b.dueDate! ? 1 : a.id - b.id));
      return {
        items: due.map(({ id, title, dueDate, overdue, priority, status, clientId, clientName }) => ({
          id,
          title,
          dueDate: dueDate!,
          overdue,
          priority,
          status,
          clientId,
          clientName,
        })),
        total: due.length,
        totalCapped: false,
      };
    },
  };
}
