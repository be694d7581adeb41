import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { diaryRoutes } from './diary';
import { feedsRoutes } from './feeds/routes';

/**
 * Scheduling (issue 14), one area per folder, each with its routes, schema and services: the diary (events, appointments
 * and blocked time, the busy-time guard, preferences), feeds (calendar feeds, external calendars, video). Each area's
 * routes are registered here, once, from app.ts.
 */
export function schedulingRoutes(app: FastifyInstance, platform: Platform): void {
  diaryRoutes(app, platform);
  feedsRoutes(app, platform);
}
