import { z } from 'zod';
import { ALL_ROLES, CLINICAL_ROLES, defineRoutes } from '../route';
import { idParam, text, textOf } from './common';
import { isHttpsUrl, videoLinkField } from '../links';

/**
 * Calendar feeds and video calls (issue 14 item 7; CATALOG.md Settings > Sync-external-calendar, modal video-call): a
 * private iCalendar feed of a member's own diary (the address is the credential: shown once, stored hashed, revocable),
 * busy times imported from external calendars (.ics addresses, refreshed on a schedule and on demand), the video
 * platforms a therapist can use with a default platform and personal meeting link, and one meeting link per event.
 */

// ---- vocabularies -----------------------------------------------------------------------------------------------------

/** The video platforms of SPEC.md §7 `external-calendars/video-platform-options`, in the order they are offered. */
export const VIDEO_PLATFORMS = ['zoom', 'teams', 'google-meet', 'doxy', 'other'] as const;
export type VideoPlatform = (typeof VIDEO_PLATFORMS)[number];
export const VIDEO_PLATFORM_LABELS: Readonly<Record<VideoPlatform, string>> = {
  zoom: 'Zoom',
  teams: 'Microsoft Teams',
  'google-meet': 'Google Meet',
  doxy: 'Doxy.me',
  other: 'Other',
};
/** The host names each platform's meeting links use (a link on a sub-domain counts: `us02web.zoom.us`). */
export const VIDEO_PLATFORM_HOSTS: Readonly<Record<VideoPlatform, readonly string[]>> = {
  zoom: ['zoom.us', 'zoom.com'],
  teams: ['teams.microsoft.com', 'teams.live.com'],
  'google-meet': ['meet.google.com'],
  doxy: ['doxy.me'],
  other: [],
};

/** Which platform a meeting link is on, from its host name ("other" for any host not listed, null for no link). */
export function videoPlatformOf(link: string | null | undefined): VideoPlatform | null {
  if (!link) return null;
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return null;
  }
  const found = VIDEO_PLATFORMS.find((platform) =>
    VIDEO_PLATFORM_HOSTS[platform].some((known) => host === known || host.endsWith(`.${known}`)),
  );
  return found ?? 'other';
}

/** The kinds of event a meeting link belongs to: a client's session, or an appointment of the diary. */
export const MEETING_EVENT_KINDS = ['session', 'appointment'] as const;
export type MeetingEventKind = (typeof MEETING_EVENT_KINDS)[number];

// ---- constants --------------------------------------------------------------------------------------------------------

/** What a calendar feed serves: the member's diary from 4 weeks back to 6 months ahead, at most 2,000 events. */
export const CALENDAR_FEED_WINDOW = { pastDays: 28, futureDays: 183, maxEvents: 2000 } as const;
/** How often a calendar app is asked to fetch the feed again, in minutes (REFRESH-INTERVAL). */
export const CALENDAR_FEED_REFRESH_MINUTES = 60;
/** The title of a session in the feed when client names are left out. */
export const FEED_SESSION_TITLE = 'Session';

/** The limits of an imported calendar: how many per member, its file's size, how long its server may take. */
export const EXTERNAL_CALENDAR_LIMITS = {
  perMember: 5,
  maxBytes: 2 * 1024 * 1024,
  timeoutSeconds: 10,
  maxRedirects: 3,
  /** The busy times kept: from a week back to 6 months ahead, at most 5,000 per calendar. */
  pastDays: 7,
  futureDays: 183,
  maxBusy: 5000,
  nameMax: 100,
  urlMax: 2000,
} as const;
/** Imported calendars are fetched again every hour (the job queue); "Refresh now" fetches at once. */
export const EXTERNAL_CALENDAR_REFRESH_MINUTES = 60;

