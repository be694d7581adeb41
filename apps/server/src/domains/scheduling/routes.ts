import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { feedsRoutes } from './feeds/routes';

/**
 * Scheduling (issue 14): each area registers its own contract routes (diary, booking, policies, feeds); app.ts calls this
 * once.
 */
export function schedulingRoutes(app: FastifyInstance, platform: Platform): void {
  feedsRoutes(app, platform);
}
