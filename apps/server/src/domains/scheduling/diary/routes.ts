import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { DiaryService, type DiaryParts } from './service';

/** The one diary (SPEC.md §7 Appointments): events, appointments and blocked time, moves, the count, the preferences. */
export function diaryRoutes(app: FastifyInstance, platform: Platform, parts: DiaryParts = {}): void {
  const diary = new DiaryService(platform, parts);
  registerRoutes(
    app,
    {
      appointmentsCount: (_input, { request }) => diary.count(requireAuth(request)),
      retrieveDiaryEvents: ({ params, query }, { request }) =>
        diary.events(requireAuth(request), params.startIso, params.endIso, query.therapistId),
      retrieveDiaryEvent: ({ params }, { request }) => diary.event(requireAuth(request), params.id),
      retrieveAppointment: ({ params }, { request }) => diary.details(requireAuth(request), params.id),
      createAppointment: ({ body }, { request }) => diary.create(requireAuth(request), request, body),
      moveDiaryEvent: ({ params, body }, { request }) => diary.move(requireAuth(request), request, params.id, body),
      deleteDiaryEvent: ({ params, query }, { request }) =>
        diary.remove(requireAuth(request), request, params.id, query),
      getSchedulingPreferences: (_input, { request }) => diary.preferences(requireAuth(request)),
      updateSchedulingPreferences: ({ body }, { request }) => diary.updatePreferences(requireAuth(request), body),
    },
    {},
    { ownActivity: true },
  );
}
