import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_CURRENCY, DEFAULT_TIME_ZONE, type Practice, type PracticeSetup } from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { practiceDetails, practices } from '../../schema';
import { registerRoutes } from '../../platform/http/contract';
import { notFound } from '../../platform/errors';
import { rowsOf } from '../../platform/db';

/**
 * The setup steps done, in one statement of four index probes: details with an address and a contact, a service not
 * archived, any availability, any invoice account.
 */
const setupOf = (practiceId: number) => sql`select
  exists (select 1 from practice_details d where d.practice_id = ${practiceId}
    and coalesce(trim(d.address_line_1), '') <> ''
    and (coalesce(trim(d.contact_email), '') <> '' or coalesce(trim(d.contact_phone), '') <> '')) as details,
  exists (select 1 from services s where s.practice_id = ${practiceId} and not s.archived) as service,
  exists (select 1 from appointment_availability a where a.practice_id = ${practiceId}) as availability,
  exists (select 1 from invoice_accounts i where i.practice_id = ${practiceId}) as "invoiceAccount"`;

function toPractice(
  row: typeof practices.$inferSelect,
  details: { timeZone: string; currency: string } | null | undefined,
): Practice {
  return {
    id: row.id,
    name: row.name,
    idleTimeoutMinutes: row.idleTimeoutMinutes,
    requireTwoFactor: row.requireTwoFactor,
    logoUrl: row.logoUrl,
    timeZone: details?.timeZone ?? DEFAULT_TIME_ZONE,
    currency: details?.currency ?? DEFAULT_CURRENCY,
  };
}

export function practiceRoutes(app: FastifyInstance, { database, audit }: Platform): void {
  const { db } = database;
  registerRoutes(app, {
    getPractice: async (_input, { request }) => {
      const auth = requireAuth(request);
      const [found] = await db
        .select({ practice: practices, timeZone: practiceDetails.timeZone, currency: practiceDetails.currency })
        .from(practices)
        .leftJoin(practiceDetails, eq(practiceDetails.practiceId, practices.id))
        .where(eq(practices.id, auth.practiceId))
        .limit(1);
      if (!found) throw notFound();
      await audit.record(request, { action: 'read', entity: 'practice', entityId: found.practice.id });
      return toPractice(
        found.practice,
        found.timeZone === null || found.currency === null
          ? null
          : { timeZone: found.timeZone, currency: found.currency },
      );
    },
    updatePractice: async ({ body }, { request }) => {
      const auth = requireAuth(request);
      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.idleTimeoutMinutes !== undefined ? { idleTimeoutMinutes: body.idleTimeoutMinutes } : {}),
        ...(body.requireTwoFactor !== undefined ? { requireTwoFactor: body.requireTwoFactor } : {}),
      };
      const [row] =
        Object.keys(changes).length > 0
          ? await db.update(practices).set(changes).where(eq(practices.id, auth.practiceId)).returning()
          : await db.select().from(practices).where(eq(practices.id, auth.practiceId)).limit(1);
      if (!row) throw notFound();
      const [details] = await db
        .select({ timeZone: practiceDetails.timeZone, currency: practiceDetails.currency })
        .from(practiceDetails)
        .where(eq(practiceDetails.practiceId, row.id))
        .limit(1);
      await audit.record(request, {
        action: 'update',
        entity: 'practice',
        entityId: row.id,
        details: { fields: Object.keys(body).join(',') },
      });
      return toPractice(row, details);
    },
    getPracticeSetup: async (_input, { request }) => {
      const auth = requireAuth(request);
      const [setup] = await rowsOf<PracticeSetup>(db, setupOf(auth.practiceId));
      return setup!;
    },
  });
}
