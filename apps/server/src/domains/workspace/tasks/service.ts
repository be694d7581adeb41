import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type createTaskBodySchema,
  type listTasksQuerySchema,
  type Message,
  type moveTaskBodySchema,
  type Task,
  type TaskList,
  type TaskPriority,
  type TaskSort,
  type TaskStatus,
  type updateTaskBodySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import type { Platform } from '../../../platform/context';
import { iso, isoOrNull, rowsOf, type Db } from '../../../platform/db';
import { searchConditions } from '../../../platform/db/paging';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { PRACTICE_TODAY } from '../../clients/list';
import { tasks } from './schema';

type CreateBody = z.output<typeof createTaskBodySchema>;
type UpdateBody = z.output<typeof updateTaskBodySchema>;
type MoveBody = z.output<typeof moveTaskBodySchema>;
type ListQuery = z.output<typeof listTasksQuerySchema>;

/** Priorities as stored: 1 low, 2 normal, 3 high (so the list sorts by priority from an index). */
export const priorityRank = (priority: TaskPriority): number => TASK_PRIORITIES.indexOf(priority) + 1;
export const priorityOf = (rank: number): TaskPriority => TASK_PRIORITIES[rank - 1] ?? 'normal';

/** Columns in board order, for sorting by status. */
const STATUS_RANK = sql.raw(
  `case t.status ${TASK_STATUSES.map((status, i) => `when '${status}' then ${i}`).join(' ')} end`,
);

/** Two neighbours closer than this leave no room between them: the column is numbered afresh. */
const MIN_GAP = 1e-6;

interface TaskRow {
  id: number;
  title: string;
  description: string;
  due_date: string | null;
  overdue: boolean;
  priority: number;
  status: TaskStatus;
  position: number;
  assignee_id: number | null;
  assignee_name: string | null;
  client_id: number | null;
  client_name: string | null;
  completed_at: unknown;
  created_at: unknown;
  updated_at: unknown;
  version: number;
}

/** The task with its assignee's and client's names and whether it is overdue (in the practice's time zone). */
const SELECT_TASK = (practiceId: number) => sql`
  select t.id, t.title, t.description, to_char(t.due_date, 'YYYY-MM-DD') as due_date,
         (t.due_date is not null and t.status <> 'done' and t.due_date < ${PRACTICE_TODAY(practiceId)}) as overdue,
         t.priority, t.status, t.position, t.assignee_id,
         nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as assignee_name,
         t.client_id,
         case when c.id is null then null
              else trim(coalesce(nullif(c.preferred_name, ''), c.first_name) || ' ' || c.last_name) end as client_name,
         t.completed_at, t.created_at, t.updated_at, t.version
  from tasks t
  left join users u on u.id = t.assignee_id
  left join clients c on c.id = t.client_id`;

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.due_date,
    overdue: row.overdue,
    priority: priorityOf(Number(row.priority)),
    status: row.status,
    position: Number(row.position),
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    clientId: row.client_id,
    clientName: row.client_name,
    completedAt: isoOrNull(row.completed_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    version: row.version,
  };
}

