import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { RateLimiter, type RateRule } from '../../platform/http/rate-limits';
import { ClientActivityService } from './activity';
import { lookupClientNames } from './names';
import { ClientsService } from './service';

const HOUR = 60 * 60_000;

/**
 * The public portal invitation link carries a 256-bit random token, so guessing is hopeless; still (as for the signing
 * links of documents), an IP that keeps presenting unknown or dead links is slowed down, and acceptances are capped.
 */
export const PORTAL_LINK_LIMITS = {
  open: { max: 60, windowMs: HOUR },
  accept: { max: 20, windowMs: HOUR },
} as const;

/** Clients (SPEC.md §3, §7): the list, a client, details, insurance, address, reminder preferences, portal, relationships, the activity log. */
export function clientsRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new ClientsService(platform);
  const activity = new ClientActivityService(platform);
  const limiter = new RateLimiter(platform.database.db);
  const badLinks: RateRule = {
    name: 'portal-invitation-open',
    perIp: PORTAL_LINK_LIMITS.open,
    perAccount: PORTAL_LINK_LIMITS.open,
    count: 'failures',
    failureStatuses: [404, 410],
    account: () => null,
  };
  const acceptances: RateRule = {
    name: 'portal-invitation-accept',
    perIp: PORTAL_LINK_LIMITS.accept,
    perAccount: PORTAL_LINK_LIMITS.accept,
    count: 'every',
    account: () => null,
  };
  registerRoutes(
    app,
    {
      lookupClientNames: ({ query }, { request }) =>
        lookupClientNames(platform.database.db, requireAuth(request), query),
      listClients: ({ query }, { request }) => service.list(requireAuth(request), query),
      createClient: ({ body }, { request }) => service.create(requireAuth(request), request, body),
      getClient: ({ params }, { request }) => service.get(requireAuth(request), request, params.id),
      updateClient: ({ params, body }, { request }) => service.update(requireAuth(request), request, params.id, body),
      updateClientStatus: ({ params, body }, { request }) =>
        service.updateStatus(requireAuth(request), request, params.id, body),
      deleteClient: ({ params }, { request }) => service.remove(requireAuth(request), request, params.id),

      getClientDetails: ({ params }, { request }) => service.details(requireAuth(request), request, params.id),
      updateClientDetails: ({ params, body }, { request }) =>
        service.saveDetails(requireAuth(request), request, params.id, body),
      getClientInsurance: ({ params }, { request }) => service.insurance(requireAuth(request), request, params.id),
      getClientBilling: ({ params }, { request }) => service.billing(requireAuth(request), request, params.id),
      updateClientBilling: ({ params, body }, { request }) =>
        service.saveBilling(requireAuth(request), request, params.id, body),
      updateClientInsurance: ({ params, body }, { request }) =>
        service.saveInsurance(requireAuth(request), request, params.id, body),
      getClientAddress: ({ params }, { request }) => service.address(requireAuth(request), request, params.id),
      updateClientAddress: ({ params, body }, { request }) =>
        service.saveAddress(requireAuth(request), request, params.id, body),
      getClientNotifications: ({ params }, { request }) => service.reminders(requireAuth(request), request, params.id),
      updateClientNotifications: ({ params, body }, { request }) =>
        service.saveReminders(requireAuth(request), request, params.id, body),
      getClientPortal: ({ params }, { request }) => service.portal(requireAuth(request), request, params.id),
      inviteClientPortal: ({ params, body }, { request }) =>
        service.invitePortal(requireAuth(request), request, params.id, body),
      revokeClientPortal: ({ params }, { request }) => service.revokePortal(requireAuth(request), request, params.id),
      portalInvitationRetrieve: ({ params }, { request }) => service.portalInvitation(params.token, request),
      acceptPortalInvitation: ({ params }, { request }) => service.acceptPortalInvitation(params.token, request),

      listClientRelationships: ({ params }, { request }) =>
        service.relationships(requireAuth(request), request, params.clientId),
      getClientRelationship: ({ params }, { request }) =>
        service.relationship(requireAuth(request), request, params.id),
      createClientRelationship: ({ params, body }, { request }) =>
        service.createRelationship(requireAuth(request), request, params.clientId, body),
      updateClientRelationship: ({ params, body }, { request }) =>
        service.updateRelationship(requireAuth(request), request, params.id, body),
      deleteClientRelationship: ({ params }, { request }) =>
        service.deleteRelationship(requireAuth(request), request, params.id),

      listClientActivity: ({ params, query }, { request }) =>
        activity.list(requireAuth(request), request, params.clientId, query),
      getClientActivity: ({ params, query }, { request }) =>
        activity.get(requireAuth(request), request, params.id, query.source),
      createClientActivity: ({ params, body }, { request }) =>
        activity.create(requireAuth(request), request, params.clientId, body),
    },
    {
      portalInvitationRetrieve: limiter.hooks(badLinks),
      acceptPortalInvitation: limiter.hooks(acceptances),
    },
  );
}
