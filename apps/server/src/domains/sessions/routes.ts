import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { SessionsService } from './service';

/**
 * A client's sessions (SPEC.md §7): sessions (recurring series, attendance, cancellation), session notes (draft, signed,
 * addenda), general notes, private notes, other services; appointments and blocked time; today's count.
 */
export function sessionsRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new SessionsService(platform);
  registerRoutes(app, {
    listClientSessions: ({ params, query }, { request }) => service.list(requireAuth(request), params.clientId, query),
    getClientSessionSummary: ({ params }, { request }) => service.summary(requireAuth(request), params.clientId),
    getClientSession: ({ params }, { request }) => service.session(requireAuth(request), params.id),
    scheduleSession: ({ params, body }, { request }) => service.schedule(requireAuth(request), params.clientId, body),
    updateSession: ({ params, body }, { request }) => service.update(requireAuth(request), params.id, body),
    markSessionAttendance: ({ params, body }, { request }) =>
      service.markAttendance(requireAuth(request), params.id, body),
    cancelSession: ({ params, body }, { request }) => service.cancel(requireAuth(request), params.id, body),
    getSessionCancellation: ({ params }, { request }) => service.cancellation(requireAuth(request), params.id),
    deleteClientSession: ({ params }, { request }) => service.remove(requireAuth(request), params.id),
    getSessionNote: ({ params }, { request }) => service.note(requireAuth(request), params.id),
    createSessionNote: ({ params, body }, { request }) =>
      service.createNote(requireAuth(request), params.sessionId, body),
    updateSessionNote: ({ params, body }, { request }) => service.updateNote(requireAuth(request), params.id, body),
    signSessionNote: ({ params, body }, { request }) => service.signNote(requireAuth(request), params.id, body),
    addSessionNoteAddendum: ({ params, body }, { request }) =>
      service.addAddendum(requireAuth(request), params.id, body),
    deleteSessionNote: ({ params }, { request }) => service.removeNote(requireAuth(request), params.id),
    listGenericNotes: ({ params }, { request }) => service.genericNotes(requireAuth(request), params.clientId),
    getGenericNote: ({ params }, { request }) => service.genericNote(requireAuth(request), params.id),
    createGenericNote: ({ params, body }, { request }) =>
      service.createGenericNote(requireAuth(request), params.clientId, body),
    getPrivateSessionNote: ({ params }, { request }) => service.privateNote(requireAuth(request), params.sessionId),
    savePrivateSessionNote: ({ params, body }, { request }) =>
      service.savePrivateNote(requireAuth(request), params.sessionId, body),
    deletePrivateSessionNote: ({ params }, { request }) =>
      service.removePrivateNote(requireAuth(request), params.sessionId),
    listOtherServices: ({ params }, { request }) => service.otherServices(requireAuth(request), params.id),
    getOtherService: ({ params }, { request }) => service.otherService(requireAuth(request), params.id),
    createOtherService: ({ params, body }, { request }) =>
      service.createOtherService(requireAuth(request), params.clientId, body),
    updateOtherService: ({ params, body }, { request }) =>
      service.updateOtherService(requireAuth(request), params.id, body),
    deleteOtherService: ({ params }, { request }) => service.removeOtherService(requireAuth(request), params.id),
    createAppointment: ({ body }, { request }) => service.createAppointment(requireAuth(request), body),
    deleteAppointment: ({ params }, { request }) => service.removeAppointment(requireAuth(request), params.id),
    appointmentsCount: (_input, { request }) => service.todayCount(requireAuth(request)),
  });
}
