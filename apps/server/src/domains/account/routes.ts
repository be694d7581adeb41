import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { AccountService } from './service';

/** Settings of the account and the practice (SPEC.md §7 Settings GETs, with their writes). */
export function accountRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new AccountService(platform);
  registerRoutes(app, {
    getProfileSettings: (_input, { request }) => service.profile(requireAuth(request)),
    updateProfileSettings: ({ body }, { request }) => service.updateProfile(requireAuth(request), body),
    getNotificationPreferences: (_input, { request }) => service.preferences(requireAuth(request)),
    updateNotificationPreferences: ({ body }, { request }) => service.savePreferences(requireAuth(request), body),
    getSecurityDetails: (_input, { request }) => service.securityDetails(requireAuth(request)),
    getPracticeSettings: (_input, { request }) => service.practice(requireAuth(request)),
    updatePracticeSettings: ({ body }, { request }) => service.updatePractice(requireAuth(request), body),
    getPracticeLogo: (_input, { request }) => service.logo(requireAuth(request)),
    uploadPracticeLogo: (_input, { request }) => service.uploadLogo(requireAuth(request), request),
    deletePracticeLogo: (_input, { request }) => service.deleteLogo(requireAuth(request)),
    getSubscription: (_input, { request }) => service.subscription(requireAuth(request)),
  });
}
