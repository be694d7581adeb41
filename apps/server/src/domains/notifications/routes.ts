import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES } from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { forbidden, notFound } from '../../platform/errors';
import { NotificationService } from './service';

export const NOTIFICATION_NOT_FOUND = 'That notification was not found.';

export function notificationsRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new NotificationService(platform.database.db);
  registerRoutes(app, {
    shortNotifications: (_input, { request }) => {
      const auth = requireAuth(request);
      return service.recent(auth.practiceId, auth.userId);
    },
    notificationsCount: async (_input, { request }) => {
      const auth = requireAuth(request);
      return { count: await service.unreadCount(auth.practiceId, auth.userId) };
    },
    // The same session-bound token as GET /api/auth/csrf-token (SPEC.md §7 names this path for the notifications panel).
    notificationsCsrfToken: (_input, { request }) => ({
      csrfToken: platform.tokens.csrfFor(requireAuth(request).sessionId),
    }),
    markNotificationRead: async ({ params, body }, { request }) => {
      const auth = requireAuth(request);
      const header = request.headers['x-csrf-token'];
      if (!platform.tokens.checkCsrf(typeof header === 'string' ? header : undefined, auth.sessionId)) {
        throw forbidden(AUTH_MESSAGES.badCsrf);
      }
      const updated = await service.mark(auth.practiceId, auth.userId, params.id, body.read);
      if (!updated) throw notFound(NOTIFICATION_NOT_FOUND);
      return updated;
    },
  });
}