/** What the server answers about feeds, imported calendars and meeting links, in the words the page shows too. */
export const CALENDAR_FEED_MESSAGES = {
  feedCreated: 'Calendar feed address created. Copy it now: for your security it is shown only once.',
  feedRegenerated: 'New calendar feed address created. The old address stopped working.',
  feedRevoked: 'Calendar feed turned off. Its address no longer works.',
  feedUpdated: 'Calendar feed updated.',
  calendarAdded: 'External calendar added and imported.',
  calendarRefreshed: 'External calendar refreshed.',
  calendarDeleted: 'External calendar successfully deleted.',
  calendarNotFound: 'External calendar not found.',
  calendarDuplicate: 'You have already added this calendar.',
  tooManyCalendars: `You can add up to ${EXTERNAL_CALENDAR_LIMITS.perMember} external calendars. Remove one before adding another.`,
  videoSaved: 'Video call settings updated.',
  meetingLinkSaved: 'Meeting link saved.',
  meetingLinkRemoved: 'Meeting link removed.',
  meetingLinkSent: 'Meeting link sent to the client.',
  noLinkToSend: 'This event has no meeting link to send, and its therapist has no personal room. Save a link first.',
  noClientToSend: 'This appointment is not with a client, so there is no one to send the link to.',
  noClientEmail: "The client has no e-mail address. Add one to the client's contact details first.",
  eventNotFound: 'Event not found.',
  sessionCancelled: 'This session is cancelled, so it has no meeting.',
  // Why an external calendar could not be added or refreshed: each says what to do.
  urlInvalid:
    'Enter the calendar address as a full address starting with https:// (a webcal:// address from your calendar works too).',
  urlPrivate:
    'This address points to a private or local network, which Halcyon does not fetch from. Use the public iCal address your calendar service gives you.',
  urlUnreachable: 'The calendar address could not be reached. Check the address and try again.',
  urlTimeout: `The calendar service took longer than ${EXTERNAL_CALENDAR_LIMITS.timeoutSeconds} seconds to answer. Try again later.`,
  urlStatus: (status: number) =>
    `The calendar service answered with an error (HTTP ${status}). Check that this is the calendar's iCal address and that it is shared.`,
  tooManyRedirects:
    'The calendar address redirects too many times. Copy the iCal address again from your calendar service.',
  fileTooLarge: `The calendar file is larger than ${EXTERNAL_CALENDAR_LIMITS.maxBytes / 1024 / 1024} MB. Share a calendar with fewer events.`,
  fileNotCalendar:
    'This address did not return a calendar file (.ics). Copy the iCal address from your calendar service’s sharing settings.',
  fileBroken:
    'The calendar file could not be read: it is not valid iCalendar. Check the address with your calendar service.',
} as const;

// ---- fields -----------------------------------------------------------------------------------------------------------

/**
 * An external calendar's address: https:// (webcal://, which calendar apps hand out for the same address, is read as
 * https://). Whether it points at a public host is checked by the server when it fetches (SSRF guard), not here.
 */
