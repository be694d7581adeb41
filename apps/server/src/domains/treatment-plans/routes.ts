import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { TreatmentPlansService } from './service';

/** A client's treatment plans with goals and objectives, their versions and reviews (SPEC.md §4 current-plan rule). */
export function treatmentPlansRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new TreatmentPlansService(platform);
  registerRoutes(
    app,
    {
      listTreatmentPlans: ({ params }, { request }) => service.list(requireAuth(request), params.clientId),
      getTreatmentPlanSummary: ({ params }, { request }) => service.summary(requireAuth(request), params.planId),
      getTreatmentPlan: ({ params }, { request }) => service.plan(requireAuth(request), params.planId),
      createTreatmentPlan: ({ params, body }, { request }) =>
        service.create(requireAuth(request), request, params.clientId, body),
      createTreatmentPlanVersion: ({ params, body }, { request }) =>
        service.newVersion(requireAuth(request), request, params.planId, body),
      setCurrentTreatmentPlan: ({ params }, { request }) =>
        service.setCurrent(requireAuth(request), request, params.planId),
      deleteTreatmentPlan: ({ params }, { request }) => service.remove(requireAuth(request), request, params.planId),
      addTreatmentPlanGoal: ({ params, body }, { request }) =>
        service.addGoal(requireAuth(request), request, params.planId, body),
      updateTreatmentPlanGoal: ({ params, body }, { request }) =>
        service.updateGoal(requireAuth(request), request, params.goalId, body),
      deleteTreatmentPlanGoal: ({ params }, { request }) =>
        service.removeGoal(requireAuth(request), request, params.goalId),
      listTreatmentPlanReviews: ({ params }, { request }) => service.reviews(requireAuth(request), params.clientId),
      getTreatmentPlanReview: ({ params }, { request }) => service.review(requireAuth(request), params.reviewId),
      createTreatmentPlanReview: ({ params, body }, { request }) =>
        service.createReview(requireAuth(request), request, params.planId, body),
      deleteTreatmentPlanReview: ({ params }, { request }) =>
        service.removeReview(requireAuth(request), request, params.reviewId),
    },
    {},
    { ownActivity: true },
  );
}
