import { ApiError } from '../../client/errors';
import {
  CALENDAR_FEED_MESSAGES,
  VIDEO_PLATFORMS,
  VIDEO_PLATFORM_HOSTS,
  VIDEO_PLATFORM_LABELS,
  videoPlatformOf,
  type CalendarFeed,
  type EventMeetingLink,
  type ExternalCalendar,
  type VideoSettings,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';
import { accountFixtures } from './account';

/** The feed address the mock answers when one is made (the token is a fixed 43 characters). */
export const MOCK_FEED_URL = `https://halcyon.example/api/calendar-feeds/${'t'.repeat(43)}/diary.ics`;

/**
 * Settings > Sync-external-calendar and the video-call modal's records for stories and tests: the signed-in member's feed,
 * imported calendars (one fine, one failing), video defaults, and meeting links of a session (101, no link of its own)
 * and an appointment (501, a Zoom link).
 */
export function calendarFeedFixtures() {
  const feed: CalendarFeed = {
    active: true,
    includeClientNames: false,
    createdAt: '2026-11-02T09:15:00.000Z',
    lastFetchedAt: '2026-11-25T07:00:00.000Z',
  };
  const calendars: ExternalCalendar[] = [
    {
      id: 1,
      name: 'Personal (Google)',
      host: 'calendar.google.com',
      lastSyncedAt: '2026-11-25T08:00:00.000Z',
      lastAttemptAt: '2026-11-25T08:00:00.000Z',
      lastError: null,
      busyCount: 31,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
    {
      id: 2,
      name: 'University timetable',
      host: 'outlook.office365.com',
      lastSyncedAt: '2026-11-20T08:00:00.000Z',
      lastAttemptAt: '2026-11-25T08:00:00.000Z',
      lastError: CALENDAR_FEED_MESSAGES.urlStatus(404),
      busyCount: 12,
      createdAt: '2026-11-03T10:00:00.000Z',
    },
  ];
  const video: VideoSettings = { platform: 'zoom', meetingLink: 'https://us02web.zoom.us/j/5551234567' };
  const events: EventMeetingLink[] = [
    {
      kind: 'session',
      id: 101,
      title: 'Individual therapy with Mo Adeyemi',
      startsAt: '2026-11-26T10:00:00.000Z',
      endsAt: '2026-11-26T10:50:00.000Z',
      therapistId: 2,
      meetingLink: null,
      platform: null,
      therapistDefault: video,
      canSendToClient: true,
    },
    {
      kind: 'appointment',
      id: 501,
      title: 'Supervision',
      startsAt: '2026-11-26T14:00:00.000Z',
      endsAt: '2026-11-26T15:00:00.000Z',
      therapistId: 2,
      meetingLink: 'https://us02web.zoom.us/j/9876543210',
      platform: 'zoom',
      therapistDefault: video,
      canSendToClient: false,
    },
  ];
  return { feed, calendars, video, events };
}

export type CalendarFeedFixtures = ReturnType<typeof calendarFeedFixtures>;

const notFound = (detail: string) => new ApiError(404, detail, { detail });

/** Handlers answering the calendar feeds routes from `fixtures` (changes are kept in them). */
export function calendarFeedHandlers(f: CalendarFeedFixtures = calendarFeedFixtures()): MockHandlers {
  let nextId = 100;
  return {
    // The practice's time zone (Europe/London), in which the modal and the page show times.
    getPracticeSettings: () => accountFixtures().practice,
    getCalendarFeed: () => f.feed,
    createCalendarFeed: () => {
      const replacing = f.feed.active;
      Object.assign(f.feed, { active: true, createdAt: new Date().toISOString(), lastFetchedAt: null });
      return {
        ...f.feed,
        url: MOCK_FEED_URL,
        detail: replacing ? CALENDAR_FEED_MESSAGES.feedRegenerated : CALENDAR_FEED_MESSAGES.feedCreated,
      };
    },
    updateCalendarFeed: ({ body }) => {
      f.feed.includeClientNames = body.includeClientNames;
      return { ...f.feed, detail: CALENDAR_FEED_MESSAGES.feedUpdated };
    },
    revokeCalendarFeed: () => {
      Object.assign(f.feed, { active: false, createdAt: null, lastFetchedAt: null });
      return { ...f.feed, detail: CALENDAR_FEED_MESSAGES.feedRevoked };
    },
    listExternalCalendars: () => [...f.calendars],
    addExternalCalendar: ({ body }) => {
      const now = new Date().toISOString();
      const calendar: ExternalCalendar = {
        id: (nextId += 1),
        name: body.name,
        host: new URL(body.url.replace(/^webcals?:/i, 'https:')).hostname,
        lastSyncedAt: now,
        lastAttemptAt: now,
        lastError: null,
        busyCount: 8,
        createdAt: now,
      };
      f.calendars.push(calendar);
      return { calendar, detail: CALENDAR_FEED_MESSAGES.calendarAdded };
    },
    refreshExternalCalendar: ({ params }) => {
      const calendar = f.calendars.find((c) => c.id === Number(params.id));
      if (!calendar) throw notFound(CALENDAR_FEED_MESSAGES.calendarNotFound);
      const now = new Date().toISOString();
      Object.assign(calendar, { lastSyncedAt: now, lastAttemptAt: now, lastError: null });
      return { calendar, detail: CALENDAR_FEED_MESSAGES.calendarRefreshed };
    },
    deleteExternalCalendar: ({ params }) => {
      const index = f.calendars.findIndex((c) => c.id === Number(params.id));
      if (index < 0) throw notFound(CALENDAR_FEED_MESSAGES.calendarNotFound);
      f.calendars.splice(index, 1);
      return { detail: CALENDAR_FEED_MESSAGES.calendarDeleted };
    },
    videoPlatformOptions: () =>
      VIDEO_PLATFORMS.map((value) => ({
        value,
        label: VIDEO_PLATFORM_LABELS[value],
        hosts: [...VIDEO_PLATFORM_HOSTS[value]],
      })),
    getVideoSettings: () => f.video,
    updateVideoSettings: ({ body }) => {
      Object.assign(f.video, { platform: body.platform, meetingLink: body.meetingLink || null });
      return { ...f.video, detail: CALENDAR_FEED_MESSAGES.videoSaved };
    },
    getEventMeetingLink: ({ params }) =>
      f.events.find((e) => e.kind === params.kind && e.id === Number(params.id)) ?? null,
    sendEventMeetingLink: ({ params }) => {
      const event = f.events.find((e) => e.kind === params.kind && e.id === Number(params.id));
      if (!event) throw notFound(CALENDAR_FEED_MESSAGES.eventNotFound);
      if (!event.meetingLink) {
        throw new ApiError(409, CALENDAR_FEED_MESSAGES.noLinkToSend, { detail: CALENDAR_FEED_MESSAGES.noLinkToSend });
      }
      return { detail: CALENDAR_FEED_MESSAGES.meetingLinkSent };
    },
    setEventMeetingLink: ({ params, body }) => {
      const event = f.events.find((e) => e.kind === params.kind && e.id === Number(params.id));
      if (!event) throw notFound(CALENDAR_FEED_MESSAGES.eventNotFound);
      const link = body?.meetingLink || null;
      Object.assign(event, { meetingLink: link, platform: videoPlatformOf(link) });
      return {
        ...event,
        detail: link ? CALENDAR_FEED_MESSAGES.meetingLinkSaved : CALENDAR_FEED_MESSAGES.meetingLinkRemoved,
      };
    },
  };
}
