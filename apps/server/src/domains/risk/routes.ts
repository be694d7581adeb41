import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { RiskService } from './service';

/** A client's risk assessments (versioned), risk log and safety plans (versioned). */
export function riskRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new RiskService(platform);
  registerRoutes(
    app,
    {
      getCurrentRiskAssessment: ({ params }, { request }) =>
        service.currentAssessment(requireAuth(request), params.clientId),
      listRiskAssessmentVersions: ({ params }, { request }) =>
        service.assessmentVersions(requireAuth(request), params.clientId),
      getRiskAssessment: ({ params }, { request }) => service.assessment(requireAuth(request), params.id),
      saveRiskAssessment: ({ params, body }, { request }) =>
        service.saveAssessment(requireAuth(request), request, params.clientId, body),
      deleteRiskAssessment: ({ params }, { request }) =>
        service.removeAssessment(requireAuth(request), request, params.id),
      listRiskLog: ({ params }, { request }) => service.riskLog(requireAuth(request), params.clientId),
      getRiskItem: ({ params }, { request }) => service.item(requireAuth(request), params.id),
      createRiskItem: ({ params, body }, { request }) =>
        service.createItem(requireAuth(request), request, params.clientId, body),
      updateRiskItem: ({ params, body }, { request }) =>
        service.updateItem(requireAuth(request), request, params.id, body),
      setRiskItemStatus: ({ params, body }, { request }) =>
        service.setItemStatus(requireAuth(request), request, params.id, body),
      deleteRiskItem: ({ params }, { request }) => service.removeItem(requireAuth(request), request, params.id),
      getCurrentSafetyPlan: ({ params }, { request }) =>
        service.currentSafetyPlan(requireAuth(request), params.clientId),
      listSafetyPlanVersions: ({ params }, { request }) =>
        service.safetyPlanVersions(requireAuth(request), params.clientId),
      getSafetyPlan: ({ params }, { request }) => service.safetyPlan(requireAuth(request), params.id),
      saveSafetyPlan: ({ params, body }, { request }) =>
        service.saveSafetyPlan(requireAuth(request), request, params.clientId, body),
      deleteSafetyPlan: ({ params }, { request }) => service.removeSafetyPlan(requireAuth(request), request, params.id),
    },
    {},
    { ownActivity: true },
  );
}
