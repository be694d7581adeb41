import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context';
import { registerRoutes } from '../../platform/http/contract';
import { HttpError } from '../../platform/errors';

export function healthRoutes(app: FastifyInstance, { database }: AppContext): void {
  registerRoutes(app, {
    getHealth: async () => {
      try {
        await database.ping();
      } catch {
        throw new HttpError(503, 'The database is not answering. Please try again shortly.');
      }
      return { status: 'ok' as const, database: database.kind };
    },
  });
}
