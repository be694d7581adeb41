import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { requireAuth } from '../../platform/auth/guard';
import { registerRoutes } from '../../platform/http/contract';
import { RateLimiter, signedInUser, type RateRule } from '../../platform/http/rate-limits';
import { HelpService } from './service';

const MINUTE = 60_000;

/** Each message is an e-mail to a person, each feedback a row: enough for real use, not for flooding either. */
export const HELP_LIMITS = {
  contact: { ip: { max: 20, windowMs: 60 * MINUTE }, account: { max: 5, windowMs: 60 * MINUTE } },
  feedback: { ip: { max: 60, windowMs: 60 * MINUTE }, account: { max: 20, windowMs: 60 * MINUTE } },
} as const;

export function helpRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new HelpService(platform);
  const limiter = new RateLimiter(platform.database.db);
  const limit = (name: keyof typeof HELP_LIMITS) => {
    const rule: RateRule = {
      name: `help-${name}`,
      perIp: HELP_LIMITS[name].ip,
      perAccount: HELP_LIMITS[name].account,
      count: 'every',
      account: signedInUser,
    };
    return limiter.hooks(rule);
  };
  registerRoutes(
    app,
    {
      helpContact: ({ body }, { request }) => service.contact(requireAuth(request), body),
      helpFeedback: ({ body }, { request }) => service.giveFeedback(requireAuth(request), body),
      helpFeedbackList: ({ query }, { request }) => service.listFeedback(requireAuth(request).practiceId, query.page),
    },
    { helpContact: limit('contact'), helpFeedback: limit('feedback') },
  );
}
