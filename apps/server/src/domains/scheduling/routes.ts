import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { bookingRoutes, openRequestsCount } from './booking';
import { diaryRoutes } from './diary';
import { feedsRoutes } from './feeds/routes';
import { policiesRoutes } from './policies';

/**
 * Scheduling (issue 14), one area per folder, each with its routes, schema and services: the diary (events, appointments
 * and blocked time, the busy-time guard, preferences), feeds (calendar feeds, external calendars, video),
 * booking (availability, online-booking rules, session requests, the public booking page), policies (locations,
 * cancellation rules, reminders). Each area's routes are registered here, once, from app.ts.
 */
export function schedulingRoutes(app: FastifyInstance, platform: Platform): void {
  // The sidebar's count adds the session requests waiting for the member (booking's inbox).
  diaryRoutes(app, platform, { pendingRequests: openRequestsCount });
  feedsRoutes(app, platform);
  bookingRoutes(app, platform);
  policiesRoutes(app, platform);
}
