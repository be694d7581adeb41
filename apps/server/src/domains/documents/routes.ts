import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { RateLimiter, type RateRule } from '../../platform/http/rate-limits';
import { FormLinksService } from './form-links';
import { DocumentsService } from './service';

const HOUR = 60 * 60_000;

/**
 * The public links (signing, e-mailed downloads) carry 256-bit random tokens, so guessing is hopeless; still, an IP that
 * keeps presenting unknown, used or expired links is slowed down, and submissions are capped.
 */
export const SIGNING_LIMITS = {
  open: { max: 60, windowMs: HOUR },
  submit: { max: 20, windowMs: HOUR },
} as const;

/** A client's documents: uploads and templates, tags, e-signature requests. */
export function clientDocumentsRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new DocumentsService(platform);
  const forms = new FormLinksService(platform);
  const limiter = new RateLimiter(platform.database.db);
  const badLinks = (name: string): RateRule => ({
    name,
    perIp: SIGNING_LIMITS.open,
    perAccount: SIGNING_LIMITS.open,
    count: 'failures',
    failureStatuses: [404, 410],
    account: () => null,
  });
  const submissions: RateRule = {
    name: 'e-signature-submit',
    perIp: SIGNING_LIMITS.submit,
    perAccount: SIGNING_LIMITS.submit,
    count: 'every',
    account: () => null,
  };
  registerRoutes(
    app,
    {
      clientDocumentsRetrieve: ({ params, query }, { request }) =>
        service.list(requireAuth(request), params.clientId, query.tag || undefined, request),
      clientDocumentUploadRetrieve: ({ params }, { request }) =>
        service.uploadRetrieve(requireAuth(request), params.id, request),
      clientSingleDocumentRetrieve: ({ params }, { request }) =>
        service.single(requireAuth(request), params.id, request),
      documentTemplateRetrieve: ({ params }, { request }) => service.template(requireAuth(request), params.id, request),
      documentTemplatesRetrieve: (_input, { request }) => service.templates(requireAuth(request), request),
      clientDocumentTagsRetrieve: ({ params }, { request }) =>
        service.tags(requireAuth(request), params.clientId, request),
      createClientDocument: ({ params, body }, { request }) =>
        service.create(requireAuth(request), params.clientId, body, request),
      createClientDocumentFromTemplate: ({ params, body }, { request }) =>
        service.createFromTemplate(requireAuth(request), params.clientId, body, request),
      updateClientDocument: ({ params, body }, { request }) =>
        service.update(requireAuth(request), params.id, body, request),
      deleteClientDocument: ({ params }, { request }) => service.remove(requireAuth(request), params.id, request),
      createDocumentTemplate: ({ body }, { request }) => service.createTemplate(requireAuth(request), body, request),
      requestESignature: ({ params, body }, { request }) =>
        service.requestSignature(requireAuth(request), params.id, body, request),
      sendToClient: ({ params, body }, { request }) =>
        service.sendToClient(requireAuth(request), params.clientId, body, request),
      signingDocumentRetrieve: ({ params }, { request }) => service.signing(params.token, request),
      signingFileDownload: async ({ params }, { request, reply }) => {
        await service.signingFile(params.token, request, reply);
        return reply;
      },
      submitSignature: ({ params, body }, { request }) => service.sign(params.token, body, request),
      sharedDocumentDownload: async ({ params }, { request, reply }) => {
        await service.sharedFile(params.token, request, reply);
        return reply;
      },
      publicForm: ({ params }) => forms.open(params.token),
      submitPublicForm: ({ params, body }, { request }) => forms.submit(params.token, body.answers, request),
    },
    {
      signingDocumentRetrieve: limiter.hooks(badLinks('e-signature-open')),
      signingFileDownload: limiter.hooks(badLinks('e-signature-file')),
      submitSignature: limiter.hooks(submissions),
      sharedDocumentDownload: limiter.hooks(badLinks('shared-document')),
      publicForm: limiter.hooks(badLinks('form-link-open')),
      submitPublicForm: limiter.hooks({ ...submissions, name: 'form-link-submit' }),
    },
  );
}
