import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db';
import { auditLog } from '../db/schema';

export type AuditOutcome = 'success' | 'denied' | 'not_found' | 'failed' | 'invalid';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  outcome?: AuditOutcome;
  /** Who and where, when not taken from the request (sign-in before a session exists). */
  userId?: number | null;
  practiceId?: number | null;
  role?: string | null;
  /** Small, non-clinical facts (a reason code); never note text, tokens or passwords. */
  details?: Record<string, string | number | boolean | null>;
}

/**
 * The audit log (QUALITY.md security 10): every read and write of practice data records who (user, role), which practice,
 * what (action, entity, entity id), when, from where (IP) and the outcome. Domains call `record`; failed and refused
 * calls to signed-in routes are recorded automatically (see installAuditHook).
 */
export class Audit {
  constructor(private readonly db: Db) {}

  async record(request: FastifyRequest | null, entry: AuditEntry): Promise<void> {
    const auth = request?.auth ?? null;
    if (request) request.audited = true;
    await this.db.insert(auditLog).values({
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      outcome: entry.outcome ?? 'success',
      userId: entry.userId ?? auth?.userId ?? null,
      practiceId: entry.practiceId ?? auth?.practiceId ?? null,
      role: entry.role ?? auth?.role ?? null,
      ip: request?.ip ?? null,
      details: entry.details ?? null,
    });
  }
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
 * 409, 412, 429) and, as a safety net for routes added later, successful ones too (action `read` for GET, `write`
 * otherwise, entity = the contract route name). Written before the answer leaves, so an answered call is always audited.
 */
export function installAuditHook(app: FastifyInstance, audit: Audit): void {
  app.decorateRequest('audited', false);
  app.addHook('onSend', async (request, reply, payload) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public' || request.audited) return payload;
    const status = reply.statusCode;
    const outcome: AuditOutcome | undefined = status < 300 ? 'success' : OUTCOME_BY_STATUS[status];
    if (!outcome) return payload;
    const routeName = request.routeOptions.config.routeName ?? 'unknown';
    const params = (request.params ?? {}) as Record<string, unknown>;
    const entityId = Object.values(params).find((v) => typeof v === 'string' || typeof v === 'number');
    try {
      await audit.record(request, {
        action: outcome === 'success' ? (request.method === 'GET' ? 'read' : 'write') : routeName,
        entity: outcome === 'success' ? routeName : 'route',
        entityId: entityId === undefined ? null : String(entityId).slice(0, 64),
        outcome,
        details: { status, method: request.method },
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
  }
}
