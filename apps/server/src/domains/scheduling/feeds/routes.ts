import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { RateLimiter, type RateHooks, type RateRule } from '../../../platform/http/rate-limits';
import { ExternalCalendarsService } from './external';
import { CalendarFeedService } from './feed';
import { VideoService } from './video';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Both rate limits of one route, as one set of route extras. */
function combined(...hooks: RateHooks[]): RateHooks {
  return {
    preHandler: hooks.flatMap((h) => h.preHandler),
    onSend: hooks.flatMap((h) => h.onSend),
    rateLimited: true,
  };
}

/**
 * Calendar feeds and video calls (issue 14 item 7): the private feed (settings and the public .ics address), external
 * calendars, video defaults and an event's meeting link.
 */
export function feedsRoutes(app: FastifyInstance, platform: Platform): void {
  const feeds = new CalendarFeedService(platform);
  const external = new ExternalCalendarsService(platform);
  const video = new VideoService(platform);
  const limiter = new RateLimiter(platform.database.db);
  // The feed has no sign-in: calendar apps poll it (a few times an hour), and guessers of addresses are slowed by their
  // failures (404 for an unknown address, 400 for a malformed one).
  const feedReads: RateRule = {
    name: 'calendar-feed',
    perIp: { max: 120, windowMs: FIFTEEN_MINUTES },
    perAccount: { max: 120, windowMs: FIFTEEN_MINUTES },
    count: 'every',
    account: () => null,
  };
  const feedGuesses: RateRule = {
    name: 'calendar-feed-unknown',
    perIp: { max: 20, windowMs: FIFTEEN_MINUTES },
    perAccount: { max: 20, windowMs: FIFTEEN_MINUTES },
    count: 'failures',
    failureStatuses: [400, 404],
    account: () => null,
  };
  registerRoutes(
    app,
    {
      getCalendarFeed: (_input, { request }) => feeds.feed(requireAuth(request)),
      createCalendarFeed: (_input, { request }) => feeds.create(requireAuth(request), request),
      updateCalendarFeed: ({ body }, { request }) => feeds.update(requireAuth(request), body.includeClientNames),
      revokeCalendarFeed: (_input, { request }) => feeds.revoke(requireAuth(request), request),
      calendarFeed: ({ params }, { request, reply }) => feeds.serve(params.token, request, reply),
      listExternalCalendars: (_input, { request }) => external.list(requireAuth(request)),
      addExternalCalendar: ({ body }, { request }) => external.add(requireAuth(request), request, body),
      refreshExternalCalendar: ({ params }, { request }) => external.refresh(requireAuth(request), request, params.id),
      deleteExternalCalendar: ({ params }, { request }) => external.remove(requireAuth(request), request, params.id),
      videoPlatformOptions: () => video.options(),
      getVideoSettings: (_input, { request }) => video.settings(requireAuth(request)),
      updateVideoSettings: ({ body }, { request }) => video.update(requireAuth(request), body),
      getEventMeetingLink: ({ params }, { request }) => video.eventLink(requireAuth(request), params.kind, params.id),
      setEventMeetingLink: ({ params, body }, { request }) =>
        video.setEventLink(requireAuth(request), request, params.kind, params.id, body.meetingLink),
      sendEventMeetingLink: ({ params }, { request }) =>
        video.sendLink(requireAuth(request), request, params.kind, params.id),
    },
    { calendarFeed: combined(limiter.hooks(feedGuesses), limiter.hooks(feedReads)) },
    { ownActivity: true },
  );
}
