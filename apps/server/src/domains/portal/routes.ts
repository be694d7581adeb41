import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { registerRoutes } from '../../platform/http/contract';
import { RateLimiter, type RateRule } from '../../platform/http/rate-limits';
import { payLinksOf } from '../billing/pay-links';
import { PortalService } from './service';

const MINUTE = 60_000;

/**
 * A sign-in link is asked for with an e-mail address: like a password reset, limited per IP and per address so the page
 * cannot be used to flood a client's inbox. The home's links carry 256-bit random tokens; an IP that keeps presenting
 * unknown or dead ones is slowed down all the same.
 */
export const PORTAL_HOME_LIMITS = {
  signIn: { ip: { max: 10, windowMs: 15 * MINUTE }, address: { max: 5, windowMs: 60 * MINUTE } },
  badLinks: { max: 60, windowMs: 60 * MINUTE },
  /** Conversations a client starts from their home: enough for any real need, not for a flood of the therapist's inbox. */
  starts: { max: 20, windowMs: 60 * MINUTE },
} as const;

/** The client portal's home (contract/domains/portal.ts). */
export function portalRoutes(app: FastifyInstance, platform: Platform): void {
  const service = new PortalService(platform, payLinksOf(platform));
  const limiter = new RateLimiter(platform.database.db);
  const signIns: RateRule = {
    name: 'portal-sign-in',
    perIp: PORTAL_HOME_LIMITS.signIn.ip,
    perAccount: PORTAL_HOME_LIMITS.signIn.address,
    count: 'every',
    account: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return typeof email === 'string' ? `portal:${email.trim().toLowerCase()}` : null;
    },
  };
  const badLinks: RateRule = {
    name: 'portal-home-open',
    perIp: PORTAL_HOME_LIMITS.badLinks,
    perAccount: PORTAL_HOME_LIMITS.badLinks,
    count: 'failures',
    failureStatuses: [404, 410],
    account: () => null,
  };
  const starts: RateRule = {
    name: 'portal-conversation-start',
    perIp: PORTAL_HOME_LIMITS.starts,
    perAccount: PORTAL_HOME_LIMITS.starts,
    count: 'every',
    account: (request) => `portal-start:${(request.params as { token?: string }).token ?? ''}`,
  };
  registerRoutes(
    app,
    {
      requestPortalSignIn: ({ body }) => service.requestSignIn(body.email),
      portalHome: ({ params }) => service.home(params.token),
      openPortalItem: ({ params, body }) => service.open(params.token, body),
      startPortalConversation: ({ params, body }, { request }) =>
        service.startConversation(request, params.token, body),
    },
    {
      requestPortalSignIn: limiter.hooks(signIns),
      portalHome: limiter.hooks(badLinks),
      openPortalItem: limiter.hooks(badLinks),
      startPortalConversation: limiter.hooks(starts),
    },
  );
}
