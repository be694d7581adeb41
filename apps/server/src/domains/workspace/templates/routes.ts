import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { TemplatesService } from './service';

/** The template library (Settings > Template-library, set-form-template, view-form-template, set-email-template). */
export function templatesRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new TemplatesService(platform);
  registerRoutes(app, {
    listFormTemplates: (_, { request }) => service.listForms(requireAuth(request)),
    getFormTemplate: ({ params }, { request }) => service.oneForm(requireAuth(request), params.id),
    listFormTemplatesByCategory: ({ params }, { request }) =>
      service.formsOfCategory(requireAuth(request), params.category),
    listFormTemplatesByUsageContext: ({ params }, { request }) =>
      service.formsFor(requireAuth(request), params.context),
    createFormTemplate: ({ body }, { request }) => service.createForm(request, requireAuth(request), body),
    updateFormTemplate: ({ params, body }, { request }) =>
      service.updateForm(request, requireAuth(request), params.id, body),
    deleteFormTemplate: ({ params }, { request }) => service.removeForm(request, requireAuth(request), params.id),
    listEmailTemplates: (_, { request }) => service.listEmails(requireAuth(request)),
    getEmailTemplate: ({ params }, { request }) => service.oneEmail(requireAuth(request), params.id),
    getEmailTemplateFor: ({ params }, { request }) =>
      service.emailFor(requireAuth(request).practiceId, params.usageContext),
    createEmailTemplate: ({ body }, { request }) => service.createEmail(request, requireAuth(request), body),
    updateEmailTemplate: ({ params, body }, { request }) =>
      service.updateEmail(request, requireAuth(request), params.id, body),
    deleteEmailTemplate: ({ params }, { request }) => service.removeEmail(request, requireAuth(request), params.id),
  });
}
