import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, isNotNull } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CALENDAR_FEED_MESSAGES,
  VIDEO_LINK_MESSAGE,
  type CalendarFeed,
  type DiaryEvent,
  type CreatedCalendarFeed,
  type EventMeetingLinkResult,
  type ExternalCalendar,
  type ExternalCalendarResult,
  type VideoPlatformOption,
  type VideoSettings,
  videoPlatformOf,
} from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import {
  appointments,
  clientSessions,
  clients,
  externalBusy,
  externalCalendars,
  memberCalendarSettings,
} from '../../../schema';
import { busyRanges } from '../diary';
import { ExternalCalendarsService } from './external';
import { CalendarImportError, calendarHttp } from './fetch';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');

const HOUR = 3_600_000;

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const tokens = {
    therapist: await sessionFor(t, memberOf(practice, 'Therapist')),
    admin: await sessionFor(t, memberOf(practice, 'Admin')),
    assistant: await sessionFor(t, memberOf(practice, 'Assistant')),
    outsider: await sessionFor(t, memberOf(other, 'Therapist')),
  };
  const therapistId = memberOf(practice, 'Therapist').userId;
  const adminId = memberOf(practice, 'Admin').userId;
  const [client] = await t.database.db
    .insert(clients)
    .values({ practiceId: practice.practiceId, firstName: 'Morgan', preferredName: 'Mo', lastName: 'Adeyemi' })
    .returning({ id: clients.id });
  const send = (method: Method, url: string, who: Tokens = tokens.therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { t, practice, other, tokens, therapistId, adminId, clientId: client!.id, send };
}
type Ctx = Awaited<ReturnType<typeof setup>>;

/** A session of the practice's client, `hoursFromNow` ahead, 50 minutes long. */
async function addSession(c: Ctx, hoursFromNow: number, values: Partial<typeof clientSessions.$inferInsert> = {}) {
  const startsAt = new Date(Math.floor((Date.now() + hoursFromNow * HOUR) / 60_000) * 60_000);
  const [row] = await c.t.database.db
    .insert(clientSessions)
    .values({
      practiceId: c.practice.practiceId,
      clientId: c.clientId,
      therapistId: c.therapistId,
      serviceName: 'Individual therapy',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * 60_000),
      location: 'Room 2',
      ...values,
    })
    .returning();
  return row!;
}

async function addAppointment(c: Ctx, hoursFromNow: number, values: Partial<typeof appointments.$inferInsert> = {}) {
  const startsAt = new Date(Date.now() + hoursFromNow * HOUR);
  const [row] = await c.t.database.db
    .insert(appointments)
    .values({
      practiceId: c.practice.practiceId,
      kind: 'appointment',
      title: 'Supervision',
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR),
      therapistId: c.therapistId,
      ...values,
    })
    .returning();
  return row!;
}

/** The feed's events as ical.js reads them back: summary, start and location. */
function readFeed(body: string) {
  const parsed: unknown = ICAL.parse(body);
  if (!Array.isArray(parsed)) throw new Error('the feed is not one calendar');
  const calendar = new ICAL.Component(parsed);
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate().toISOString(),
      allDay: event.startDate.isDate,
      location: event.location,
    };
  });
}

