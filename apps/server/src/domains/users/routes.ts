import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { AuthService } from '../auth/service';
import { UsersService } from './service';

export function usersRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new UsersService(platform, new AuthService(platform));
  registerRoutes(app, {
    userDetails: (_input, { request }) => service.userDetails(requireAuth(request), request),
    therapistRetrieve: ({ params }, { request }) => service.therapist(requireAuth(request), params.id, request),
    listMembers: (_input, { request }) => service.listMembers(requireAuth(request), request),
    listInvitations: (_input, { request }) => service.listInvitations(requireAuth(request), request),
    inviteMember: ({ body }, { request }) => service.invite(requireAuth(request), body.email, body.role, request),
    resendInvitation: ({ params }, { request }) => service.resendInvitation(requireAuth(request), params.id, request),
    revokeInvitation: ({ params }, { request }) => service.revokeInvitation(requireAuth(request), params.id, request),
    acceptInvitation: ({ body }, { request }) => service.acceptInvitation(body, request),
    changeMemberRole: ({ params, body }, { request }) =>
      service.changeRole(requireAuth(request), params.id, body.role, request),
    deactivateMember: ({ params }, { request }) => service.deactivate(requireAuth(request), params.id, request),
  });
}
