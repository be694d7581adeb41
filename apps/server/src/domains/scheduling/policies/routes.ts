import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { cancellationFee, CancellationRulesService } from './cancellation';
import { LocationsService } from './locations';
import { sessionRow } from '../../sessions/shared';

/**
 * The practice's appointment policies (Settings > Appointments, SPEC.md §7): locations, cancellation rules, and the fee
 * a cancellation would cost (the cancel and attendance modals show it before saving). The reminder times are a field of
 * the diary's scheduling preferences, saved by its route.
 */
export function policiesRoutes(app: FastifyInstance, platform: Platform): void {
  const db = platform.database.db;
  const locations = new LocationsService(db);
  const rules = new CancellationRulesService(db);
  registerRoutes(app, {
    listAppointmentLocations: (_input, { request }) => locations.list(requireAuth(request)),
    getAppointmentLocation: ({ params }, { request }) => locations.one(requireAuth(request), params.id),
    createAppointmentLocation: ({ body }, { request }) => locations.create(requireAuth(request), body),
    updateAppointmentLocation: ({ params, body }, { request }) =>
      locations.update(requireAuth(request), params.id, body),
    deleteAppointmentLocation: ({ params }, { request }) => locations.remove(requireAuth(request), params.id),
    listCancellationRules: (_input, { request }) => rules.list(requireAuth(request)),
    getCancellationRule: ({ params }, { request }) => rules.one(requireAuth(request), params.id),
    createCancellationRule: ({ body }, { request }) => rules.create(requireAuth(request), body),
    updateCancellationRule: ({ params, body }, { request }) => rules.update(requireAuth(request), params.id, body),
    deleteCancellationRule: ({ params }, { request }) => rules.remove(requireAuth(request), params.id),
    getCancellationFee: async ({ params, query }, { request }) => {
      const auth = requireAuth(request);
      const session = await sessionRow(db, auth, params.sessionId);
      return cancellationFee(db, auth.practiceId, session, query.kind, query.at ? new Date(query.at) : new Date());
    },
  });
}
