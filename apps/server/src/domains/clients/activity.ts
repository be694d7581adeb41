import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  describeActivity,
  routes,
  type ActivityFacts,
  type ClientActivityEntry,
  type ClientActivityKind,
  type ClientActivityList,
  type ClientActivitySource,
  type RouteName,
  type createClientActivityBodySchema,
  type listClientActivityQuerySchema,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../platform/auth/guard';
import type { Platform } from '../../platform/context';
import { iso, rowsOf, type Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { clientOfPractice } from './access';
import { clientActivityEntries } from './schema';

export const ACTIVITY_NOT_FOUND = 'Activity log entry not found.';

/**
 * Which audit entries belong to a client's log: those this domain records (entity `client`, the client's id; the action
 * is the route name), and those the audit hook records for other domains' routes whose path ends in `/:clientId`
 * (entity = the route name, entity id = the client's id).
 */
const CLIENT_SCOPED_ROUTES: readonly RouteName[] = (Object.keys(routes) as RouteName[]).filter((name) =>
  routes[name].path.endsWith('/:clientId'),
);
const AUDIT_ENTITIES = ['client', ...CLIENT_SCOPED_ROUTES];
const READ_ROUTES = (Object.keys(routes) as RouteName[]).filter((name) => routes[name].method === 'GET');

/** The route an audit entry is about: this domain's action, or the entity the audit hook wrote. */
const routeOfAudit = (entity: string, action: string): string => (entity === 'client' ? action : entity);

interface ActivitySqlRow {
  source: ClientActivitySource;
  id: number | string;
  client_id: number | string;
  kind: ClientActivityKind;
  at: unknown;
  summary: string | null;
  body: string | null;
  direction: 'incoming' | 'outgoing' | null;
  duration_minutes: number | null;
  actor_id: number | null;
  actor_name: string | null;
  action: string | null;
  entity: string | null;
  outcome: string | null;
  /** Set on the rows the activity recorder writes (a write of the client's record, with its facts). */
  audit_client_id: number | string | null;
  details: unknown;
  total?: number | string;
}

const isFacts = (value: unknown): value is ActivityFacts => typeof value === 'object' && value !== null;

/** The sentence of an audit row: a recorded write in its own words, any other row as a viewing of the record. */
function auditSentence(row: ActivitySqlRow, timeZone: string): string {
  if (row.audit_client_id !== null) {
    return describeActivity(
      {
        actorName: row.actor_name,
        action: row.action ?? '',
        record: row.entity ?? '',
        facts: isFacts(row.details) ? row.details : null,
      },
      timeZone,
    );
  }
  return describeActivity({ actorName: row.actor_name, action: 'view', record: 'client' }, timeZone).replace(
    'viewed the client',
    "opened the client's record",
  );
}

function toEntry(row: ActivitySqlRow, timeZone: string): ClientActivityEntry {
  const audit = row.source === 'audit';
  const recorded = audit && row.audit_client_id !== null;
  return {
    id: Number(row.id),
    source: row.source,
    clientId: Number(row.client_id),
    kind: row.kind,
    at: iso(row.at),
    summary: audit ? auditSentence(row, timeZone) : (row.summary ?? ''),
    body: row.body,
    direction: row.direction,
    durationMinutes: row.duration_minutes,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: audit ? (recorded ? row.action : routeOfAudit(row.entity ?? '', row.action ?? '')) : null,
    outcome: row.outcome,
  };
}

const textList = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** Manual entries and the client's audit entries as one row shape (the UNION both the list and one entry read). */
function activitySource(practiceId: number, where: { clientId?: number; manualId?: number; auditId?: number }): SQL {
  const manualWhere = [sql`e.practice_id = ${practiceId}`];
  const auditWhere = [sql`a.practice_id = ${practiceId}`, sql`a.entity in ${textList(AUDIT_ENTITIES)}`];
  if (where.clientId !== undefined) {
    manualWhere.push(sql`e.client_id = ${where.clientId}`);
    auditWhere.push(sql`a.entity_id = ${String(where.clientId)}`);
  }
  const parts: SQL[] = [];
  if (where.auditId === undefined) {
    if (where.manualId !== undefined) manualWhere.push(sql`e.id = ${where.manualId}`);
    parts.push(sql`select 'manual' as source, e.id::bigint as id, e.client_id::bigint as client_id, e.kind,
        e.occurred_at as at, e.summary, e.body, e.direction, e.duration_minutes, e.author_id as actor_id,
        null::text as action, null::text as entity, null::text as outcome, null::int as audit_client_id,
        null::jsonb as details
      from client_activity_entries e where ${sql.join(manualWhere, sql` and `)}`);
  }
  if (where.manualId === undefined) {
    if (where.auditId !== undefined) auditWhere.push(sql`a.id = ${where.auditId}`);
    // Only entity ids that are clients of this practice (compared as text: an audit row's entity id is text).
    auditWhere.push(
      sql`exists (select 1 from clients c where c.practice_id = ${practiceId} and c.id::text = a.entity_id)`,
    );
    // Views of the record (reads of this client's routes); its writes are the recorder's rows, read below.
    auditWhere.push(
      sql`a.client_id is null and ((case when a.entity = 'client' then a.action else a.entity end) in ${textList(READ_ROUTES)}
             or a.action = 'read')`,
    );
    parts.push(sql`select 'audit' as source, a.id, a.entity_id::bigint as client_id, 'view' as kind,
        a.at, null::text as summary, null::text as body, null::text as direction, null::int as duration_minutes,
        a.user_id as actor_id, a.action, a.entity, a.outcome, null::int as audit_client_id, null::jsonb as details
      from audit_log a where ${sql.join(auditWhere, sql` and `)}`);
    // Writes of the client's record, each recorded with its record kind, id, client and facts.
    const recordedWhere = [sql`r.practice_id = ${practiceId}`, sql`r.client_id is not null`];
    if (where.clientId !== undefined) recordedWhere.push(sql`r.client_id = ${where.clientId}`);
    if (where.auditId !== undefined) recordedWhere.push(sql`r.id = ${where.auditId}`);
    parts.push(sql`select 'audit' as source, r.id, r.client_id::bigint as client_id,
        case when r.action = 'view' then 'view' else 'change' end as kind,
        r.at, null::text as summary, null::text as body, null::text as direction, null::int as duration_minutes,
        r.user_id as actor_id, r.action, r.entity, r.outcome, r.client_id as audit_client_id, r.details
      from audit_log r where ${sql.join(recordedWhere, sql` and `)}`);
  }
  return sql.join(parts, sql` union all `);
}

const ACTOR_NAME = sql`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`;

type ListQuery = z.output<typeof listClientActivityQuerySchema>;
type CreateBody = z.output<typeof createClientActivityBodySchema>;

/** A client's activity log: manual entries (calls, e-mails, letters, meetings, notes) and the audit log's entries. */
export class ClientActivityService {
  private readonly db: Db;

  constructor(private readonly p: Platform) {
    this.db = p.database.db;
  }

  /** The practice's time zone: the log's dates ("for 3 Nov") are the practice's days. */
  private async timeZone(practiceId: number): Promise<string> {
    const [row] = await rowsOf<{ time_zone: string | null }>(
      this.db,
      sql`select time_zone from practice_details where practice_id = ${practiceId} limit 1`,
    );
    return row?.time_zone ?? 'Europe/London';
  }

  async list(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    query: ListQuery,
  ): Promise<ClientActivityList> {
    await clientOfPractice(this.db, auth, clientId);
    // Views are many (every opening of the client records several); they are listed only when asked for.
    const kinds =
      query.kind && query.kind.length > 0 ? sql`where x.kind in ${textList(query.kind)}` : sql`where x.kind <> 'view'`;
    const offset = (query.page - 1) * query.pageSize;
    const rows = await rowsOf<ActivitySqlRow>(
      this.db,
      sql`select x.*, ${ACTOR_NAME} as actor_name, count(*) over () as total
          from (${activitySource(auth.practiceId, { clientId })}) x
          left join users u on u.id = x.actor_id
          ${kinds}
          order by x.at desc, x.source desc, x.id desc
          limit ${query.pageSize} offset ${offset}`,
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && offset > 0) {
      const [count] = await rowsOf<{ total: number | string }>(
        this.db,
        sql`select count(*) as total from (${activitySource(auth.practiceId, { clientId })}) x ${kinds}`,
      );
      total = Number(count?.total ?? 0);
    }
    // Recorded after reading, so the list never shows its own viewing.
    await this.p.audit.record(request, { action: 'listClientActivity', entity: 'client', entityId: clientId });
    const zone = await this.timeZone(auth.practiceId);
    return { items: rows.map((row) => toEntry(row, zone)), total, page: query.page, pageSize: query.pageSize };
  }

  async get(
    auth: AuthContext,
    request: FastifyRequest,
    id: number,
    source: ClientActivitySource,
  ): Promise<ClientActivityEntry> {
    const rows = await rowsOf<ActivitySqlRow>(
      this.db,
      sql`select x.*, ${ACTOR_NAME} as actor_name
          from (${activitySource(auth.practiceId, source === 'manual' ? { manualId: id } : { auditId: id })}) x
          left join users u on u.id = x.actor_id limit 1`,
    );
    const row = rows[0];
    if (!row) throw notFound(ACTIVITY_NOT_FOUND);
    const entry = toEntry(row, await this.timeZone(auth.practiceId));
    await this.p.audit.record(request, {
      action: 'getClientActivity',
      entity: 'client',
      entityId: entry.clientId,
      details: { source, entryId: id },
    });
    return entry;
  }

  async create(
    auth: AuthContext,
    request: FastifyRequest,
    clientId: number,
    body: CreateBody,
  ): Promise<ClientActivityEntry> {
    await clientOfPractice(this.db, auth, clientId);
    const [row] = await this.db
      .insert(clientActivityEntries)
      .values({
        practiceId: auth.practiceId,
        clientId,
        kind: body.kind,
        occurredAt: body.occurredAt ? new Date(body.occurredAt) : new Date(),
        direction: body.direction ?? null,
        summary: body.summary,
        body: body.body ?? null,
        durationMinutes: body.durationMinutes ?? null,
        authorId: auth.userId,
      })
      .returning({ id: clientActivityEntries.id });
    await this.p.audit.record(request, {
      action: 'createClientActivity',
      entity: 'client',
      entityId: clientId,
      details: { entryId: row!.id, kind: body.kind },
    });
    const [created] = await rowsOf<ActivitySqlRow>(
      this.db,
      sql`select x.*, ${ACTOR_NAME} as actor_name
          from (${activitySource(auth.practiceId, { manualId: row!.id })}) x
          left join users u on u.id = x.actor_id limit 1`,
    );
    return toEntry(created!, await this.timeZone(auth.practiceId));
  }
}
