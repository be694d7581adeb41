import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { sendCsv } from '../../../platform/csv';
import { claimCsvRows } from './export';
import { ClaimsService, type ClaimSources } from './service';

/**
 * Billing > Insurance claims (SPEC.md §7: insurance-claims, insurance-claim/{id}, insurance-claim-details/{id}), their
 * writes and the claim's CSV. The services record the client's activity rows themselves.
 */
export function claimsRoutes(app: FastifyInstance, platform: Platform, sources: ClaimSources): void {
  const service = new ClaimsService(platform, sources);
  registerRoutes(
    app,
    {
      listInsuranceClaims: ({ query }, { request }) => service.list(requireAuth(request), query),
      getInsuranceClaim: ({ params }, { request }) => service.one(requireAuth(request), params.id),
      getInsuranceClaimDetails: ({ params }, { request }) => service.details(requireAuth(request), params.id),
      createInsuranceClaim: ({ body }, { request }) => service.create(requireAuth(request), body, request),
      updateInsuranceClaimStatus: ({ params, body }, { request }) =>
        service.changeStatus(requireAuth(request), params.id, body, request),
      deleteInsuranceClaim: ({ params }, { request }) => service.remove(requireAuth(request), params.id, request),
      exportInsuranceClaim: async ({ params }, { request, reply }) => {
        const claim = await service.details(requireAuth(request), params.id);
        return sendCsv(reply, `insurance-claim-${claim.id}.csv`, claimCsvRows(claim));
      },
    },
    {},
    { ownActivity: true },
  );
}
