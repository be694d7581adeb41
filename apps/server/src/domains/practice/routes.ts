import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Practice } from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { practices } from '../../schema';
import { registerRoutes } from '../../platform/http/contract';
import { notFound } from '../../platform/errors';

function toPractice(row: typeof practices.$inferSelect): Practice {
  return {
    id: row.id,
    name: row.name,
    idleTimeoutMinutes: row.idleTimeoutMinutes,
    requireTwoFactor: row.requireTwoFactor,
    logoUrl: row.logoUrl,
  };
}

export function practiceRoutes(app: FastifyInstance, { database, audit }: Platform): void {
  const { db } = database;
  registerRoutes(app, {
    getPractice: async (_input, { request }) => {
      const auth = requireAuth(request);
      const [row] = await db.select().from(practices).where(eq(practices.id, auth.practiceId)).limit(1);
      if (!row) throw notFound();
      await audit.record(request, { action: 'read', entity: 'practice', entityId: row.id });
      return toPractice(row);
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
      await audit.record(request, {
        action: 'update',
        entity: 'practice',
        entityId: row.id,
        details: { fields: Object.keys(body).join(',') },
      });
      return toPractice(row);
    },
  });
}
