import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { RateLimiter, type RateRule } from '../../platform/http/rate-limits';
import { MeasuresService } from './service';

/** Outcome measures, a client's assessments and insights, the initial assessment, clinical profile and diagnosis. */
export function measuresRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new MeasuresService(platform);
  const limiter = new RateLimiter(platform.database.db);
  // The client's link routes are open without sign-in: a guesser of tokens is slowed down by their failures (404, 410),
  // and submissions are capped per address.
  const badLinks: RateRule = {
    name: 'measure-link-open',
    perIp: { max: 30, windowMs: 15 * 60 * 1000 },
    perAccount: { max: 30, windowMs: 15 * 60 * 1000 },
    count: 'failures',
    failureStatuses: [404, 410],
    account: () => null,
  };
  const submissions: RateRule = {
    name: 'measure-link-submit',
    perIp: { max: 20, windowMs: 15 * 60 * 1000 },
    perAccount: { max: 20, windowMs: 15 * 60 * 1000 },
    count: 'every',
    account: () => null,
  };
  registerRoutes(
    app,
    {
      initialAssessment: ({ params }, { request }) => service.initial(requireAuth(request), params.clientId),
      saveInitialAssessment: ({ params, body }, { request }) =>
        service.saveInitial(requireAuth(request), params.clientId, body),
      assessments: ({ params }, { request }) => service.list(requireAuth(request), params.clientId),
      singleAssessment: ({ params }, { request }) => service.get(requireAuth(request), params.id),
      assessmentInsights: ({ params }, { request }) => service.insights(requireAuth(request), params.clientId),
      createAssessment: ({ params, body }, { request }) => service.create(requireAuth(request), params.clientId, body),
      updateAssessment: ({ params, body }, { request }) => service.update(requireAuth(request), params.id, body),
      deleteAssessment: ({ params }, { request }) => service.remove(requireAuth(request), params.id),
      assessmentSchedules: ({ params }, { request }) => service.schedules(requireAuth(request), params.clientId),
      createAssessmentSchedule: ({ params, body }, { request }) =>
        service.schedule(requireAuth(request), params.clientId, body),
      cancelAssessmentSchedule: ({ params }, { request }) => service.cancelSchedule(requireAuth(request), params.id),
      sendMeasureLink: ({ params, body }, { request }) => service.sendNow(requireAuth(request), params.clientId, body),
      publicMeasure: ({ params }) => service.publicMeasure(params.token),
      submitPublicMeasure: ({ params, body }, { request }) => service.submitPublic(params.token, body.answers, request),
      clinicalProfile: ({ params }, { request }) => service.profile(requireAuth(request), params.clientId),
      clinicalProfileSection: ({ params }, { request }) => service.section(requireAuth(request), params.id),
      clinicalProfileSectionByType: ({ params }, { request }) =>
        service.sectionByType(requireAuth(request), params.clientId, params.type),
      saveClinicalProfileSection: ({ params, body }, { request }) =>
        service.saveSection(requireAuth(request), params.clientId, params.type, body),
      diagnoses: ({ params }, { request }) => service.diagnoses(requireAuth(request), params.clientId),
      createDiagnosis: ({ params, body }, { request }) =>
        service.addDiagnosis(requireAuth(request), params.clientId, body),
      updateDiagnosis: ({ params, body }, { request }) =>
        service.updateDiagnosis(requireAuth(request), params.id, body),
      deleteDiagnosis: ({ params }, { request }) => service.deleteDiagnosis(requireAuth(request), params.id),
    },
    {
      publicMeasure: limiter.hooks(badLinks),
      submitPublicMeasure: limiter.hooks(submissions),
    },
  );
}