export const externalCalendarUrlField = textOf(EXTERNAL_CALENDAR_LIMITS.urlMax, {
  error: CALENDAR_FEED_MESSAGES.urlInvalid,
})
  .trim()
  .max(EXTERNAL_CALENDAR_LIMITS.urlMax, `Use at most ${EXTERNAL_CALENDAR_LIMITS.urlMax} characters for the address.`)
  .transform((value) => value.replace(/^webcals?:\/\//i, 'https://'))
  .refine(isHttpsUrl, CALENDAR_FEED_MESSAGES.urlInvalid);

const calendarNameField = text({ error: 'Give the calendar a name.' })
  .trim()
  .min(1, 'Give the calendar a name.')
  .max(EXTERNAL_CALENDAR_LIMITS.nameMax, `Use at most ${EXTERNAL_CALENDAR_LIMITS.nameMax} characters.`);

/** A feed address's token: 43 characters of base64url (32 random bytes). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// ---- responses --------------------------------------------------------------------------------------------------------

export const calendarFeedSchema = z.object({
  /** A feed address exists and answers. */
  active: z.boolean(),
  /** Sessions show the client's name (and service) instead of "Session". */
  includeClientNames: z.boolean(),
  /** When the current address was made; null when there is none. */
  createdAt: z.string().nullable(),
  /** When a calendar app last fetched the feed; null when never. */
  lastFetchedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** The answer to making (or remaking) a feed address: the only time the address is shown. */
export const createdCalendarFeedSchema = calendarFeedSchema.extend({
  url: z.string(),
  detail: z.string(),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedSchema>;
export const calendarFeedResultSchema = calendarFeedSchema.extend({ detail: z.string() });
export type CalendarFeedResult = z.infer<typeof calendarFeedResultSchema>;

export const externalCalendarSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The host the calendar is fetched from (the address itself can hold a secret and is never sent back). */
  host: z.string(),
  lastSyncedAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** Why the last import failed, in the words of CALENDAR_FEED_MESSAGES; null when it worked. */
  lastError: z.string().nullable(),
  /** Busy times imported by the last successful import. */
  busyCount: z.number(),
  createdAt: z.string(),
});
export type ExternalCalendar = z.infer<typeof externalCalendarSchema>;

export const externalCalendarResultSchema = z.object({ calendar: externalCalendarSchema, detail: z.string() });
export type ExternalCalendarResult = z.infer<typeof externalCalendarResultSchema>;

export const videoPlatformOptionSchema = z.object({
  value: z.enum(VIDEO_PLATFORMS),
  label: z.string(),
  hosts: z.array(z.string()),
});
export type VideoPlatformOption = z.infer<typeof videoPlatformOptionSchema>;

export const videoSettingsSchema = z.object({
  platform: z.enum(VIDEO_PLATFORMS),
  /** The therapist's personal meeting room (used for an event that has no link of its own); null when none. */
  meetingLink: z.string().nullable(),
});
export type VideoSettings = z.infer<typeof videoSettingsSchema>;
export const videoSettingsResultSchema = videoSettingsSchema.extend({ detail: z.string() });
export type VideoSettingsResult = z.infer<typeof videoSettingsResultSchema>;

export const eventMeetingLinkSchema = z.object({
  kind: z.enum(MEETING_EVENT_KINDS),
  id: z.number(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  therapistId: z.number().nullable(),
  /** The event's own meeting link; null when it has none. */
  meetingLink: z.string().nullable(),
  platform: z.enum(VIDEO_PLATFORMS).nullable(),
  /** The event's therapist's default platform and personal link, offered when the event has no link. */
  therapistDefault: videoSettingsSchema.nullable(),
  /** The event is with a client who has an e-mail address: its link can be sent to them. */
  canSendToClient: z.boolean(),
});
export type EventMeetingLink = z.infer<typeof eventMeetingLinkSchema>;
export const eventMeetingLinkResultSchema = eventMeetingLinkSchema.extend({ detail: z.string() });
export type EventMeetingLinkResult = z.infer<typeof eventMeetingLinkResultSchema>;

// ---- request bodies ---------------------------------------------------------------------------------------------------

export const updateCalendarFeedBodySchema = z.strictObject({
  includeClientNames: z.boolean({ error: 'Say whether sessions show client names.' }),
});
export type UpdateCalendarFeedBody = z.input<typeof updateCalendarFeedBodySchema>;

export const addExternalCalendarBodySchema = z.strictObject({
  name: calendarNameField,
  url: externalCalendarUrlField,
});
export type AddExternalCalendarBody = z.input<typeof addExternalCalendarBodySchema>;

export const updateVideoSettingsBodySchema = z.strictObject({
  platform: z.enum(VIDEO_PLATFORMS, { error: 'Choose a video platform.' }),
  meetingLink: videoLinkField,
});
export type UpdateVideoSettingsBody = z.input<typeof updateVideoSettingsBodySchema>;

export const setEventMeetingLinkBodySchema = z.strictObject({
  /** The link to use; null or empty removes the event's own link. */
  meetingLink: videoLinkField,
});
export type SetEventMeetingLinkBody = z.input<typeof setEventMeetingLinkBodySchema>;

// ---- routes -----------------------------------------------------------------------------------------------------------

const idParams = z.strictObject({ id: idParam });
const eventParams = z.strictObject({ kind: z.enum(MEETING_EVENT_KINDS), id: idParam });
const feedTokenParams = z.strictObject({
  token: z.string().regex(FEED_TOKEN_PATTERN, 'is not a calendar feed address'),
});

export const calendarFeedsRoutes = defineRoutes({
  getCalendarFeed: {
    method: 'GET',
    path: '/api/settings/external-calendars/feed',
    summary:
      "The signed-in member's calendar feed: whether it is on, whether sessions show client names, when it was made",
    access: CLINICAL_ROLES,
    response: calendarFeedSchema,
  },
  createCalendarFeed: {
    method: 'POST',
    path: '/api/settings/external-calendars/feed',
    summary:
      "Makes a new private feed address for the signed-in member's diary and answers it once (it is stored hashed); an " +
      'address made before stops working at once',
    access: CLINICAL_ROLES,
    response: createdCalendarFeedSchema,
  },
  updateCalendarFeed: {
    method: 'PATCH',
    path: '/api/settings/external-calendars/feed',
    summary: 'Whether the feed\'s sessions show the client\'s name (off: every session is called "Session")',
    access: CLINICAL_ROLES,
    body: updateCalendarFeedBodySchema,
    response: calendarFeedResultSchema,
  },
  revokeCalendarFeed: {
    method: 'DELETE',
    path: '/api/settings/external-calendars/feed',
    summary: 'Turns the feed off: its address answers 404 from now on',
    access: CLINICAL_ROLES,
    response: calendarFeedResultSchema,
  },
  calendarFeed: {
    method: 'GET',
    path: '/api/calendar-feeds/:token/diary.ics',
    summary:
      "A member's diary as iCalendar (text/calendar): sessions, appointments and blocked time from 4 weeks back to 6 " +
      'months ahead. The address is the credential (no sign-in); unknown or revoked addresses answer 404; rate limited',
    access: 'public',
    params: feedTokenParams,
    response: z.unknown(),
    raw: true,
    errors: [429],
  },
  listExternalCalendars: {
    method: 'GET',
    path: '/api/settings/external-calendars/imports',
    summary:
      "The signed-in member's imported calendars, oldest first, each with when it was last imported and why it failed",
    access: CLINICAL_ROLES,
    response: z.array(externalCalendarSchema),
  },
  addExternalCalendar: {
    method: 'POST',
    path: '/api/settings/external-calendars/imports',
    summary:
      'Adds an external calendar by its .ics address (https, public hosts only) and imports its busy times at once; an ' +
      'address that cannot be fetched or read answers 400 with why, and nothing is saved',
    access: CLINICAL_ROLES,
    body: addExternalCalendarBodySchema,
    response: externalCalendarResultSchema,
    errors: [409],
  },
  refreshExternalCalendar: {
    method: 'POST',
    path: '/api/settings/external-calendars/single-import/:id/refresh',
    summary:
      'Imports an external calendar again now; a failure is kept as its last error (busy times of the last good import ' +
      'stay) and answers 400 with why',
    access: CLINICAL_ROLES,
    params: idParams,
    response: externalCalendarResultSchema,
  },
  deleteExternalCalendar: {
    method: 'DELETE',
    path: '/api/settings/external-calendars/single-import/:id',
    summary: 'Removes an external calendar and its busy times',
    access: CLINICAL_ROLES,
    params: idParams,
    response: z.object({ detail: z.string() }),
  },
  videoPlatformOptions: {
    method: 'GET',
    path: '/api/settings/external-calendars/video-platform-options',
    summary: 'The video platforms a meeting can be on (Zoom, Microsoft Teams, Google Meet, Doxy.me, Other)',
    access: CLINICAL_ROLES,
    response: z.array(videoPlatformOptionSchema),
  },
  getVideoSettings: {
    method: 'GET',
    path: '/api/settings/external-calendars/video',
    summary: "The signed-in member's default video platform and personal meeting link",
    access: CLINICAL_ROLES,
    response: videoSettingsSchema,
  },
  updateVideoSettings: {
    method: 'PUT',
    path: '/api/settings/external-calendars/video',
    summary: "Sets the signed-in member's default video platform and personal meeting link",
    access: CLINICAL_ROLES,
    body: updateVideoSettingsBodySchema,
    response: videoSettingsResultSchema,
  },
  getEventMeetingLink: {
    method: 'GET',
    path: '/api/appointments/meeting-link/:kind/:id',
    summary:
      "An event's meeting link and platform, with its therapist's default platform and personal link (the video-call modal)",
    access: ALL_ROLES,
    params: eventParams,
    response: eventMeetingLinkSchema,
  },
  setEventMeetingLink: {
    method: 'PUT',
    path: '/api/appointments/meeting-link/:kind/:id',
    summary:
      "Sets or removes an event's meeting link; a session given a link takes place by video. A cancelled session answers 409",
    access: ALL_ROLES,
    params: eventParams,
    body: setEventMeetingLinkBodySchema,
    response: eventMeetingLinkResultSchema,
    errors: [409],
  },
  sendEventMeetingLink: {
    method: 'POST',
    path: '/api/appointments/meeting-link/:kind/:id/send',
    summary:
      "E-mails the event's own meeting link to its client (a session's client, or the client an appointment is about); " +
      '409 when it has no link, no client or the client no e-mail address',
    access: ALL_ROLES,
    params: eventParams,
    response: z.object({ detail: z.string() }),
    errors: [409],
  },
});
