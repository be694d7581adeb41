import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { hasSqlState, migrationsFolder, rowsOf } from '../../../platform/db';
import { describe, expect, it } from 'vitest';
import {
  DIARY_MESSAGES,
  DIARY_RANGE_MAX_DAYS,
  type Appointment,
  type ClientSession,
  type DiaryEvent,
  type DiaryEventDetails,
  type DiaryEvents,
  type SchedulingPreferences,
  diaryEventSchema,
  serviceColour,
} from '@halcyon/api/contract';
import { dayRange } from '@halcyon/api/time';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { clients } from '../../clients/schema';
import { clientSessions } from '../../sessions/schema';
import { users } from '../../users/schema';
import { externalBusy, externalCalendars } from '../feeds/schema';
import { busyRanges } from './busy';
import { appointments } from './schema';
import { DiaryService } from './service';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Therapist'));
  const [client] = await t.database.db
    .insert(clients)
    .values({ practiceId: practice.practiceId, firstName: 'Morgan', lastName: 'Adeyemi' })
    .returning({ id: clients.id });
  const send = (method: Method, url: string, tokens: Tokens = therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { t, practice, other, therapist, admin, assistant, outsider, clientId: client!.id, send };
}
type Ctx = Awaited<ReturnType<typeof setup>>;

const SESSION = {
  serviceName: 'Individual therapy',
  startsAt: '2026-01-12T10:00:00.000Z',
  durationMinutes: 50,
  locationKind: 'in person',
  location: 'Room 2',
  notes: 'Bring the intake form.',
};

async function schedule(c: Ctx, overrides: Record<string, unknown> = {}) {
  const response = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
    ...SESSION,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: ClientSession[] }>().items;
}

async function book(c: Ctx, body: Record<string, unknown>, tokens: Tokens = c.therapist) {
  const response = await c.send('POST', '/api/appointments/create', tokens, {
    kind: 'appointment',
    title: 'Supervision',
    startsAt: '2026-01-12T12:00:00.000Z',
    endsAt: '2026-01-12T13:00:00.000Z',
    ...body,
  });
  return response;
}