function whereOf(practiceId: number, q: ListQuery): SQL {
  const parts: SQL[] = [sql`t.practice_id = ${practiceId}`];
  const today = PRACTICE_TODAY(practiceId);
  if (q.status?.length) {
    parts.push(
      sql`t.status in (${sql.join(
        q.status.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (q.priority?.length) {
    parts.push(
      sql`t.priority in (${sql.join(
        q.priority.map((p) => sql`${priorityRank(p)}`),
        sql`, `,
      )})`,
    );
  }
  if (q.assigneeId === 'none') parts.push(sql`t.assignee_id is null`);
  else if (q.assigneeId !== undefined) parts.push(sql`t.assignee_id = ${q.assigneeId}`);
  if (q.clientId !== undefined) parts.push(sql`t.client_id = ${q.clientId}`);
  parts.push(...searchConditions(q.search, [sql`t.title`, sql`t.description`]));
  switch (q.due) {
    case 'overdue':
      parts.push(sql`t.due_date < ${today} and t.status <> 'done'`);
      break;
    case 'today':
      parts.push(sql`t.due_date = ${today}`);
      break;
    case 'week':
      parts.push(sql`t.due_date >= ${today} and t.due_date <= ${today} + 7`);
      break;
    case 'later':
      parts.push(sql`t.due_date > ${today} + 7`);
      break;
    case 'none':
      parts.push(sql`t.due_date is null`);
      break;
    default:
      break;
  }
  return sql.join(parts, sql` and `);
}

/** The order of a sort; ties by due date (none last), then id, so a page never shifts. */
function orderOf(sort: TaskSort, oneStatus: boolean): SQL {
  const desc = sort.startsWith('-');
  const dir = sql.raw(desc ? 'desc' : 'asc');
  const byDue = sql`t.due_date asc nulls last, t.id asc`;
  switch (sort.replace(/^-/, '')) {
    case 'position':
      // One column reads the board's index in order; several go column by column.
      return oneStatus ? sql`t.position asc, t.id asc` : sql`${STATUS_RANK} asc, t.position asc, t.id asc`;
    case 'priority':
      return sql`t.priority ${dir}, ${byDue}`;
    case 'title':
      return sql`lower(t.title) ${dir}, t.id ${dir}`;
    case 'status':
      return sql`${STATUS_RANK} ${dir}, t.position asc, t.id asc`;
    case 'createdAt':
      return sql`t.created_at ${dir}, t.id ${dir}`;
    default:
      return sql`t.due_date ${dir} nulls last, t.id ${dir}`;
  }
}

/**
 * The practice's tasks (/Task-manager and the task modal): list pages, one task, create, edit, move and delete. Admins and
 * Therapists reach every task of the practice; an Assistant reaches only the tasks assigned to them (read and move; the
 * routes' access refuses them the rest), and any other id answers 404, as another practice's does.
 */
export class TasksService {
  private readonly db: Db;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
  }

  async list(auth: AuthContext, query: ListQuery): Promise<TaskList> {
    const oneStatus = query.status?.length === 1;
    const rows = await rowsOf<TaskRow>(
      this.db,
      sql`${SELECT_TASK(auth.practiceId)}
          where ${whereOf(auth.practiceId, query)}
          order by ${orderOf(query.sort, oneStatus)}
          limit ${query.pageSize + 1} offset ${(query.page - 1) * query.pageSize}`,
    );
    return {
      items: rows.slice(0, query.pageSize).map(toTask),
      page: query.page,
      pageSize: query.pageSize,
      hasMore: rows.length > query.pageSize,
    };
  }

  /** The task, if this member may reach it (an Assistant: only their own); otherwise 404. */
  async one(auth: AuthContext, id: number, db: Db = this.db): Promise<Task> {
    const own = auth.role === 'Assistant' ? sql` and t.assignee_id = ${auth.userId}` : sql``;
    const [row] = await rowsOf<TaskRow>(
      db,
      sql`${SELECT_TASK(auth.practiceId)} where t.id = ${id} and t.practice_id = ${auth.practiceId}${own}`,
    );
    if (!row) throw notFound(TASK_MESSAGES.notFound);
    return toTask(row);
  }

  async create(request: FastifyRequest, auth: AuthContext, body: CreateBody): Promise<Task> {
    await this.checkPeople(auth, body, null);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(tasks)
        .values({
          practiceId: auth.practiceId,
          ...this.fieldsOf(body),
          status: body.status,
          position: await this.firstPosition(tx, auth.practiceId, body.status, null),
          completedAt: body.status === 'done' ? new Date() : null,
          createdBy: auth.userId,
        })
        .returning({ id: tasks.id });
      return row!.id;
    });
    await this.p.audit.recordActivity(request, 'createTask', { id, clientId: body.clientId });
    return this.one(auth, id);
  }

  async update(request: FastifyRequest, auth: AuthContext, id: number, body: UpdateBody): Promise<Task> {
    const current = await this.one(auth, id);
    await this.checkPeople(auth, body, current);
    const moved = current.status !== body.status;
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(tasks)
        .set({
          ...this.fieldsOf(body),
          status: body.status,
          // A task changed to another column goes first in it (new items first, SPEC.md §4).
          ...(moved && {
            position: await this.firstPosition(tx, auth.practiceId, body.status, id),
            completedAt: body.status === 'done' ? new Date() : null,
          }),
          version: sql`${tasks.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(tasks.id, id), eq(tasks.practiceId, auth.practiceId), eq(tasks.version, body.version)))
        .returning({ id: tasks.id });
      return row !== undefined;
    });
    if (!updated) throw conflict(TASK_MESSAGES.changed);
    await this.p.audit.recordActivity(request, 'updateTask', {
      id,
      clientId: body.clientId ?? current.clientId,
      ...(moved && { facts: { status: body.status } }),
    });
    return this.one(auth, id);
  }

  /**
   * Moves the task to a column, right after `afterId` (of that column) or first; an Assistant only their own task, after
   * one of their own. A change of column is in the client's activity log; an order within the column only in the audit.
   */
  async move(request: FastifyRequest, auth: AuthContext, id: number, body: MoveBody): Promise<Task> {
    const current = await this.one(auth, id);
    await this.db.transaction(async (tx) => {
      const position =
        body.afterId === null
          ? await this.firstPosition(tx, auth.practiceId, body.status, id)
          : await this.positionAfter(tx, auth, body.status, body.afterId, id);
      await tx
        .update(tasks)
        .set({
          status: body.status,
          position,
          ...(current.status !== body.status && { completedAt: body.status === 'done' ? new Date() : null }),
          version: sql`${tasks.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(tasks.id, id), eq(tasks.practiceId, auth.practiceId)));
    });
    if (current.status !== body.status) {
      await this.p.audit.recordActivity(request, 'moveTask', {
        id,
        clientId: current.clientId,
        facts: { status: body.status },
      });
    } else {
      await this.p.audit.record(request, { action: 'reorder', entity: 'task', entityId: id });
    }
    return this.one(auth, id);
  }

  async remove(request: FastifyRequest, auth: AuthContext, id: number): Promise<Message> {
    const [deleted] = await this.db
      .delete(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.practiceId, auth.practiceId)))
      .returning({ id: tasks.id, clientId: tasks.clientId });
    if (!deleted) throw notFound(TASK_MESSAGES.notFound);
    await this.p.audit.recordActivity(request, 'deleteTask', { id, clientId: deleted.clientId });
    return { detail: TASK_MESSAGES.deleted };
  }

  private fieldsOf(body: CreateBody) {
    return {
      title: body.title,
      description: body.description,
      dueDate: body.dueDate,
      priority: priorityRank(body.priority),
      assigneeId: body.assigneeId,
      clientId: body.clientId,
    };
  }

  /**
   * The assignee must be an active member of the practice (or the one the task already has, even if deactivated since);
   * the client one of the practice's. Either wrong: 400 on its field, nothing saved.
   */
  private async checkPeople(auth: AuthContext, body: CreateBody, current: Task | null): Promise<void> {
    const fields: Record<string, string> = {};
    if (body.assigneeId !== null && body.assigneeId !== current?.assigneeId) {
      const [member] = await rowsOf<{ n: number }>(
        this.db,
        sql`select 1 as n from memberships where practice_id = ${auth.practiceId} and user_id = ${body.assigneeId}
              and status = 'active'`,
      );
      if (!member) fields.assigneeId = TASK_MESSAGES.assignee;
    }
    if (body.clientId !== null && body.clientId !== current?.clientId) {
      const [client] = await rowsOf<{ n: number }>(
        this.db,
        sql`select 1 as n from clients where practice_id = ${auth.practiceId} and id = ${body.clientId}`,
      );
      if (!client) fields.clientId = TASK_MESSAGES.client;
    }
    const [first] = Object.values(fields);
    if (first) throw badRequest(first, fields);
  }

  /** A position before every other task of the column (new and moved-to-top tasks go first). */
  private async firstPosition(db: Db, practiceId: number, status: TaskStatus, except: number | null): Promise<number> {
    const [row] = await rowsOf<{ first: number | null }>(
      db,
      sql`select min(position) as first from tasks
          where practice_id = ${practiceId} and status = ${status} and id <> ${except ?? 0}`,
    );
    return row?.first === null || row?.first === undefined ? 0 : Number(row.first) - 1;
  }

  /** A position right after task `afterId` of the column (halfway to the next one); numbers the column afresh if full. */
  private async positionAfter(
    db: Db,
    auth: AuthContext,
    status: TaskStatus,
    afterId: number,
    moving: number,
  ): Promise<number> {
    const own = auth.role === 'Assistant' ? sql` and a.assignee_id = ${auth.userId}` : sql``;
    const neighbours = () =>
      rowsOf<{ after: number; next: number | null }>(
        db,
        sql`select a.position as after,
                   (select min(n.position) from tasks n
                    where n.practice_id = a.practice_id and n.status = a.status and n.id <> ${moving}
                      and (n.position, n.id) > (a.position, a.id)) as next
            from tasks a
            where a.id = ${afterId} and a.practice_id = ${auth.practiceId} and a.status = ${status}
              and a.id <> ${moving}${own}`,
      );
    let [found] = await neighbours();
    if (!found) throw conflict(TASK_MESSAGES.after);
    if (found.next !== null && Number(found.next) - Number(found.after) < MIN_GAP) {
      await db.execute(sql`update tasks set position = r.rn from (
          select id, row_number() over (order by position, id) as rn from tasks
          where practice_id = ${auth.practiceId} and status = ${status}) r
        where tasks.id = r.id`);
      [found] = await neighbours();
      if (!found) throw conflict(TASK_MESSAGES.after);
    }
    const after = Number(found.after);
    return found.next === null ? after + 1 : (after + Number(found.next)) / 2;
  }
}
