import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes, type ActivityFacts, type RouteActivity, type RouteName, type Routes } from '@halcyon/api/contract';
import type { Db } from '../db';
import type { auditLog } from '../db/schema';

export type AuditOutcome = 'success' | 'denied' | 'not_found' | 'failed' | 'invalid';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** The client whose record this is: the entry then shows in that client's activity log. */
  clientId?: number | null;
  outcome?: AuditOutcome;
  /** Who and where, when not taken from the request (sign-in before a session exists). */
  userId?: number | null;
  practiceId?: number | null;
  role?: string | null;
  /** Small, non-clinical facts (a reason code); never note text, tokens or passwords. */
  details?: Record<string, string | number | boolean | null>;
}

type AuditRow = typeof auditLog.$inferInsert;

/** The contract routes that declare what they do to a client's record (`activity`): the writes of a client's record. */
export type ActivityRoute = {
  [K in RouteName]: Routes[K] extends { readonly activity: RouteActivity } ? K : never;
}[RouteName];

/**
 * What a write of a client's record touched: the record's own id (the note, not its session), its client, its facts.
 */
export interface ActivityWrite {
  id: number | string;
  /** Null only for a route whose activity is `clientOptional` (an appointment about no client). */
  clientId: number | null;
  /** What the activity log's sentence names (a date, a new status, a version): never clinical content. */
  facts?: ActivityFacts;
}

/** Does the route write a client's record (its contract declares `activity`)? */
export const isActivityRoute = (name: string | undefined): name is ActivityRoute =>
  name !== undefined &&
  Object.hasOwn(routes, name) &&
  routes[name as RouteName].method !== 'GET' &&
  'activity' in routes[name as RouteName];

interface Pending {
  row: AuditRow;
  settle: (error?: Error) => void;
}

/** Most rows one INSERT carries; a larger backlog goes out in several. */
const MAX_BATCH = 200;

/**
 * The audit log (QUALITY.md security 10): every read and write of practice data records who (user, role), which practice,
 * what (action, entity, entity id), when, from where (IP) and the outcome. Domains call `record`; failed and refused
 * calls to signed-in routes are recorded automatically (see installAuditHook).
 *
 * Group commit: `record` resolves only once its row is stored, but rows recorded while an INSERT is in flight wait for it
 * and then go out together in one multi-row INSERT. Under load that is one statement and one commit for many requests
 * instead of one each; an idle server writes each row at once, as before.
 */
export class Audit {
  private readonly queue: Pending[] = [];
  private draining = false;

  constructor(private readonly db: Db) {}

  record(request: FastifyRequest | null, entry: AuditEntry): Promise<void> {
    const auth = request?.auth ?? null;
    if (request) {
      request.audited = true;
      if (entry.clientId !== undefined && entry.clientId !== null) request.activityRecorded = true;
    }
    const row: AuditRow = {
      at: new Date(),
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      clientId: entry.clientId ?? null,
      outcome: entry.outcome ?? 'success',
      userId: entry.userId ?? auth?.userId ?? null,
      practiceId: entry.practiceId ?? auth?.practiceId ?? null,
      role: entry.role ?? auth?.role ?? null,
      ip: request?.ip ?? null,
      details: entry.details ?? null,
    };
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.draining) void this.drain();
    });
  }

  /**
   * The row of a write of a client's record, recorded by the domain that wrote it: the action and record kind its
   * contract
   * route declares, the record's own id, its client and the facts the client's activity log names (contract
   * activity.ts).
   */
  recordActivity(request: FastifyRequest, route: ActivityRoute, write: ActivityWrite): Promise<void> {
    const { action, record } = routes[route].activity;
    const details = Object.fromEntries(
      Object.entries(write.facts ?? {}).filter((entry): entry is [string, string | number] => entry[1] != null),
    );
    return this.record(request, {
      action,
      entity: record,
      entityId: write.id,
      clientId: write.clientId,
      ...(Object.keys(details).length > 0 && { details }),
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        if (batch.length > 1 && (await this.insert(batch.map((pending) => pending.row))) === undefined) {
          for (const pending of batch) pending.settle();
          continue;
        }
        // One row, or a batch that failed: each row on its own, so one bad row costs no other its entry.
        for (const pending of batch) pending.settle(await this.insert([pending.row]));
      }
    } finally {
      this.draining = false;
    }
  }

  /** Stores rows; answers the error when the INSERT failed, undefined when it succeeded. */
  private async insert(rows: AuditRow[]): Promise<Error | undefined> {
    try {
      await this.db.execute(insertAuditRows(rows));
      return undefined;
    } catch (error) {
      return error instanceof Error ? error : new Error(`The audit entry could not be written: ${String(error)}`);
    }
  }
}

