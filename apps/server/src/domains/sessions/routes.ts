import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { AttendanceService } from './attendance';
import { SessionNotesService } from './notes';
import { OtherServicesService } from './other-services';
import { PrivateNotesService } from './private-notes';
import { SessionsService } from './service';

/**
 * A client's sessions (SPEC.md §7): sessions (recurring series, attendance, cancellation), session notes (draft, signed,
 * addenda), general notes, private notes, other services. Appointments and blocked time are the diary's
 * (scheduling/diary).
 */
export function sessionsRoutes(app: FastifyInstance, platform: Platform): void {
  const sessions = new SessionsService(platform);
  const attendance = new AttendanceService(platform);
  const notes = new SessionNotesService(platform);
  const privateNotes = new PrivateNotesService(platform);
  const others = new OtherServicesService(platform);
  registerRoutes(
    app,
    {
      listClientSessions: ({ params, query }, { request }) =>
        sessions.list(requireAuth(request), params.clientId, query),
      getClientSessionSummary: ({ params }, { request }) => sessions.summary(requireAuth(request), params.clientId),
      getClientSession: ({ params }, { request }) => sessions.session(requireAuth(request), params.id),
      scheduleSession: ({ params, body }, { request }) =>
        sessions.schedule(requireAuth(request), request, params.clientId, body),
      updateSession: ({ params, body }, { request }) => sessions.update(requireAuth(request), request, params.id, body),
      markSessionAttendance: ({ params, body }, { request }) =>
        attendance.markAttendance(requireAuth(request), request, params.id, body),
      cancelSession: ({ params, body }, { request }) =>
        attendance.cancel(requireAuth(request), request, params.id, body),
      getSessionCancellation: ({ params }, { request }) => attendance.cancellation(requireAuth(request), params.id),
      deleteClientSession: ({ params }, { request }) => sessions.remove(requireAuth(request), request, params.id),
      getSessionNote: ({ params }, { request }) => notes.note(requireAuth(request), params.id),
      createSessionNote: ({ params, body }, { request }) =>
        notes.createNote(requireAuth(request), request, params.sessionId, body),
      updateSessionNote: ({ params, body }, { request }) =>
        notes.updateNote(requireAuth(request), request, params.id, body),
      signSessionNote: ({ params, body }, { request }) =>
        notes.signNote(requireAuth(request), request, params.id, body),
      addSessionNoteAddendum: ({ params, body }, { request }) =>
        notes.addAddendum(requireAuth(request), request, params.id, body),
      deleteSessionNote: ({ params }, { request }) => notes.removeNote(requireAuth(request), request, params.id),
      listGenericNotes: ({ params }, { request }) => notes.genericNotes(requireAuth(request), params.clientId),
      getGenericNote: ({ params }, { request }) => notes.genericNote(requireAuth(request), params.id),
      createGenericNote: ({ params, body }, { request }) =>
        notes.createGenericNote(requireAuth(request), request, params.clientId, body),
      getPrivateSessionNote: ({ params }, { request }) =>
        privateNotes.privateNote(requireAuth(request), params.sessionId),
      savePrivateSessionNote: ({ params, body }, { request }) =>
        privateNotes.savePrivateNote(requireAuth(request), request, params.sessionId, body),
      deletePrivateSessionNote: ({ params }, { request }) =>
        privateNotes.removePrivateNote(requireAuth(request), request, params.sessionId),
      listOtherServices: ({ params }, { request }) => others.otherServices(requireAuth(request), params.id),
      getOtherService: ({ params }, { request }) => others.otherService(requireAuth(request), params.id),
      createOtherService: ({ params, body }, { request }) =>
        others.createOtherService(requireAuth(request), request, params.clientId, body),
      updateOtherService: ({ params, body }, { request }) =>
        others.updateOtherService(requireAuth(request), request, params.id, body),
      deleteOtherService: ({ params }, { request }) =>
        others.removeOtherService(requireAuth(request), request, params.id),
    },
    {},
    { ownActivity: true },
  );
}