async function allowDoubleBooking(c: Ctx) {
  const read = await c.send('GET', '/api/settings/appointments/preferences', c.admin);
  const { version } = read.json<SchedulingPreferences>();
  const saved = await c.send('PATCH', '/api/settings/appointments/preferences', c.admin, {
    allowDoubleBooking: true,
    version,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const day = (c: Ctx, startIso: string, endIso: string, tokens: Tokens = c.therapist) =>
  c.send('GET', `/api/appointments/retrieve-events/${startIso}/${endIso}`, tokens);

describe('the one diary: retrieve-events, single event, details', () => {
  it('given sessions, an appointment about a client and blocked time, then the day lists them by start as events, ids unambiguous', async () => {
    const c = await setup();
    const [session] = await schedule(c);
    const created = await book(c, { clientId: c.clientId, notes: 'Case discussion' });
    expect(created.statusCode, created.body).toBe(201);
    const [appointment] = created.json<{ items: Appointment[] }>().items;
    const blocked = await book(c, {
      kind: 'blocked time',
      title: 'Lunch',
      startsAt: '2026-01-12T13:00:00.000Z',
      endsAt: '2026-01-12T14:00:00.000Z',
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    // The next day's and the other practice's events are not in this day.
    await schedule(c, { startsAt: '2026-01-13T10:00:00.000Z' });

    const response = await day(c, '2026-01-12T00:00:00.000Z', '2026-01-12T23:59:59.999Z');
    expect(response.statusCode, response.body).toBe(200);
    const { items, timeZone } = response.json<DiaryEvents>();
    expect(timeZone).toBe('Europe/London');
    expect(items.map((e) => [e.id, e.kind, e.title])).toEqual([
      [`session-${session!.id}`, 'session', 'Individual therapy'],
      [`appointment-${appointment!.id}`, 'appointment', 'Supervision'],
      [`appointment-${appointment!.id + 1}`, 'blocked time', 'Lunch'],
    ]);
    expect(items[0]).toMatchObject({
      startDateTimeUTC: '2026-01-12T10:00:00.000Z',
      endDateTimeUTC: '2026-01-12T10:50:00.000Z',
      client: { id: c.clientId, name: 'Morgan Adeyemi' },
      therapist: { id: memberOf(c.practice, 'Therapist').userId },
      locationKind: 'in person',
      location: 'Room 2',
      status: 'scheduled',
      version: 1,
    });
    expect(items[1]).toMatchObject({ colour: 'slate', client: { id: c.clientId }, locationKind: null });
    expect(items[2]).toMatchObject({ colour: 'grey', client: null });

    const single = await c.send('GET', `/api/appointments/retrieve-single-event/session-${session!.id}`);
    expect(single.json<DiaryEvent>()).toEqual(items[0]);
    const details = await c.send('GET', `/api/appointments/retrieve/appointment-${appointment!.id}`, c.assistant);
    expect(details.json<DiaryEventDetails>()).toMatchObject({ notes: 'Case discussion', seriesSize: 1 });
    // An Assistant books for the team but never reads a session's notes.
    const sessionDetails = (tokens: Tokens) =>
      c.send('GET', `/api/appointments/retrieve/session-${session!.id}`, tokens);
    expect((await sessionDetails(c.therapist)).json<DiaryEventDetails>().notes).toBe('Bring the intake form.');
    expect((await sessionDetails(c.assistant)).json<DiaryEventDetails>().notes).toBe('');

    // Another practice sees none of it: its day is empty and the ids answer 404.
    const outsider = await day(c, '2026-01-12T00:00:00.000Z', '2026-01-12T23:59:59.999Z', c.outsider);
    expect(outsider.json<DiaryEvents>().items).toEqual([]);
    for (const url of [
      `/api/appointments/retrieve-single-event/session-${session!.id}`,
      `/api/appointments/retrieve/appointment-${appointment!.id}`,
    ]) {
      expect((await c.send('GET', url, c.outsider)).statusCode, url).toBe(404);
    }
  });

  it("given a member named, then the range holds only that member's events (/Schedule's week of the member shown)", async () => {
    const c = await setup();
    const [session] = await schedule(c);
    const adminId = memberOf(c.practice, 'Admin').userId;
    const forAdmin = await book(c, {
      therapistId: adminId,
      startsAt: '2026-01-12T15:00:00.000Z',
      endsAt: '2026-01-12T16:00:00.000Z',
    });
    expect(forAdmin.statusCode, forAdmin.body).toBe(201);
    const [adminAppointment] = forAdmin.json<{ items: Appointment[] }>().items;
    const week = (therapistId: number | string, tokens: Tokens = c.assistant) =>
      c.send(
        'GET',
        `/api/appointments/retrieve-events/2026-01-12T00:00:00.000Z/2026-01-18T23:59:59.999Z?therapistId=${therapistId}`,
        tokens,
      );
    const ids = async (therapistId: number | string, tokens?: Tokens) =>
      (await week(therapistId, tokens)).json<DiaryEvents>().items.map((e) => e.id);

    expect(await ids(memberOf(c.practice, 'Therapist').userId)).toEqual([`session-${session!.id}`]);
    expect(await ids(adminId)).toEqual([`appointment-${adminAppointment!.id}`]);
    // Without a member, the whole practice's; a member of another practice has nothing here, nor theirs elsewhere.
    const all = await day(c, '2026-01-12T00:00:00.000Z', '2026-01-18T23:59:59.999Z', c.assistant);
    expect(all.json<DiaryEvents>().items).toHaveLength(2);
    expect(await ids(memberOf(c.other, 'Therapist').userId)).toEqual([]);
    expect(await ids(adminId, c.outsider)).toEqual([]);
    for (const bad of ['0', 'me', '1.5', '99999999999']) {
      const response = await week(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.body, bad).toContain('Choose a team member.');
    }
  });

  it("given every kind of event with its optional fields set and unset, then the events PostgreSQL builds are the contract's, field for field", async () => {
    const c = await setup();
    const db = c.t.database.db;
    const practiceId = c.practice.practiceId;
    const therapistId = memberOf(c.practice, 'Therapist').userId;
    const adminId = memberOf(c.practice, 'Admin').userId;
    const assistantId = memberOf(c.practice, 'Assistant').userId;
    // A member without a name shows as "Former member"; a client's preferred name comes before the last name.
    await db.update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, assistantId));
    const [mo] = await db
      .insert(clients)
      .values({ practiceId, firstName: 'Maureen', preferredName: 'Mo', lastName: 'Okafor' })
      .returning({ id: clients.id });
    const nameOf = async (id: number) => {
      const [u] = await db.select().from(users).where(eq(users.id, id));
      return `${u!.firstName} ${u!.lastName}`;
    };
    const [plain, video] = await db
      .insert(clientSessions)
      .values([
        {
          practiceId,
          clientId: c.clientId,
          therapistId,
          serviceName: 'Individual therapy',
          startsAt: new Date('2026-01-12T09:00:00.000Z'),
          endsAt: new Date('2026-01-12T09:50:00.000Z'),
          location: 'Room 2',
        },
        {
          practiceId,
          clientId: mo!.id,
          therapistId,
          serviceName: 'Couples therapy',
          startsAt: new Date('2026-01-12T10:00:00.000Z'),
          endsAt: new Date('2026-01-12T10:50:00.000Z'),
          locationKind: 'video',
          videoLink: 'https://meet.example.com/abc',
          status: 'attended',
          seriesId: 'series-1',
          recurrence: 'weekly',
          doubleBooked: true,
          version: 3,
        },
      ])
      .returning();
    // Microseconds are cut to milliseconds, as every other timestamp the API answers.
    await db.execute(sql`update client_sessions set ends_at = '2026-01-12T10:50:00.123456Z' where id = ${video!.id}`);
    const [meeting, allDay, nobody] = await db
      .insert(appointments)
      .values([
        {
          practiceId,
          kind: 'appointment',
          title: 'Review with Mo',
          startsAt: new Date('2026-01-12T11:00:00.000Z'),
          endsAt: new Date('2026-01-12T12:00:00.000Z'),
          therapistId: adminId,
          clientId: mo!.id,
          videoLink: 'https://meet.example.com/review',
          seriesId: 'series-2',
          recurrence: 'monthly',
          notes: 'Agenda',
        },
        {
          practiceId,
          kind: 'blocked time',
          title: 'Training day',
          startsAt: new Date('2026-01-12T00:00:00.000Z'),
          endsAt: new Date('2026-01-13T00:00:00.000Z'),
          allDay: true,
          therapistId: assistantId,
        },
        {
          practiceId,
          kind: 'appointment',
          title: 'Team meeting',
          startsAt: new Date('2026-01-12T14:00:00.000Z'),
          endsAt: new Date('2026-01-12T15:00:00.000Z'),
          therapistId: null,
        },
      ])
      .returning();
    const [calendar] = await db
      .insert(externalCalendars)
      .values({
        practiceId,
        userId: therapistId,
        name: 'Personal',
        url: 'https://cal.example.com/x.ics',
        host: 'cal.example.com',
      })
      .returning();
    const [busy] = await db
      .insert(externalBusy)
      .values({
        practiceId,
        userId: therapistId,
        calendarId: calendar!.id,
        startsAt: new Date('2026-01-12T16:00:00.000Z'),
        endsAt: new Date('2026-01-12T17:00:00.000Z'),
      })
      .returning();

    const therapist = { id: therapistId, name: await nameOf(therapistId) };
    const none = { seriesId: null, recurrence: 'none', doubleBooked: false, version: 1, status: 'scheduled' } as const;
    const expected: DiaryEvent[] = [
      {
        id: `appointment-${allDay!.id}`,
        kind: 'blocked time',
        startDateTimeUTC: '2026-01-12T00:00:00.000Z',
        endDateTimeUTC: '2026-01-13T00:00:00.000Z',
        allDay: true,
        title: 'Training day',
        client: null,
        therapist: { id: assistantId, name: 'Former member' },
        locationKind: null,
        location: '',
        videoLink: null,
        colour: 'grey',
        ...none,
      },
      {
        id: `session-${plain!.id}`,
        kind: 'session',
        startDateTimeUTC: '2026-01-12T09:00:00.000Z',
        endDateTimeUTC: '2026-01-12T09:50:00.000Z',
        allDay: false,
        title: 'Individual therapy',
        client: { id: c.clientId, name: 'Morgan Adeyemi' },
        therapist,
        locationKind: 'in person',
        location: 'Room 2',
        videoLink: null,
        colour: serviceColour('Individual therapy'),
        ...none,
      },
      {
        id: `session-${video!.id}`,
        kind: 'session',
        startDateTimeUTC: '2026-01-12T10:00:00.000Z',
        endDateTimeUTC: '2026-01-12T10:50:00.123Z',
        allDay: false,
        title: 'Couples therapy',
        client: { id: mo!.id, name: 'Mo Okafor' },
        therapist,
        locationKind: 'video',
        location: '',
        videoLink: 'https://meet.example.com/abc',
        status: 'attended',
        colour: serviceColour('Couples therapy'),
        seriesId: 'series-1',
        recurrence: 'weekly',
        doubleBooked: true,
        version: 3,
      },
      {
        id: `appointment-${meeting!.id}`,
        kind: 'appointment',
        startDateTimeUTC: '2026-01-12T11:00:00.000Z',
        endDateTimeUTC: '2026-01-12T12:00:00.000Z',
        allDay: false,
        title: 'Review with Mo',
        client: { id: mo!.id, name: 'Mo Okafor' },
        therapist: { id: adminId, name: await nameOf(adminId) },
        locationKind: null,
        location: '',
        videoLink: 'https://meet.example.com/review',
        colour: 'slate',
        ...none,
        seriesId: 'series-2',
        recurrence: 'monthly',
      },
      {
        id: `appointment-${nobody!.id}`,
        kind: 'appointment',
        startDateTimeUTC: '2026-01-12T14:00:00.000Z',
        endDateTimeUTC: '2026-01-12T15:00:00.000Z',
        allDay: false,
        title: 'Team meeting',
        client: null,
        therapist: null,
        locationKind: null,
        location: '',
        videoLink: null,
        colour: 'slate',
        ...none,
      },
      {
        id: `external-${busy!.id}`,
        kind: 'external busy',
        startDateTimeUTC: '2026-01-12T16:00:00.000Z',
        endDateTimeUTC: '2026-01-12T17:00:00.000Z',
        allDay: false,
        title: 'Busy',
        client: null,
        therapist,
        locationKind: null,
        location: '',
        videoLink: null,
        colour: 'grey',
        ...none,
      },
    ];
    const response = await day(c, '2026-01-12T00:00:00.000Z', '2026-01-12T23:59:59.999Z', c.admin);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json<DiaryEvents>();
    expect(items).toEqual(expected);
    // Each exactly the contract's shape (no field more or less), whoever's week is read.
    for (const item of items) expect(Object.keys(item).sort()).toEqual(Object.keys(diaryEventSchema.shape).sort());
    const week = await c.send(
      'GET',
      `/api/appointments/retrieve-events/2026-01-12T00:00:00.000Z/2026-01-12T23:59:59.999Z?therapistId=${therapistId}`,
    );
    expect(week.json<DiaryEvents>().items).toEqual(expected.filter((e) => e.therapist?.id === therapistId));

    // One event and its details are the same event; the details add what the diary's modal shows.
    const single = await c.send('GET', `/api/appointments/retrieve-single-event/session-${video!.id}`);
    expect(single.json<DiaryEvent>()).toEqual(expected[2]);
    const details = await c.send('GET', `/api/appointments/retrieve/appointment-${meeting!.id}`, c.admin);
    expect(details.json<DiaryEventDetails>()).toEqual({
      ...expected[3],
      notes: 'Agenda',
      seriesSize: 1,
      createdByName: null,
      createdAt: meeting!.createdAt.toISOString(),
      updatedAt: meeting!.updatedAt.toISOString(),
    });
  });

  it('given a range that ends before it starts, is too long or is not a date, then 400 says so and nothing is read', async () => {
    const c = await setup();
    const backwards = await day(c, '2026-01-12T23:00:00.000Z', '2026-01-12T01:00:00.000Z');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain(DIARY_MESSAGES.rangeBackwards);
    const long = await day(c, '2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z');
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(DIARY_MESSAGES.rangeTooLong);
    const sixWeeks = new Date(Date.parse('2026-01-01T00:00:00.000Z') + DIARY_RANGE_MAX_DAYS * 86_400_000);
    expect((await day(c, '2026-01-01T00:00:00.000Z', sixWeeks.toISOString())).statusCode).toBe(200);
    // A month view of November 2026 in New York: six local weeks with the fall-back hour (the day range of SPEC.md §9).
    const november = {
      start: dayRange('2026-10-26', 'America/New_York'),
      end: dayRange('2026-12-06', 'America/New_York'),
    };
    expect((await day(c, november.start.startIso, november.end.endIso)).statusCode).toBe(200);
    expect((await day(c, 'yesterday', '2026-01-01T00:00:00.000Z')).statusCode).toBe(400);
    expect((await c.send('GET', '/api/appointments/retrieve-single-event/meeting-4')).statusCode).toBe(400);
  });
});

describe('booking through the busy-time table', () => {
  it('given an appointment and blocked time, then they are created (recurring too), clash with sessions both ways, and delete with their own message', async () => {
    const c = await setup();
    const appointment = await book(
      c,
      {
        title: 'Team meeting',
        startsAt: '2026-01-14T12:00:00.000Z',
        endsAt: '2026-01-14T13:00:00.000Z',
        recurrence: { frequency: 'weekly', count: 2 },
      },
      c.assistant,
    );
    expect(appointment.statusCode, appointment.body).toBe(201);
    const items = appointment.json<{ items: Appointment[] }>().items;
    expect(items.map((a) => a.startsAt)).toEqual(['2026-01-14T12:00:00.000Z', '2026-01-21T12:00:00.000Z']);
    const blocked = await book(c, {
      kind: 'blocked time',
      title: 'Training day',
      startsAt: '2026-01-15T00:00:00.000Z',
      endsAt: '2026-01-15T23:59:00.000Z',
      allDay: true,
    });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const [block] = blocked.json<{ items: Appointment[] }>().items;
    expect(block).toMatchObject({ kind: 'blocked time', allDay: true, startsAt: '2026-01-15T00:00:00.000Z' });
    expect(block!.endsAt).toBe('2026-01-16T00:00:00.000Z');
    // A session in the therapist's blocked time clashes, and the 409 names it.
    const clash = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
      ...SESSION,
      startsAt: '2026-01-15T10:00:00.000Z',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ detail: string }>().detail).toMatch(
      /^You already have blocked time \(Training day\) on .*15 Jan 2026, 00:00 at that time\. Choose another time\.$/,
    );
    // Blocked time over a session clashes too (one diary), naming the session and its client.
    await schedule(c, { startsAt: '2026-01-16T10:00:00.000Z' });
    const over = await book(c, {
      kind: 'blocked time',
      title: 'Dentist',
      startsAt: '2026-01-16T09:30:00.000Z',
      endsAt: '2026-01-16T10:30:00.000Z',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ detail: string }>().detail).toContain('a session (Individual therapy with Morgan Adeyemi)');
    const backwards = await book(c, { startsAt: '2026-01-15T10:00:00.000Z', endsAt: '2026-01-15T09:00:00.000Z' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ fields: Record<string, string> }>().fields.endsAt).toBe(DIARY_MESSAGES.endBeforeStart);
    const tooLong = await book(c, { startsAt: '2026-01-15T10:00:00.000Z', endsAt: '2026-03-15T09:00:00.000Z' });
    expect(tooLong.json<{ fields: Record<string, string> }>().fields.endsAt).toBe(DIARY_MESSAGES.tooLong);

    const del = await c.send('DELETE', `/api/appointments/single-event/appointment-${block!.id}`);
    expect(del.json()).toEqual({ detail: 'Blocked time was successfully deleted.' });
    const delAppointment = await c.send(
      'DELETE',
      `/api/appointments/single-event/appointment-${items[0]!.id}`,
      c.assistant,
    );
    expect(delAppointment.json()).toEqual({ detail: 'Appointment successfully deleted.' });
    const outsider = await c.send('DELETE', `/api/appointments/single-event/appointment-${items[1]!.id}`, c.outsider);
    expect(outsider.statusCode).toBe(404);
    // The blocked time is gone from the diary, so the session fits now.
    await schedule(c, { startsAt: '2026-01-15T10:00:00.000Z' });
  });

  it("given an Assistant, then a clash names the session without its client; an Admin's calendar is named", async () => {
    const c = await setup();
    await schedule(c);
    const therapistId = memberOf(c.practice, 'Therapist').userId;
    const response = await book(
      c,
      { startsAt: '2026-01-12T10:30:00.000Z', endsAt: '2026-01-12T11:00:00.000Z', therapistId },
      c.assistant,
    );
    expect(response.statusCode).toBe(409);
    const detail = response.json<{ detail: string }>().detail;
    expect(detail).toMatch(/ already has a session \(Individual therapy\) on /);
    expect(detail).not.toContain('Morgan');
  });

  it('given an Assistant naming a client, real or made up, then 403 both ways: no answer says which client ids exist', async () => {
    const c = await setup();
    const real = await book(c, { clientId: c.clientId }, c.assistant);
    const madeUp = await book(c, { clientId: 2_000_000_000 }, c.assistant);
    expect(real.statusCode, real.body).toBe(403);
    expect(madeUp.statusCode, madeUp.body).toBe(403);
    expect(real.json()).toEqual(madeUp.json());
  });

  it('given a clash and "book anyway", then it is saved only where the practice allows double-booking, marked as such', async () => {
    const c = await setup();
    await schedule(c);
    const anyway = { startsAt: '2026-01-12T10:30:00.000Z', endsAt: '2026-01-12T11:30:00.000Z', ignoreConflicts: true };
    const refused = await book(c, anyway);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toMatch(/Choose another time\.$/);
    await allowDoubleBooking(c);
    const offered = await book(c, { ...anyway, ignoreConflicts: false });
    expect(offered.json<{ detail: string }>().detail).toMatch(/Choose another time, or schedule it anyway\.$/);
    const saved = await book(c, anyway);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<{ items: Appointment[] }>().items[0]!.doubleBooked).toBe(true);
    // A booking that overlaps only the double-booked appointment is still a clash.
    const third = await book(c, { startsAt: '2026-01-12T11:00:00.000Z', endsAt: '2026-01-12T11:20:00.000Z' });
    expect(third.statusCode).toBe(409);
    // A session booked anyway in the same way.
    const session = await schedule(c, { startsAt: '2026-01-12T10:10:00.000Z', ignoreConflicts: true });
    const event = await c.send('GET', `/api/appointments/retrieve-single-event/session-${session[0]!.id}`);
    expect(event.json<DiaryEvent>().doubleBooked).toBe(true);
  });

  it('given two simultaneous bookings of one slot, then one is saved (201) and the other answers 409 naming it', async () => {
    const c = await setup();
    const slot = { startsAt: '2026-01-20T09:00:00.000Z', endsAt: '2026-01-20T10:00:00.000Z' };
    const [a, b] = await Promise.all([
      book(c, { ...slot, title: 'Supervision A' }),
      book(c, { ...slot, title: 'Supervision B' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses, `${a.body} ${b.body}`).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json<{ detail: string }>().detail).toMatch(
      /^You already have an appointment \(Supervision [AB]\) on /,
    );
    const therapistId = memberOf(c.practice, 'Therapist').userId;
    const busy = await busyRanges(
      c.t.database.db,
      c.practice.practiceId,
      [therapistId],
      new Date(slot.startsAt),
      new Date(slot.endsAt),
    );
    expect(busy).toHaveLength(1);
  });

  it('given two overlapping rows written straight to the database, then the exclusion constraint refuses the second (23P01)', async () => {
    const c = await setup();
    const row = {
      practiceId: c.practice.practiceId,
      kind: 'appointment',
      title: 'Supervision',
      startsAt: new Date('2026-01-20T09:00:00.000Z'),
      endsAt: new Date('2026-01-20T10:00:00.000Z'),
      therapistId: memberOf(c.practice, 'Therapist').userId,
    };
    await c.t.database.db.insert(appointments).values(row);
    const second = await c.t.database.db
      .insert(appointments)
      .values({ ...row, startsAt: new Date('2026-01-20T09:59:00.000Z'), endsAt: new Date('2026-01-20T11:00:00.000Z') })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(hasSqlState(second, '23P01')).toBe(true);
    // Back to back is not an overlap; another therapist, or the same one booked anyway, is allowed.
    await c.t.database.db
      .insert(appointments)
      .values({ ...row, startsAt: row.endsAt, endsAt: new Date('2026-01-20T11:00:00.000Z') });
    await c.t.database.db.insert(appointments).values({ ...row, therapistId: memberOf(c.practice, 'Admin').userId });
    await c.t.database.db.insert(appointments).values({ ...row, doubleBooked: true });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'given two transactions booking one slot at once on PostgreSQL, then the second waits for the first and is refused (23P01)',
    async () => {
      const c = await setup();
      const db = c.t.database.db;
      const row = {
        practiceId: c.practice.practiceId,
        kind: 'appointment',
        title: 'Supervision',
        startsAt: new Date('2026-01-21T09:00:00.000Z'),
        endsAt: new Date('2026-01-21T10:00:00.000Z'),
        therapistId: memberOf(c.practice, 'Therapist').userId,
      };
      let inserted!: () => void;
      let release!: () => void;
      const didInsert = new Promise<void>((resolve) => (inserted = resolve));
      const held = new Promise<void>((resolve) => (release = resolve));
      const first = db.transaction(async (tx) => {
        await tx.insert(appointments).values(row);
        inserted();
        await held;
      });
      await didInsert;
      let settled = false;
      const second = db
        .transaction(async (tx) => {
          await tx.insert(appointments).values({ ...row, title: 'Team meeting' });
        })
        .then(
          () => null,
          (error: unknown) => error,
        )
        .finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled, 'the second waits for the first to commit').toBe(false);
      release();
      await first;
      expect(hasSqlState(await second, '23P01')).toBe(true);
    },
  );

  it('given events that already overlap when the diary migration runs, then the later ones are kept as booked anyway and new clashes are refused', async () => {
    const c = await setup();
    const db = c.t.database.db;
    // As before the migration: no busy time, no triggers, no constraint.
    for (const statement of [
      'drop trigger client_sessions_busy_times on client_sessions',
      'drop trigger appointments_busy_times on appointments',
      'alter table busy_times drop constraint busy_times_no_overlap',
      'delete from busy_times',
    ]) {
      await db.execute(sql.raw(statement));
    }
    const therapistId = memberOf(c.practice, 'Therapist').userId;
    const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 0, 12, hour, minute));
    const session = (start: Date, end: Date, status = 'scheduled') => ({
      practiceId: c.practice.practiceId,
      clientId: c.clientId,
      therapistId,
      serviceName: 'Individual therapy',
      startsAt: start,
      endsAt: end,
      status,
    });
    const [first, second, cancelled] = await db
      .insert(clientSessions)
      .values([session(at(10), at(11)), session(at(10, 30), at(11, 30)), session(at(10), at(11), 'cancelled')])
      .returning({ id: clientSessions.id });
    const [meeting] = await db
      .insert(appointments)
      .values({
        practiceId: c.practice.practiceId,
        kind: 'appointment',
        title: 'Supervision',
        startsAt: at(12),
        endsAt: at(13),
        therapistId,
      })
      .returning({ id: appointments.id });
    const migration = fs.readFileSync(path.join(migrationsFolder(), '0022_diary.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint');
    const from = statements.findIndex((statement) => statement.includes('CREATE TEMPORARY TABLE'));
    // One transaction on one connection, as the migrator runs it (the backfill's temporary table lives in it).
    await db.transaction(async (tx) => {
      for (const statement of statements.slice(from)) await tx.execute(sql.raw(statement));
    });

    const busy = await rowsOf<{ source: string; source_id: number; overlap_allowed: boolean }>(
      db,
      sql`select source, source_id, overlap_allowed from busy_times order by source, source_id`,
    );
    expect(busy).toEqual([
      { source: 'appointment', source_id: meeting!.id, overlap_allowed: false },
      { source: 'session', source_id: first!.id, overlap_allowed: false },
      { source: 'session', source_id: second!.id, overlap_allowed: true },
    ]);
    const marked = await db
      .select({ id: clientSessions.id, doubleBooked: clientSessions.doubleBooked })
      .from(clientSessions);
    expect(marked.find((row) => row.id === second!.id)?.doubleBooked).toBe(true);
    expect(marked.find((row) => row.id === cancelled!.id)?.doubleBooked).toBe(false);
    // The triggers and the constraint are back: a new clash is refused.
    const clash = await book(c, { startsAt: at(12, 30).toISOString(), endsAt: at(13, 30).toISOString() });
    expect(clash.statusCode).toBe(409);
    const direct = await db
      .insert(appointments)
      .values({
        practiceId: c.practice.practiceId,
        kind: 'blocked time',
        title: 'Lunch',
        startsAt: at(12, 30),
        endsAt: at(13),
        therapistId,
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(hasSqlState(direct, '23P01')).toBe(true);
  });

  it('given two simultaneous sessions for one therapist in one slot, then one is scheduled and the other refused', async () => {
    const c = await setup();
    const send = () => c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, SESSION);
    const results = await Promise.all([send(), send(), send()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('moving and resizing events', () => {
  it('given a session dragged to a free time, then it moves (version checked), and onto another event it clashes', async () => {
    const c = await setup();
    const [session] = await schedule(c);
    await book(c, { startsAt: '2026-01-12T14:00:00.000Z', endsAt: '2026-01-12T15:00:00.000Z' });
    const url = `/api/appointments/single-event/session-${session!.id}`;
    const moved = await c.send('PATCH', url, c.therapist, {
      startsAt: '2026-01-12T11:00:00.000Z',
      endsAt: '2026-01-12T12:00:00.000Z',
      version: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ items: DiaryEvent[] }>().items[0]).toMatchObject({
      startDateTimeUTC: '2026-01-12T11:00:00.000Z',
      endDateTimeUTC: '2026-01-12T12:00:00.000Z',
      version: 2,
    });
    const stale = await c.send('PATCH', url, c.therapist, {
      startsAt: '2026-01-12T16:00:00.000Z',
      endsAt: '2026-01-12T17:00:00.000Z',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(DIARY_MESSAGES.eventChanged);
    const onto = await c.send('PATCH', url, c.therapist, {
      startsAt: '2026-01-12T14:30:00.000Z',
      endsAt: '2026-01-12T15:20:00.000Z',
      version: 2,
    });
    expect(onto.statusCode).toBe(409);
    expect(onto.json<{ detail: string }>().detail).toContain('an appointment (Supervision)');
    const retitle = await c.send('PATCH', url, c.therapist, {
      startsAt: '2026-01-12T11:00:00.000Z',
      endsAt: '2026-01-12T12:00:00.000Z',
      title: 'Renamed',
      version: 2,
    });
    expect(retitle.statusCode).toBe(400);
    // The client's record says it was rescheduled, in plain words.
    const log = await c.send('GET', `/api/clients/activity-log/retrieve/${c.clientId}`);
    expect(log.body).toContain('rescheduled the session');
  });

  it('given a session to come moved on the diary or in its form, then the client is e-mailed the new time only when asked', async () => {
    const c = await setup();
    await c.t.database.db.update(clients).set({ email: 'morgan@client.example' }).where(eq(clients.id, c.clientId));
    const soon = new Date(Date.now() + 7 * 86_400_000);
    soon.setUTCHours(10, 0, 0, 0);
    const at = (hours: number) => new Date(soon.getTime() + hours * 3_600_000).toISOString();
    const [session] = await schedule(c, { startsAt: at(0) });
    const mails = () =>
      readOutbox(c.t).filter((m) => m.to.includes('morgan@client.example') && /moved/.test(m.subject));
    const url = `/api/appointments/single-event/session-${session!.id}`;
    const quiet = await c.send('PATCH', url, c.therapist, { startsAt: at(1), endsAt: at(2), version: 1 });
    expect(quiet.statusCode, quiet.body).toBe(200);
    expect(mails()).toHaveLength(0);
    const told = await c.send('PATCH', url, c.therapist, {
      startsAt: at(3),
      endsAt: at(4),
      version: 2,
      notifyClient: true,
    });
    expect(told.statusCode, told.body).toBe(200);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]!.text).toMatch(/Individual therapy session with .+ on .+ has moved to .+/);
    expect(mails()[0]!.text).toContain('Where: Room 2.');
    // The session's own form: a changed start is e-mailed when asked; the same start is not.
    const edit = (startsAt: string, version: number) =>
      c.send('PUT', `/api/clients/single-session/${session!.id}`, c.therapist, {
        ...SESSION,
        startsAt,
        version,
        notifyClient: true,
      });
    expect((await edit(at(5), 3)).statusCode).toBe(200);
    expect(mails()).toHaveLength(2);
    expect((await edit(at(5), 4)).statusCode).toBe(200);
    expect(mails()).toHaveLength(2);
  });

  it('given a weekly series moved "this and following" across the clock change, then those keep the new local time and split off', async () => {
    const c = await setup();
    // London: 10:00 GMT in March is 10:00Z; after 29 March it is 09:00Z.
    const created = await book(c, {
      startsAt: '2026-03-16T10:00:00.000Z',
      endsAt: '2026-03-16T11:00:00.000Z',
      recurrence: { frequency: 'weekly', count: 4 },
      clientId: c.clientId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const items = created.json<{ items: Appointment[] }>().items;
    expect(items.map((a) => a.startsAt)).toEqual([
      '2026-03-16T10:00:00.000Z',
      '2026-03-23T10:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
      '2026-04-06T09:00:00.000Z',
    ]);
    // Move the second (23 March, 10:00 local) to Tuesday 24 March, 14:00 local, for it and the following ones.
    const moved = await c.send('PATCH', `/api/appointments/single-event/${items[1]!.eventId}`, c.therapist, {
      startsAt: '2026-03-24T14:00:00.000Z',
      endsAt: '2026-03-24T14:30:00.000Z',
      version: 1,
      scope: 'following',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const events = moved.json<{ items: DiaryEvent[] }>().items;
    expect(events.map((e) => [e.startDateTimeUTC, e.endDateTimeUTC])).toEqual([
      ['2026-03-24T14:00:00.000Z', '2026-03-24T14:30:00.000Z'],
      ['2026-03-31T13:00:00.000Z', '2026-03-31T13:30:00.000Z'],
      ['2026-04-07T13:00:00.000Z', '2026-04-07T13:30:00.000Z'],
    ]);
    expect(new Set(events.map((e) => e.seriesId)).size).toBe(1);
    expect(events[0]!.seriesId).not.toBe(items[0]!.seriesId);
    const first = await c.send('GET', `/api/appointments/retrieve-single-event/${items[0]!.eventId}`);
    expect(first.json<DiaryEvent>()).toMatchObject({ startDateTimeUTC: '2026-03-16T10:00:00.000Z', version: 1 });
    // The whole (new) series moves back by a day: its events pass over each other's old times on the way.
    const all = await c.send('PATCH', `/api/appointments/single-event/${items[2]!.eventId}`, c.therapist, {
      startsAt: '2026-03-30T13:00:00.000Z',
      endsAt: '2026-03-30T13:30:00.000Z',
      version: 2,
      scope: 'all',
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<{ items: DiaryEvent[] }>().items.map((e) => e.startDateTimeUTC)).toEqual([
      '2026-03-23T14:00:00.000Z',
      '2026-03-30T13:00:00.000Z',
      '2026-04-06T13:00:00.000Z',
    ]);
    const log = await c.send('GET', `/api/clients/activity-log/retrieve/${c.clientId}`);
    expect(log.body).toContain('scheduled an appointment');
    expect(log.body).toContain('rescheduled the appointment');
  });

  it('given a series deleted "this and following", then the earlier events stay; a session is cancelled instead of deleted', async () => {
    const c = await setup();
    const created = await book(c, {
      kind: 'blocked time',
      title: 'Gym',
      startsAt: '2026-02-02T07:00:00.000Z',
      endsAt: '2026-02-02T08:00:00.000Z',
      recurrence: { frequency: 'weekly', count: 4 },
    });
    const items = created.json<{ items: Appointment[] }>().items;
    const del = await c.send('DELETE', `/api/appointments/single-event/${items[2]!.eventId}?scope=following`);
    expect(del.json()).toEqual({ detail: DIARY_MESSAGES.blockedTimeDeleted });
    const left = await day(c, '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z');
    expect(left.json<DiaryEvents>().items.map((e) => e.id)).toEqual([items[0]!.eventId, items[1]!.eventId]);
    const [session] = await schedule(c);
    const refused = await c.send('DELETE', `/api/appointments/single-event/session-${session!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(DIARY_MESSAGES.sessionNotDeleted);
    expect(
      (await c.send('DELETE', `/api/appointments/single-event/session-${session!.id}`, c.outsider)).statusCode,
    ).toBe(404);
  });
});

describe('the count and the preferences', () => {
  it("given today's sessions and appointments, then the count is the member's still-upcoming ones today (practice time)", async () => {
    const c = await setup();
    const service = new DiaryService(c.t.platform, { pendingRequests: () => Promise.resolve(1) });
    const auth = {
      userId: memberOf(c.practice, 'Therapist').userId,
      practiceId: c.practice.practiceId,
      role: 'Therapist' as const,
      sessionId: 'x',
    };
    await schedule(c, { startsAt: '2026-01-12T08:00:00.000Z' }); // before "now": not counted
    await schedule(c, { startsAt: '2026-01-12T15:00:00.000Z' });
    const [late] = await schedule(c, { startsAt: '2026-01-12T17:00:00.000Z' });
    await schedule(c, { startsAt: '2026-01-13T10:00:00.000Z' }); // tomorrow: not counted
    await c.send('POST', `/api/clients/single-session/cancel/${late!.id}`, c.therapist, {
      cancelledBy: 'therapist',
      version: 1,
    });
    await book(c, { startsAt: '2026-01-12T18:00:00.000Z', endsAt: '2026-01-12T19:00:00.000Z' });
    await book(c, { kind: 'blocked time', startsAt: '2026-01-12T19:00:00.000Z', endsAt: '2026-01-12T20:00:00.000Z' });
    // Two of today's still to come, and one pending request (booking's part).
    expect(await service.count(auth, new Date('2026-01-12T12:00:00.000Z'))).toEqual({ count: 3 });
    const response = await c.send('GET', '/api/appointments/count');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ count: number }>().count).toBeTypeOf('number');
  });

  it('given the preferences, then every role reads them, only an Admin changes them, with a version', async () => {
    const c = await setup();
    for (const tokens of [c.admin, c.therapist, c.assistant]) {
      const read = await c.send('GET', '/api/settings/appointments/preferences', tokens);
      expect(read.json<SchedulingPreferences>()).toMatchObject({ allowDoubleBooking: false, version: 1 });
    }
    const body = { allowDoubleBooking: true, version: 1 };
    expect((await c.send('PATCH', '/api/settings/appointments/preferences', c.therapist, body)).statusCode).toBe(403);
    const saved = await c.send('PATCH', '/api/settings/appointments/preferences', c.admin, body);
    expect(saved.json<SchedulingPreferences>()).toMatchObject({ allowDoubleBooking: true, version: 2 });
    const stale = await c.send('PATCH', '/api/settings/appointments/preferences', c.admin, body);
    expect(stale.statusCode).toBe(409);
    const other = await c.send('GET', '/api/settings/appointments/preferences', c.outsider);
    expect(other.json<SchedulingPreferences>().allowDoubleBooking).toBe(false);
  });
});

describe('busyRanges (what booking subtracts from availability)', () => {
  it('given sessions of every status and appointments, then only what holds the time, by therapist and start', async () => {
    const c = await setup();
    const [kept, cancelled] = [
      ...(await schedule(c)),
      ...(await schedule(c, { startsAt: '2026-01-12T14:00:00.000Z' })),
    ];
    await c.send('POST', `/api/clients/single-session/cancel/${cancelled!.id}`, c.therapist, {
      cancelledBy: 'client',
      version: 1,
    });
    await book(c, { kind: 'blocked time', title: 'Lunch' });
    const therapistId = memberOf(c.practice, 'Therapist').userId;
    const busy = await busyRanges(
      c.t.database.db,
      c.practice.practiceId,
      [therapistId, memberOf(c.practice, 'Admin').userId],
      new Date('2026-01-12T00:00:00.000Z'),
      new Date('2026-01-13T00:00:00.000Z'),
    );
    expect(busy.map((b) => [b.source, b.start.toISOString(), b.end.toISOString()])).toEqual([
      ['session', '2026-01-12T10:00:00.000Z', '2026-01-12T10:50:00.000Z'],
      ['appointment', '2026-01-12T12:00:00.000Z', '2026-01-12T13:00:00.000Z'],
    ]);
    expect(busy[0]).toMatchObject({ therapistId, sourceId: kept!.id });
    const none = await busyRanges(c.t.database.db, c.other.practiceId, [therapistId], new Date(0), new Date());
    expect(none).toEqual([]);
  });
});