async function makeFeed(c: Ctx, who: Tokens = c.tokens.therapist): Promise<CreatedCalendarFeed> {
  const response = await c.send('POST', '/api/settings/external-calendars/feed', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CreatedCalendarFeed>();
}

const feedPath = (feed: CreatedCalendarFeed) => new URL(feed.url).pathname;

describe('the private calendar feed', { timeout: 120_000 }, () => {
  it('given a therapist makes a feed, then its address serves their own diary as iCalendar that ical.js reads back, sessions called "Session"', async () => {
    const c = await setup();
    const session = await addSession(c, 26);
    await addSession(c, 30, { status: 'cancelled' });
    await addSession(c, 50, { therapistId: c.adminId });
    await addSession(c, -24 * 60); // two months ago: outside the window
    const meeting = await addAppointment(c, 28, { videoLink: 'https://meet.google.com/abc-defg-hij' });
    await addAppointment(c, 72, {
      kind: 'blocked time',
      title: 'Training day',
      allDay: true,
      endsAt: new Date(Date.now() + 96 * HOUR),
    });

    const feed = await makeFeed(c);
    expect(feed).toMatchObject({ active: true, includeClientNames: false, detail: CALENDAR_FEED_MESSAGES.feedCreated });
    expect(feed.url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\/diary\.ics$/);

    const response = await c.t.app.inject({ method: 'GET', url: feedPath(feed) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const events = readFeed(response.body);
    expect(events.map((e) => e.summary)).toEqual(['Session', 'Supervision', 'Training day']);
    expect(events[0]).toMatchObject({
      uid: `session-${session.id}@halcyon`,
      start: session.startsAt.toISOString(),
      location: 'Room 2',
    });
    expect(events[1]).toMatchObject({
      uid: `appointment-${meeting.id}@halcyon`,
      location: 'https://meet.google.com/abc-defg-hij',
    });
    expect(events[2]!.allDay).toBe(true);
    expect(response.body).not.toContain('Adeyemi');

    const status = await c.send('GET', '/api/settings/external-calendars/feed');
    expect(status.json<CalendarFeed>()).toMatchObject({ active: true, includeClientNames: false });
    expect(status.json<CalendarFeed>().lastFetchedAt).not.toBeNull();
  });

  it('given client names opted in, then sessions show the client and service, and the feed is never stored by a cache', async () => {
    const c = await setup();
    await addSession(c, 26);
    const feed = await makeFeed(c);
    const optIn = await c.send('PATCH', '/api/settings/external-calendars/feed', c.tokens.therapist, {
      includeClientNames: true,
    });
    expect(optIn.json()).toMatchObject({ includeClientNames: true, detail: CALENDAR_FEED_MESSAGES.feedUpdated });
    const response = await c.t.app.inject({ method: 'GET', url: feedPath(feed) });
    expect(readFeed(response.body).map((e) => e.summary)).toEqual(['Mo Adeyemi (Individual therapy)']);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('given a fetched feed, when fetched again with its ETag seconds later, then 304 and no body', async () => {
    const c = await setup();
    await addSession(c, 26);
    const feed = await makeFeed(c);
    const first = await c.t.app.inject({ method: 'GET', url: feedPath(feed) });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    // The text's DTSTAMP moves on with the clock; the tag stays while the diary does not change.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_000 });
    const again = await c.t.app.inject({ method: 'GET', url: feedPath(feed), headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('given a new address, then the old one answers 404 at once; turned off, the new one answers 404 too', async () => {
    const c = await setup();
    const first = await makeFeed(c);
    const second = await makeFeed(c);
    expect(second.detail).toBe(CALENDAR_FEED_MESSAGES.feedRegenerated);
    expect(second.url).not.toBe(first.url);
    expect((await c.t.app.inject({ method: 'GET', url: feedPath(first) })).statusCode).toBe(404);
    expect((await c.t.app.inject({ method: 'GET', url: feedPath(second) })).statusCode).toBe(200);

    const off = await c.send('DELETE', '/api/settings/external-calendars/feed');
    expect(off.json()).toMatchObject({ active: false, createdAt: null, detail: CALENDAR_FEED_MESSAGES.feedRevoked });
    expect((await c.t.app.inject({ method: 'GET', url: feedPath(second) })).statusCode).toBe(404);
  });

  it('given a generated (demo) practice, then no member has a feed address until they ask for one', async () => {
    const c = await setup();
    const tokens = await c.t.database.db
      .select({ userId: memberCalendarSettings.userId })
      .from(memberCalendarSettings)
      .where(isNotNull(memberCalendarSettings.feedTokenHash));
    expect(tokens).toEqual([]);
    expect((await c.send('GET', '/api/settings/external-calendars/feed')).json()).toMatchObject({ active: false });
  });

  it('given addresses being guessed, then after 20 failures the address answers 429', async () => {
    const c = await setup();
    const guess = (n: number) => `/api/calendar-feeds/${String(n).padStart(43, 'x')}/diary.ics`;
    for (let n = 0; n < 20; n += 1) {
      expect((await c.t.app.inject({ method: 'GET', url: guess(n) })).statusCode).toBe(404);
    }
    const blocked = await c.t.app.inject({ method: 'GET', url: guess(99) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('given an Assistant (no Settings, SPEC.md §6), then every feed and calendar setting answers 403; an Admin has a feed of their own', async () => {
    const c = await setup();
    for (const [method, url] of [
      ['GET', '/api/settings/external-calendars/feed'],
      ['POST', '/api/settings/external-calendars/feed'],
      ['DELETE', '/api/settings/external-calendars/feed'],
      ['GET', '/api/settings/external-calendars/imports'],
      ['GET', '/api/settings/external-calendars/video-platform-options'],
      ['GET', '/api/settings/external-calendars/video'],
    ] as const) {
      expect((await c.send(method, url, c.tokens.assistant)).statusCode, url).toBe(403);
    }
    for (const [method, url, body] of [
      ['PATCH', '/api/settings/external-calendars/feed', { includeClientNames: true }],
      ['POST', '/api/settings/external-calendars/imports', { name: 'Mine', url: 'https://calendar.example.org/a.ics' }],
      ['POST', '/api/settings/external-calendars/single-import/1/refresh', undefined],
      ['DELETE', '/api/settings/external-calendars/single-import/1', undefined],
      ['PUT', '/api/settings/external-calendars/video', { platform: 'zoom', meetingLink: null }],
    ] as const) {
      expect((await c.send(method, url, c.tokens.assistant, body)).statusCode, url).toBe(403);
    }
    await addSession(c, 26);
    const adminFeed = await makeFeed(c, c.tokens.admin);
    const response = await c.t.app.inject({ method: 'GET', url: feedPath(adminFeed) });
    // The therapist's session is not in the Admin's own diary.
    expect(readFeed(response.body)).toEqual([]);
  });
});

describe('external calendars', { timeout: 120_000 }, () => {
  const GOOGLE = 'https://calendar.google.com/calendar/ical/maya%40example.com/private-abc/basic.ics';

  it('given a calendar address, when added, then its busy times are imported and the list shows its host, never its address', async () => {
    const c = await setup();
    const fetch = vi.spyOn(calendarHttp, 'fetch').mockResolvedValue(fixture('personal-calendar.ics'));
    const response = await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
      name: 'Personal',
      url: GOOGLE.replace('https://', 'webcal://'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { calendar, detail } = response.json<ExternalCalendarResult>();
    expect(detail).toBe(CALENDAR_FEED_MESSAGES.calendarAdded);
    expect(fetch).toHaveBeenCalledWith(GOOGLE);
    expect(calendar).toMatchObject({ name: 'Personal', host: 'calendar.google.com', lastError: null });
    // The weekly lesson, every week from a week ago to six months ahead.
    expect(calendar.busyCount).toBeGreaterThanOrEqual(25);
    const busy = await c.t.database.db.select().from(externalBusy).where(eq(externalBusy.calendarId, calendar.id));
    expect(busy).toHaveLength(calendar.busyCount);
    expect(busy.every((b) => b.userId === c.therapistId && b.practiceId === c.practice.practiceId)).toBe(true);

    const list = await c.send('GET', '/api/settings/external-calendars/imports');
    expect(list.json<ExternalCalendar[]>()).toEqual([calendar]);
    expect(list.body).not.toContain('private-abc');

    const again = await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
      name: 'Again',
      url: GOOGLE,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(CALENDAR_FEED_MESSAGES.calendarDuplicate);
  });

  it('given a bad file or an unreachable address, when added, then 400 says why and nothing is saved', async () => {
    const c = await setup();
    vi.spyOn(calendarHttp, 'fetch').mockResolvedValueOnce(fixture('broken.ics'));
    const broken = await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
      name: 'Work',
      url: GOOGLE,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ detail: CALENDAR_FEED_MESSAGES.fileBroken });

    vi.spyOn(calendarHttp, 'fetch').mockRejectedValueOnce(
      new CalendarImportError(CALENDAR_FEED_MESSAGES.urlStatus(404)),
    );
    const missing = await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
      name: 'Work',
      url: GOOGLE,
    });
    expect(missing.json().detail).toBe(
      "The calendar service answered with an error (HTTP 404). Check that this is the calendar's iCal address and that it is shared.",
    );

    const plain = await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
      name: 'Work',
      url: 'http://calendar.example.org/a.ics',
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().fields).toMatchObject({ url: CALENDAR_FEED_MESSAGES.urlInvalid });
    expect(await c.t.database.db.select().from(externalCalendars)).toEqual([]);
  });

  it('given an address on a private network, when added through the API, then it is refused without being fetched (SSRF)', async () => {
    const c = await setup();
    for (const url of [
      'https://169.254.169.254/latest/meta-data/',
      'https://calendar.localhost/feed.ics',
      'https://10.0.0.8/cal.ics',
    ]) {
      const response = await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
        name: 'Sneaky',
        url,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().detail, url).toBe(CALENDAR_FEED_MESSAGES.urlPrivate);
    }
  });

  it('given an added calendar whose refresh fails, then the error is kept on it, its last busy times stay, and a good refresh clears it', async () => {
    const c = await setup();
    vi.spyOn(calendarHttp, 'fetch').mockResolvedValue(fixture('personal-calendar.ics'));
    const added = (
      await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
        name: 'Personal',
        url: GOOGLE,
      })
    ).json<ExternalCalendarResult>();

    vi.spyOn(calendarHttp, 'fetch').mockResolvedValue('<html>Sign in</html>');
    const failed = await c.send('POST', `/api/settings/external-calendars/single-import/${added.calendar.id}/refresh`);
    expect(failed.statusCode).toBe(400);
    expect(failed.json().detail).toBe(CALENDAR_FEED_MESSAGES.fileNotCalendar);
    const [listed] = (await c.send('GET', '/api/settings/external-calendars/imports')).json<ExternalCalendar[]>();
    expect(listed).toMatchObject({
      lastError: CALENDAR_FEED_MESSAGES.fileNotCalendar,
      busyCount: added.calendar.busyCount,
    });
    expect(await c.t.database.db.select().from(externalBusy)).toHaveLength(added.calendar.busyCount);

    vi.spyOn(calendarHttp, 'fetch').mockResolvedValue(fixture('personal-calendar.ics'));
    const good = await c.send('POST', `/api/settings/external-calendars/single-import/${added.calendar.id}/refresh`);
    expect(good.json()).toMatchObject({
      detail: CALENDAR_FEED_MESSAGES.calendarRefreshed,
      calendar: { lastError: null },
    });
  });

  it('given the scheduled import, then due calendars are imported and a failing one keeps its error without failing the run', async () => {
    const c = await setup();
    vi.spyOn(calendarHttp, 'fetch').mockResolvedValue(fixture('personal-calendar.ics'));
    const added = (
      await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
        name: 'Personal',
        url: GOOGLE,
      })
    ).json<ExternalCalendarResult>();
    const service = new ExternalCalendarsService(c.t.platform);
    expect(await service.importDue()).toEqual({ imported: 0, failed: 0 });
    vi.spyOn(calendarHttp, 'fetch').mockRejectedValue(new CalendarImportError(CALENDAR_FEED_MESSAGES.urlTimeout));
    expect(await service.importDue(new Date(Date.now() + 2 * HOUR))).toEqual({ imported: 0, failed: 1 });
    const [row] = await c.t.database.db
      .select()
      .from(externalCalendars)
      .where(eq(externalCalendars.id, added.calendar.id));
    expect(row).toMatchObject({ lastError: CALENDAR_FEED_MESSAGES.urlTimeout });
  });

  it('given an imported calendar, then its busy times are in the diary as "Busy" (retrieve-events) and in busyRanges for booking', async () => {
    const c = await setup();
    vi.spyOn(calendarHttp, 'fetch').mockResolvedValue(fixture('personal-calendar.ics'));
    await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
      name: 'Personal',
      url: GOOGLE,
    });
    const [first] = await c.t.database.db
      .select()
      .from(externalBusy)
      .where(eq(externalBusy.userId, c.therapistId))
      .orderBy(externalBusy.startsAt)
      .limit(1);
    const start = new Date(first!.startsAt.getTime() - HOUR).toISOString();
    const end = new Date(first!.startsAt.getTime() + 2 * HOUR).toISOString();
    // Every role sees the busy time in the diary, titled "Busy" only.
    const events = await c.send('GET', `/api/appointments/retrieve-events/${start}/${end}`, c.tokens.assistant);
    expect(events.statusCode, events.body).toBe(200);
    const busy = events.json<{ items: DiaryEvent[] }>().items.filter((e) => e.kind === 'external busy');
    expect(busy).toEqual([
      expect.objectContaining({
        id: `external-${first!.id}`,
        title: 'Busy',
        client: null,
        therapist: expect.objectContaining({ id: c.therapistId }),
        startDateTimeUTC: first!.startsAt.toISOString(),
        colour: 'grey',
      }),
    ]);
    expect(events.body).not.toContain('Swimming');
    const ranges = await busyRanges(
      c.t.database.db,
      c.practice.practiceId,
      [c.therapistId],
      new Date(start),
      new Date(end),
    );
    expect(ranges).toContainEqual(
      expect.objectContaining({ source: 'external', sourceId: first!.id, therapistId: c.therapistId }),
    );
    // Another practice's diary has none of them.
    const outsider = await c.send('GET', `/api/appointments/retrieve-events/${start}/${end}`, c.tokens.outsider);
    expect(outsider.json<{ items: DiaryEvent[] }>().items.filter((e) => e.kind === 'external busy')).toEqual([]);
  });

  it("given another member's or another practice's calendar, then refresh and delete answer 404; the owner's delete removes its busy times", async () => {
    const c = await setup();
    vi.spyOn(calendarHttp, 'fetch').mockResolvedValue(fixture('personal-calendar.ics'));
    const added = (
      await c.send('POST', '/api/settings/external-calendars/imports', c.tokens.therapist, {
        name: 'Personal',
        url: GOOGLE,
      })
    ).json<ExternalCalendarResult>();
    for (const who of [c.tokens.outsider, c.tokens.admin]) {
      expect(
        (await c.send('POST', `/api/settings/external-calendars/single-import/${added.calendar.id}/refresh`, who))
          .statusCode,
      ).toBe(404);
      expect(
        (await c.send('DELETE', `/api/settings/external-calendars/single-import/${added.calendar.id}`, who)).statusCode,
      ).toBe(404);
    }
    const removed = await c.send('DELETE', `/api/settings/external-calendars/single-import/${added.calendar.id}`);
    expect(removed.json()).toEqual({ detail: CALENDAR_FEED_MESSAGES.calendarDeleted });
    expect(await c.t.database.db.select().from(externalBusy)).toEqual([]);
  });
});

describe('video platforms and meeting links', { timeout: 120_000 }, () => {
  it('given the options call of SPEC.md §7, then Zoom, Microsoft Teams, Google Meet, Doxy.me and Other, in that order', async () => {
    const c = await setup();
    const response = await c.send('GET', '/api/settings/external-calendars/video-platform-options');
    expect(response.json<VideoPlatformOption[]>().map((o) => o.label)).toEqual([
      'Zoom',
      'Microsoft Teams',
      'Google Meet',
      'Doxy.me',
      'Other',
    ]);
  });

  it("given a therapist's default platform and personal link, then it is kept; a link that is not https is refused with the form's message", async () => {
    const c = await setup();
    // The generated practice gives each clinician a personal room on their platform.
    const generated = (await c.send('GET', '/api/settings/external-calendars/video')).json<VideoSettings>();
    expect(generated.meetingLink).toMatch(/^https:\/\//);
    expect(videoPlatformOf(generated.meetingLink)).toBe(generated.platform);
    const saved = await c.send('PUT', '/api/settings/external-calendars/video', c.tokens.therapist, {
      platform: 'zoom',
      meetingLink: 'https://us02web.zoom.us/j/5551234567',
    });
    expect(saved.json()).toEqual({
      platform: 'zoom',
      meetingLink: 'https://us02web.zoom.us/j/5551234567',
      detail: CALENDAR_FEED_MESSAGES.videoSaved,
    });
    const bad = await c.send('PUT', '/api/settings/external-calendars/video', c.tokens.therapist, {
      platform: 'zoom',
      meetingLink: 'zoom.us/j/1',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ meetingLink: VIDEO_LINK_MESSAGE });
  });

  it("given an in-person session, when an Assistant sets its meeting link, then it takes place by video with that link; the therapist's default is offered", async () => {
    const c = await setup();
    await c.send('PUT', '/api/settings/external-calendars/video', c.tokens.therapist, {
      platform: 'doxy',
      meetingLink: 'https://doxy.me/drlee',
    });
    const session = await addSession(c, 26);
    const read = await c.send('GET', `/api/appointments/meeting-link/session/${session.id}`, c.tokens.assistant);
    expect(read.json()).toMatchObject({
      kind: 'session',
      title: 'Individual therapy with Mo Adeyemi',
      meetingLink: null,
      platform: null,
      therapistDefault: { platform: 'doxy', meetingLink: 'https://doxy.me/drlee' },
    });
    const set = await c.send('PUT', `/api/appointments/meeting-link/session/${session.id}`, c.tokens.assistant, {
      meetingLink: 'https://teams.microsoft.com/l/meetup-join/abc',
    });
    expect(set.json<EventMeetingLinkResult>()).toMatchObject({
      platform: 'teams',
      detail: CALENDAR_FEED_MESSAGES.meetingLinkSaved,
    });
    const [row] = await c.t.database.db.select().from(clientSessions).where(eq(clientSessions.id, session.id));
    expect(row).toMatchObject({
      locationKind: 'video',
      videoLink: 'https://teams.microsoft.com/l/meetup-join/abc',
      version: 2,
    });
  });

  it('given a session with a link and a client with an e-mail address, when sent to the client, then they get the link; without a link, a client or an e-mail address, 409 says why', async () => {
    const c = await setup();
    const session = await addSession(c, 26, { locationKind: 'video', videoLink: 'https://doxy.me/room1' });
    const noEmail = await c.send(
      'POST',
      `/api/appointments/meeting-link/session/${session.id}/send`,
      c.tokens.assistant,
    );
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().detail).toBe(CALENDAR_FEED_MESSAGES.noClientEmail);

    await c.t.database.db.update(clients).set({ email: 'mo@client.example' }).where(eq(clients.id, c.clientId));
    const read = await c.send('GET', `/api/appointments/meeting-link/session/${session.id}`);
    expect(read.json()).toMatchObject({ canSendToClient: true, platform: 'doxy' });
    const sent = await c.send('POST', `/api/appointments/meeting-link/session/${session.id}/send`, c.tokens.assistant);
    expect(sent.json()).toEqual({ detail: CALENDAR_FEED_MESSAGES.meetingLinkSent });
    const [mail] = readOutbox(c.t).filter((m) => m.to.includes('mo@client.example'));
    expect(mail?.subject).toMatch(/^The link to join your Individual therapy session on /);
    expect(mail?.text).toContain('https://doxy.me/room1');

    // A session without a link of its own sends its therapist's personal room; with none either, 409 says so.
    const unlinked = await addSession(c, 30);
    const room = (await c.send('GET', '/api/settings/external-calendars/video')).json<VideoSettings>().meetingLink!;
    const viaRoom = await c.send('POST', `/api/appointments/meeting-link/session/${unlinked.id}/send`);
    expect(viaRoom.json()).toEqual({ detail: CALENDAR_FEED_MESSAGES.meetingLinkSent });
    expect(
      readOutbox(c.t)
        .filter((m) => m.to.includes('mo@client.example'))
        .at(-1)?.text,
    ).toContain(room);
    const cleared = await c.send('PUT', '/api/settings/external-calendars/video', c.tokens.therapist, {
      platform: 'zoom',
      meetingLink: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await c.send('POST', `/api/appointments/meeting-link/session/${unlinked.id}/send`)).json().detail).toBe(
      CALENDAR_FEED_MESSAGES.noLinkToSend,
    );
    const meeting = await addAppointment(c, 5, { videoLink: 'https://meet.google.com/abc-defg-hij' });
    const nobody = await c.send('POST', `/api/appointments/meeting-link/appointment/${meeting.id}/send`);
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().detail).toBe(CALENDAR_FEED_MESSAGES.noClientToSend);
    expect(
      (await c.send('POST', `/api/appointments/meeting-link/session/${session.id}/send`, c.tokens.outsider)).statusCode,
    ).toBe(404);
  });

  it('given an appointment, then its link is set and removed; a cancelled session answers 409; another practice answers 404', async () => {
    const c = await setup();
    const meeting = await addAppointment(c, 5);
    const set = await c.send('PUT', `/api/appointments/meeting-link/appointment/${meeting.id}`, c.tokens.therapist, {
      meetingLink: 'https://meet.google.com/abc-defg-hij',
    });
    expect(set.json()).toMatchObject({ meetingLink: 'https://meet.google.com/abc-defg-hij', platform: 'google-meet' });
    const removed = await c.send(
      'PUT',
      `/api/appointments/meeting-link/appointment/${meeting.id}`,
      c.tokens.therapist,
      { meetingLink: null },
    );
    expect(removed.json()).toMatchObject({ meetingLink: null, detail: CALENDAR_FEED_MESSAGES.meetingLinkRemoved });

    const cancelled = await addSession(c, 8, { status: 'cancelled' });
    const refused = await c.send('PUT', `/api/appointments/meeting-link/session/${cancelled.id}`, c.tokens.therapist, {
      meetingLink: 'https://doxy.me/x',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CALENDAR_FEED_MESSAGES.sessionCancelled);

    for (const [kind, id] of [
      ['appointment', meeting.id],
      ['session', cancelled.id],
    ] as const) {
      expect((await c.send('GET', `/api/appointments/meeting-link/${kind}/${id}`, c.tokens.outsider)).statusCode).toBe(
        404,
      );
      expect(
        (await c.send('PUT', `/api/appointments/meeting-link/${kind}/${id}`, c.tokens.outsider, { meetingLink: null }))
          .statusCode,
      ).toBe(404);
    }
  });
});