/**
 * One INSERT of any number of audit rows, each column sent as one array and unnested: the statement's text is the same
 * for one row or two hundred, so each connection parses and plans it once (a VALUES list had a text per batch size, up to
 * 200 statements each parsed again), and building it costs the same whatever the batch. Times and details go as text
 * (ISO, JSON), which both drivers put in an array alike.
 */
export function insertAuditRows(rows: readonly AuditRow[]): SQL {
  const column = <T>(value: (row: AuditRow) => T) => sql.param(rows.map(value));
  return sql`insert into audit_log (at, practice_id, user_id, role, action, entity, entity_id, client_id, ip, outcome, details)
    select * from unnest(
      ${column((row) => (row.at ?? new Date()).toISOString())}::timestamptz[],
      ${column((row) => row.practiceId ?? null)}::int[],
      ${column((row) => row.userId ?? null)}::int[],
      ${column((row) => row.role ?? null)}::text[],
      ${column((row) => row.action)}::text[],
      ${column((row) => row.entity)}::text[],
      ${column((row) => row.entityId ?? null)}::text[],
      ${column((row) => row.clientId ?? null)}::int[],
      ${column((row) => row.ip ?? null)}::text[],
      ${column((row) => row.outcome)}::text[],
      ${column((row) => (row.details === null || row.details === undefined ? null : JSON.stringify(row.details)))}::jsonb[])`;
}

/** Did the domain record the write's own row: with its client, or without one where the activity is `clientOptional`? */
function ownRowRecorded(request: FastifyRequest, route: ActivityRoute): boolean {
  const activity: RouteActivity = routes[route].activity;
  return request.activityRecorded || (activity.clientOptional === true && request.audited);
}

const OUTCOME_BY_STATUS: Readonly<Record<number, AuditOutcome>> = {
  400: 'invalid',
  401: 'denied',
  403: 'denied',
  404: 'not_found',
  409: 'failed',
  412: 'failed',
  429: 'denied',
  500: 'failed',
};

/**
 * Records every call to a signed-in route that its handler did not record itself: refused and failed calls (401, 403, 404,
 * 409, 412, 429) and, as a safety net for routes added later, successful reads and non-clinical writes (action `read`
 * for GET, `write` otherwise, entity = the contract route name). Written before the answer leaves, so an answered call
 * is
 * always audited.
 *
 * A successful write of a client's record (a route whose contract declares `activity`) is never covered silently: its
 * domain records its own row (the record's kind and id and the client; without a client only where the activity is
 * `clientOptional`). When none was recorded, that is a defect: the
 * hook logs an error and the generic row it writes says so (`ownRowMissing`), so the gap shows instead of hiding.
 */
export function installAuditHook(app: FastifyInstance, audit: Audit): void {
  app.decorateRequest('audited', false);
  app.decorateRequest('activityRecorded', false);
  app.addHook('onSend', async (request, reply, payload) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return payload;
    const status = reply.statusCode;
    const outcome: AuditOutcome | undefined = status < 300 ? 'success' : OUTCOME_BY_STATUS[status];
    if (!outcome) return payload;
    const routeName = request.routeOptions.config.routeName ?? 'unknown';
    const ownRowMissing = outcome === 'success' && isActivityRoute(routeName) && !ownRowRecorded(request, routeName);
    if (request.audited && !ownRowMissing) return payload;
    if (ownRowMissing) request.log.error({ route: routeName }, "a write of a client's record recorded no audit row");
    const params = (request.params ?? {}) as Record<string, unknown>;
    const entityId = Object.values(params).find((v) => typeof v === 'string' || typeof v === 'number');
    try {
      await audit.record(request, {
        action: outcome === 'success' ? (request.method === 'GET' ? 'read' : 'write') : routeName,
        entity: outcome === 'success' ? routeName : 'route',
        entityId: entityId === undefined ? null : String(entityId).slice(0, 64),
        outcome,
        details: { status, method: request.method, ...(ownRowMissing && { ownRowMissing: true }) },
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not write the audit entry');
    }
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    audited: boolean;
    /** A row about a client's record (with its client) was recorded for this request. */
    activityRecorded: boolean;
  }
}
