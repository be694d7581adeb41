import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { RateLimiter, type RateRule } from '../../../platform/http/rate-limits';
import { MessagesService } from './service';

const WINDOW_MS = 15 * 60 * 1000;

/** Messages: the members' conversations (/Messages) and the client's page an e-mailed link opens. */
export function messagesRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new MessagesService(platform);
  const limiter = new RateLimiter(platform.database.db);
  // The client's link routes are open without sign-in: a guesser of tokens is slowed down by their failures (404, 410),
  // and replies and uploads are capped per address.
  const badLinks: RateRule = {
    name: 'message-link-open',
    perIp: { max: 60, windowMs: WINDOW_MS },
    perAccount: { max: 60, windowMs: WINDOW_MS },
    count: 'failures',
    failureStatuses: [404, 410],
    account: () => null,
  };
  const writes: RateRule = {
    name: 'message-link-write',
    perIp: { max: 40, windowMs: WINDOW_MS },
    perAccount: { max: 40, windowMs: WINDOW_MS },
    count: 'every',
    account: () => null,
  };
  registerRoutes(
    app,
    {
      messagesCount: (_input, { request }) => service.count(requireAuth(request)),
      messageRecipients: ({ query }, { request }) => service.recipients(requireAuth(request), query.q),
      listConversations: ({ query }, { request }) => service.list(requireAuth(request), query),
      getConversation: ({ params, query }, { request }) =>
        service.thread(requireAuth(request), params.id, query.before),
      createConversation: ({ body }, { request }) => service.create(request, requireAuth(request), body),
      sendMessage: ({ params, body }, { request }) => service.send(request, requireAuth(request), params.id, body),
      markConversationRead: ({ params }, { request }) => service.markRead(requireAuth(request), params.id),
      portalConversation: ({ params, query }) => service.portalThread(params.token, query.before),
      portalSendMessage: ({ params, body }, { request }) => service.portalSend(request, params.token, body),
      portalUploadAttachment: ({ params }, { request }) => service.portalUpload(request, params.token),
      portalDownloadAttachment: async ({ params }, { request, reply }) => {
        await service.portalDownload(params.token, params.fileId, request, reply);
        return reply;
      },
    },
    {
      portalConversation: limiter.hooks(badLinks),
      portalDownloadAttachment: limiter.hooks(badLinks),
      portalSendMessage: limiter.hooks(writes),
      portalUploadAttachment: limiter.hooks(writes),
    },
  );
}
