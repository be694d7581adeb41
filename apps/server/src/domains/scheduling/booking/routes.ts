import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { RateLimiter, emailInBody, type RateRule } from '../../../platform/http/rate-limits';
import { AvailabilityService } from './availability';
import { PublicBookingService } from './public';
import { SessionRequestsService } from './requests';
import { BookingRulesService } from './rules';

const QUARTER_HOUR = 15 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** Availability, online-booking rules, session requests and the public booking page (contract domain `booking`). */
export function bookingRoutes(app: FastifyInstance, platform: Platform): void {
  const availability = new AvailabilityService(platform);
  const rules = new BookingRulesService(platform);
  const requests = new SessionRequestsService(platform);
  const publicPage = new PublicBookingService(platform);
  const limiter = new RateLimiter(platform.database.db);
  // The public page is open to anyone: a guesser of booking addresses and of one-click links is slowed down by their
  // failures (404, 410), and requests are capped per address and per e-mail (each one e-mails the requester and tells
  // the team). Reads of a real page cost one lookup of the counters, no write.
  const pageReads: RateRule = {
    name: 'booking-page-read',
    perIp: { max: 60, windowMs: QUARTER_HOUR },
    perAccount: { max: 60, windowMs: QUARTER_HOUR },
    count: 'failures',
    failureStatuses: [404],
    account: () => null,
  };
  const requestsSent: RateRule = {
    name: 'booking-request',
    perIp: { max: 10, windowMs: HOUR },
    perAccount: { max: 5, windowMs: HOUR },
    count: 'every',
    account: emailInBody,
  };
  const badLinks: RateRule = {
    name: 'booking-request-link',
    perIp: { max: 30, windowMs: QUARTER_HOUR },
    perAccount: { max: 30, windowMs: QUARTER_HOUR },
    count: 'failures',
    failureStatuses: [404, 410],
    account: () => null,
  };
  registerRoutes(
    app,
    {
      listAvailability: (_input, { request }) => availability.list(requireAuth(request)),
      getAvailability: ({ params }, { request }) => availability.get(requireAuth(request), params.id),
      createAvailability: ({ body }, { request }) => availability.create(requireAuth(request), body),
      updateAvailability: ({ params, body }, { request }) => availability.update(requireAuth(request), params.id, body),
      deleteAvailability: ({ params }, { request }) => availability.remove(requireAuth(request), params.id),
      getBookingRules: (_input, { request }) => rules.get(requireAuth(request)),
      updateBookingRules: ({ body }, { request }) => rules.update(requireAuth(request), body),
      shareBookingLink: ({ body }, { request }) => requests.share(requireAuth(request), body),
      listSessionRequests: ({ query }, { request }) => requests.list(requireAuth(request), query),
      getSessionRequest: ({ params }, { request }) => requests.get(requireAuth(request), params.id),
      acceptSessionRequest: ({ params, body }, { request }) =>
        requests.accept(requireAuth(request), request, params.id, body),
      amendSessionRequest: ({ params, body }, { request }) => requests.amend(requireAuth(request), params.id, body),
      rejectSessionRequest: ({ params, body }, { request }) => requests.reject(requireAuth(request), params.id, body),
      publicBookingPage: ({ params }) => publicPage.page(params.slug),
      publicBookingSlots: ({ params, query }) => publicPage.slots(params.slug, query),
      publicBookingRequest: ({ params, body }, { request }) => publicPage.request(params.slug, body, request),
      publicAmendedRequest: ({ params }) => publicPage.amended(params.token),
      acceptAmendedRequest: ({ params }, { request }) => publicPage.acceptAmended(params.token, request),
    },
    {
      publicBookingPage: limiter.hooks(pageReads),
      publicBookingSlots: limiter.hooks(pageReads),
      publicBookingRequest: limiter.hooks(requestsSent),
      publicAmendedRequest: limiter.hooks(badLinks),
      acceptAmendedRequest: limiter.hooks(badLinks),
    },
  );
}
