import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ActivityFacts, ActivityRecord, RouteSpec } from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import type { ActivityRecorder, RouteInput } from '../../platform/http/contract';
import { rowsOf } from '../../platform/db';

/** Whose record a write touched, and the facts its sentence names, read from the database. */
interface Found {
  clientId: number | null;
  facts: ActivityFacts;
}

interface LookupRow {
  client_id: number | string | null;
  on: string | null;
  version: number | null;
  measure: string | null;
}

const DAY = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);
const NONE = sql`null`;

/** A simple lookup: the record's own table, its client, and what its sentence says (its date, version, measure). */
function simple(table: string, extra: { on?: SQL; version?: SQL; measure?: SQL } = {}) {
  return (practiceId: number, id: string): SQL =>
    sql`select t.client_id, ${extra.on ?? NONE} as on, ${extra.version ?? NONE} as version,
          ${extra.measure ?? NONE} as measure
        from ${sql.raw(table)} t where t.id = ${Number(id)} and t.practice_id = ${practiceId} limit 1`;
}

/**
 * Per kind of record (or path parameter) this recorder writes for: how to find the client and the facts. The clinical
 * domains (sessions and notes, treatment plans, risk) record their own rows (`Audit.recordActivity`) and are not here.
 */
const LOOKUPS: Partial<Record<ActivityRecord | 'file', (practiceId: number, id: string) => SQL>> = {
  client: (practiceId, id) =>
    sql`select c.id as client_id, null as on, null as version, null as measure
        from clients c where c.id = ${Number(id)} and c.practice_id = ${practiceId} limit 1`,
  client_details: simple('client_details'),
  client_insurance: simple('client_insurance'),
  client_address: simple('client_addresses'),
  client_reminders: simple('client_reminder_preferences'),
  portal: simple('client_portal_access'),
  relationship: simple('client_relationships'),
  activity_entry: simple('client_activity_entries'),
  initial_assessment: simple('initial_assessments'),
  assessment: simple('assessments', { on: DAY('t.completed_on'), measure: sql.raw('t.measure') }),
  assessment_schedule: simple('assessment_schedules', { measure: sql.raw('t.measure') }),
  measure_link: simple('measure_links', { measure: sql.raw('t.measure') }),
  clinical_profile: simple('clinical_profile_sections'),
  diagnosis: simple('diagnoses'),
  document: simple('client_documents'),
  signature_request: simple('signature_requests'),
  form: simple('client_documents'),
  // Invoices belong to billing, which is not built yet: nothing to find.
  invoice: () => sql`select null as client_id, null as on, null as version, null as measure where false`,
  // A file belongs to a client when it is one of the client's documents or a signed copy of one.
  file: (practiceId, id) =>
    sql`select d.client_id, null as on, null as version, null as measure from client_documents d
        where d.practice_id = ${practiceId} and d.file_id::text = ${id}
        union all
        select d.client_id, null, null, null from signature_requests r join client_documents d on d.id = r.document_id
        where d.practice_id = ${practiceId} and r.signed_file_id::text = ${id}
        limit 1`,
};

/** Which field of a written record's answer is the date its sentence names. */
const DATE_OF: Partial<Record<ActivityRecord, string>> = {
  assessment: 'completed_on',
};

const SENT_KINDS: Readonly<Record<string, ActivityRecord>> = {
  document: 'document',
  form: 'form',
  invoice: 'invoice',
  measure: 'measure_link',
};

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);
/** The written record in an answer: the answer itself, or the first of its `items` (a recurring series). */
function writtenRecord(result: unknown): Obj | null {
  if (!isObj(result)) return null;
  const items = result.items;
  if (Array.isArray(items) && isObj(items[0])) return items[0];
  return result;
}
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The first path parameter: the record (or its parent) the route is about. */
function pathId(params: unknown): { name: string; id: string } | null {
  if (!isObj(params)) return null;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'number' || typeof value === 'string') return { name, id: String(value) };
  }
  return null;
}

/**
 * Records one audit row per write of a client's record: the action and record kind from the contract route, the record's
 * id, the client, and the facts its sentence names (never clinical content). The client's activity log reads these rows.
 * It serves the domains that do not record their own yet (clients, measures, documents); a domain that does registers
 * its
 * routes with `ownActivity` and this recorder stays out.
 */
export class ClientActivityRecorder implements ActivityRecorder {
  constructor(private readonly p: Platform) {}

  private async lookup(practiceId: number, kind: ActivityRecord | 'file', id: string): Promise<Found | null> {
    const query = LOOKUPS[kind];
    if (!query) return null;
    const [row] = await rowsOf<LookupRow>(this.p.database.db, query(practiceId, id));
    if (!row) return null;
    return {
      clientId: row.client_id === null ? null : Number(row.client_id),
      facts: { on: row.on, version: row.version === null ? null : Number(row.version), measure: row.measure },
    };
  }

  async before(request: FastifyRequest, spec: RouteSpec, input: RouteInput<RouteSpec>): Promise<Found | null> {
    const auth = request.auth;
    const activity = spec.activity;
    const param = pathId(input.params);
    if (!auth || !activity || !param) return null;
    if (param.name === 'clientId') return { clientId: Number(param.id), facts: {} };
    return this.lookup(auth.practiceId, activity.target ?? activity.record, param.id);
  }

  async after(
    request: FastifyRequest,
    spec: RouteSpec,
    input: RouteInput<RouteSpec>,
    result: unknown,
    before: unknown,
  ): Promise<void> {
    const activity = spec.activity;
    if (!activity || !request.auth) return;
    const found = (before ?? null) as Found | null;
    const written = writtenRecord(result);
    const body = isObj(input.body) ? input.body : {};
    const item = isObj(body.item) ? body.item : {};
    const record = (text(item.kind) && SENT_KINDS[item.kind as string]) || activity.record;
    const param = pathId(input.params);
    // A new client is its own record; otherwise the client found before the handler ran.
    const clientId =
      activity.record === 'client' && activity.action === 'create' ? num(written?.id) : (found?.clientId ?? null);
    if (clientId === null) return;
    const ownId = activity.target && activity.target !== record ? null : param?.id;
    const entityId = num(written?.id) ?? num(item.id) ?? ownId ?? param?.id ?? null;
    const dateKey = DATE_OF[record];
    const facts: ActivityFacts = {
      ...found?.facts,
      ...(dateKey && text(written?.[dateKey]) && { on: text(written?.[dateKey]) }),
      ...((text(body.measure) ?? text(item.measure) ?? text(written?.measure)) && {
        measure: text(body.measure) ?? text(item.measure) ?? text(written?.measure),
      }),
      ...((activity.action === 'status' || activity.action === 'attendance') && { status: text(body.status) }),
    };
    const details = Object.fromEntries(
      Object.entries(facts).filter((entry): entry is [string, string | number] => entry[1] != null),
    );
    await this.p.audit.record(request, {
      action: activity.action,
      entity: record,
      entityId,
      clientId,
      ...(Object.keys(details).length > 0 && { details }),
    });
  }
}
