import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  compareDays,
  dayIndexOf,
  shiftDate,
  type Availability,
  type BookingRules,
  type PublicBookingPage,
  type PublicSlot,
  type SessionRequest,
} from '@halcyon/api/contract';
import { instantAt, todayIn } from '@halcyon/api/time';
import { migrationsFolder, rowsOf } from '../../../platform/db';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { clients } from '../../clients/schema';
import { notifications } from '../../notifications/schema';
import { clientSessions } from '../../sessions/schema';
import { users } from '../../users/schema';
import { externalBusy, externalCalendars } from '../feeds/schema';
import { appointmentAvailability, sessionRequests } from './schema';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ZONE = 'Europe/London';

/** A Monday at least three days ahead (practice time), so notice and "now" never bite. */
function nextMonday(): string {
  let day = shiftDate(todayIn(ZONE), { days: 3 });
  while (dayIndexOf(day) !== 0) day = shiftDate(day, { days: 1 });
  return day;
}

const at = (day: string, time: string) => instantAt(day, time, ZONE)!.toISOString();

const RULES = {
  enabled: true,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeHours: 0,
  maxDaysAhead: 30,
  slotStepMinutes: 60,
  therapistIds: [],
  slug: 'calm-minds-booking',
};

const INDIVIDUAL = {
  name: 'Individual session',
  kind: 'individual',
  durationMinutes: 50,
  priceMinor: 8_000,
  currency: 'GBP',
  bookableOnline: true,
};

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const therapistId = memberOf(practice, 'Therapist').userId;
  const send = (method: Method, url: string, tokens: Tokens | null = therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: tokens ? bearer(tokens) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const monday = nextMonday();
  // The one source of what the page offers: the practice's services marked "Booked online" (Settings > Services).
  const offered = await send('POST', '/api/settings/services', admin, INDIVIDUAL);
  expect(offered.statusCode, offered.body).toBe(200);
  const serviceId = offered.json<{ id: number }>().id;
  return { t, practice, other, therapist, admin, assistant, outsider, therapistId, send, monday, serviceId };
}
type Ctx = Awaited<ReturnType<typeof setup>>;

async function addHours(c: Ctx, days = [{ dayIndex: 0, startTime: '09:00', endTime: '12:00' }], tokens = c.therapist) {
  const response = await c.send('POST', '/api/settings/appointments/availability', tokens, { days });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Availability>();
}

/** Hours on Monday 09:00-12:00 and online booking on, as the therapist and the admin set them. */
async function openForBooking(c: Ctx, rules: Partial<typeof RULES> = {}) {
  await addHours(c);
  const saved = await c.send('PUT', '/api/settings/appointments/requests', c.admin, { ...RULES, ...rules, version: 0 });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<BookingRules>();
}

async function slots(c: Ctx, slug = RULES.slug, day = c.monday) {
  const query = new URLSearchParams({
    from: at(day, '00:00'),
    to: at(shiftDate(day, { days: 1 }), '00:00'),
    serviceId: String(c.serviceId),
  });
  const response = await c.send('GET', `/api/book/${slug}/slots?${query.toString()}`, null);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: PublicSlot[] }>().items;
}

async function request(c: Ctx, time = '09:00', overrides: Record<string, unknown> = {}) {
  return c.send('POST', `/api/book/${RULES.slug}/request`, null, {
    serviceId: c.serviceId,
    therapistId: c.therapistId,
    startsAt: at(c.monday, time),
    name: 'Robin Ellis',
    email: 'robin.ellis@visitor.example',
    phone: '07700 900123',
    message: 'Evenings are hard for me.',
    ...overrides,
  });
}

async function pendingRequest(c: Ctx, time = '09:00') {
  await openForBooking(c);
  const sent = await request(c, time);
  expect(sent.statusCode, sent.body).toBe(200);
  const list = await c.send('GET', '/api/appointments/requests/retrieve');
  return list.json<{ items: SessionRequest[] }>().items[0]!;
}

describe('availability (Settings > Appointments)', () => {
  it('given hours of two members, then the list is ordered by the first day (Monday first), entries without days last, and every role reads it', async () => {
    const c = await setup();
    const wednesday = await addHours(c, [{ dayIndex: 2, startTime: '09:00', endTime: '17:00' }]);
    // Days are kept in week order, so the first day of this entry is Monday.
    const monday = await addHours(
      c,
      [
        { dayIndex: 4, startTime: '09:00', endTime: '12:00' },
        { dayIndex: 0, startTime: '13:00', endTime: '17:00' },
      ],
      c.admin,
    );
    expect(monday.days.map((d) => d.dayIndex)).toEqual([0, 4]);
    expect(monday.timeZone).toBe(ZONE);
    await c.t.database.db
      .insert(appointmentAvailability)
      .values({ practiceId: c.practice.practiceId, therapistId: c.therapistId, days: [] });
    for (const tokens of [c.therapist, c.admin, c.assistant]) {
      const list = await c.send('GET', '/api/settings/appointments/availability', tokens);
      expect(list.statusCode).toBe(200);
      const items = list.json<{ items: Availability[] }>().items;
      expect(items.map((a) => a.days[0]?.dayIndex ?? null)).toEqual([0, 2, null]);
      expect(items[1]!.id).toBe(wednesday.id);
    }
    const single = await c.send('GET', `/api/settings/appointments/single-availability/${wednesday.id}`, c.assistant);
    expect(single.json()).toEqual(wednesday);
  });

  it('given a change with the version opened, then it saves; a stale version answers 409 and a deletion says SPEC.md’s sentence', async () => {
    const c = await setup();
    const created = await addHours(c);
    const body = { days: [{ dayIndex: 1, startTime: '10:00', endTime: '11:00' }], location: 'Room 2' };
    const changed = await c.send('PUT', `/api/settings/appointments/single-availability/${created.id}`, c.therapist, {
      ...body,
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Availability>()).toMatchObject({ days: body.days, location: 'Room 2', version: 2 });
    const stale = await c.send('PUT', `/api/settings/appointments/single-availability/${created.id}`, c.therapist, {
      ...body,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: BOOKING_MESSAGES.availabilityChanged });
    const deleted = await c.send('DELETE', `/api/settings/appointments/single-availability/${created.id}`);
    expect(deleted.json()).toEqual({ detail: 'Appointment availability successfully deleted.' });
    expect((await c.send('GET', `/api/settings/appointments/single-availability/${created.id}`)).statusCode).toBe(404);
  });

  it('given bad hours (end before start, two overlapping times of a day), then 400 beside the field and nothing saved', async () => {
    const c = await setup();
    const backwards = await c.send('POST', '/api/settings/appointments/availability', c.therapist, {
      days: [{ dayIndex: 0, startTime: '12:00', endTime: '09:00' }],
    });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain(BOOKING_MESSAGES.endBeforeStart);
    const overlapping = await c.send('POST', '/api/settings/appointments/availability', c.therapist, {
      days: [
        { dayIndex: 0, startTime: '09:00', endTime: '12:00' },
        { dayIndex: 0, startTime: '11:00', endTime: '13:00' },
      ],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(JSON.stringify(overlapping.json())).toContain(BOOKING_MESSAGES.overlappingDays);
    const list = await c.send('GET', '/api/settings/appointments/availability');
    expect(list.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('given roles, then a Therapist sets only their own hours, an Admin anyone’s, the Assistant none (403); another practice gets 404', async () => {
    const c = await setup();
    const adminId = memberOf(c.practice, 'Admin').userId;
    const others = await c.send('POST', '/api/settings/appointments/availability', c.therapist, {
      therapistId: adminId,
      days: [{ dayIndex: 0, startTime: '09:00', endTime: '12:00' }],
    });
    expect(others.statusCode).toBe(403);
    const forTherapist = await c.send('POST', '/api/settings/appointments/availability', c.admin, {
      therapistId: c.therapistId,
      days: [{ dayIndex: 0, startTime: '09:00', endTime: '12:00' }],
    });
    expect(forTherapist.json<Availability>().therapistId).toBe(c.therapistId);
    const id = forTherapist.json<Availability>().id;
    expect(
      (await c.send('POST', '/api/settings/appointments/availability', c.assistant, { days: [] })).statusCode,
    ).toBe(403);
    for (const [method, url] of [
      ['GET', `/api/settings/appointments/single-availability/${id}`],
      ['DELETE', `/api/settings/appointments/single-availability/${id}`],
    ] as const) {
      expect((await c.send(method, url, c.outsider)).statusCode).toBe(404);
    }
    const put = await c.send('PUT', `/api/settings/appointments/single-availability/${id}`, c.outsider, {
      days: [{ dayIndex: 0, startTime: '09:00', endTime: '12:00' }],
      version: 1,
    });
    expect(put.statusCode).toBe(404);
    expect((await c.send('GET', '/api/settings/appointments/availability', c.outsider)).json()).toEqual({ items: [] });
  });
});

describe('availability: the services offered in its hours', () => {
  const hours = [{ dayIndex: 0, startTime: '09:00', endTime: '12:00' }];

  it('given hours offering a service, when the service is renamed, then the hours still offer it, under its new name, and the booking page still offers its times', async () => {
    const c = await setup();
    const created = await c.send('POST', '/api/settings/appointments/availability', c.therapist, {
      days: hours,
      serviceIds: [c.serviceId],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json<Availability>()).toMatchObject({ serviceIds: [c.serviceId], serviceNames: [INDIVIDUAL.name] });
    const saved = await c.send('PUT', '/api/settings/appointments/requests', c.admin, { ...RULES, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    const renamed = await c.send('PUT', `/api/settings/services/${c.serviceId}`, c.admin, {
      ...INDIVIDUAL,
      name: 'One-to-one session',
      version: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const read = await c.send(
      'GET',
      `/api/settings/appointments/single-availability/${created.json<Availability>().id}`,
    );
    expect(read.json<Availability>()).toMatchObject({
      serviceIds: [c.serviceId],
      serviceNames: ['One-to-one session'],
    });
    const list = await c.send('GET', '/api/settings/appointments/availability');
    expect(list.json<{ items: Availability[] }>().items[0]).toMatchObject({ serviceNames: ['One-to-one session'] });
    expect((await slots(c)).length).toBeGreaterThan(0);
  });

  it("given another practice's service or a made-up id, then 400 names the services and nothing is saved", async () => {
    const c = await setup();
    const theirs = await c.send('POST', '/api/settings/services', c.outsider, INDIVIDUAL);
    for (const serviceIds of [
      [theirs.json<{ id: number }>().id],
      [c.serviceId, 2_000_000],
      [c.serviceId, c.serviceId],
    ]) {
      const refused = await c.send('POST', '/api/settings/appointments/availability', c.therapist, {
        days: hours,
        serviceIds,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.body).toContain(BOOKING_MESSAGES.availabilityService);
    }
    expect(await c.t.database.db.select().from(appointmentAvailability)).toHaveLength(0);
  });

  it('given hours offering only another service, then the booking page offers no time for this one', async () => {
    const c = await setup();
    const other = await c.send('POST', '/api/settings/services', c.admin, { ...INDIVIDUAL, name: 'Couple session' });
    const created = await c.send('POST', '/api/settings/appointments/availability', c.therapist, {
      days: hours,
      serviceIds: [other.json<{ id: number }>().id],
    });
    expect(created.statusCode, created.body).toBe(200);
    const saved = await c.send('PUT', '/api/settings/appointments/requests', c.admin, { ...RULES, version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await slots(c)).toEqual([]);
  });
});

describe('availability: generated practices', () => {
  it('given a generated practice, then every member’s hours list their days in week order, as a saved availability does', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t, { clients: 3 });
    const tokens = await sessionFor(t, memberOf(practice, 'Admin'));
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/settings/appointments/availability',
      headers: bearer(tokens),
    });
    const items = list.json<{ items: Availability[] }>().items;
    expect(items.length).toBeGreaterThan(1);
    for (const entry of items) expect(entry.days).toEqual([...entry.days].sort(compareDays));
  });
});

describe('availability: migration 0038 (services by name to by id)', () => {
  it("given hours that named services, then each name becomes the id of the practice's service of that name (any case); a name no service has is dropped", async () => {
    const c = await setup();
    const db = c.t.database.db;
    const theirs = await c.send('POST', '/api/settings/services', c.outsider, {
      ...INDIVIDUAL,
      name: 'Couple session',
    });
    const couple = await c.send('POST', '/api/settings/services', c.admin, { ...INDIVIDUAL, name: 'Couple session' });
    expect([theirs.statusCode, couple.statusCode]).toEqual([200, 200]);
    // The table as it was before the migration: the names, no ids yet.
    await db.execute(sql`alter table appointment_availability add column service_names text[] not null default '{}'`);
    const hours = [{ dayIndex: 0, startTime: '09:00', endTime: '12:00' }];
    const [named] = await db
      .insert(appointmentAvailability)
      .values({ practiceId: c.practice.practiceId, therapistId: c.therapistId, days: hours })
      .returning({ id: appointmentAvailability.id });
    const [every] = await db
      .insert(appointmentAvailability)
      .values({ practiceId: c.practice.practiceId, therapistId: c.therapistId, days: hours })
      .returning({ id: appointmentAvailability.id });
    await db.execute(
      sql`update appointment_availability set service_names = array['individual SESSION', 'Couple session', 'Gone'] where id = ${named!.id}`,
    );
    const migration = fs.readFileSync(path.join(migrationsFolder(), '0038_availability_service_ids.sql'), 'utf8');
    const statements = migration.split('--> statement-breakpoint');
    const from = statements.findIndex((statement) => statement.includes('UPDATE'));
    await db.transaction(async (tx) => {
      for (const statement of statements.slice(from)) await tx.execute(sql.raw(statement));
    });
    const rows = await rowsOf<{ id: number; service_ids: number[] }>(
      db,
      sql`select id, service_ids from appointment_availability order by id`,
    );
    expect(rows).toEqual([
      { id: named!.id, service_ids: [c.serviceId, couple.json<{ id: number }>().id].sort((a, b) => a - b) },
      { id: every!.id, service_ids: [] },
    ]);
  });
});

describe('online-booking rules', () => {
  it('given a practice that never saved them, then booking is off at version 0; saving makes the practice’s and the members’ links', async () => {
    const c = await setup();
    const first = await c.send('GET', '/api/settings/appointments/requests', c.assistant);
    expect(first.statusCode).toBe(200);
    expect(first.json<BookingRules>()).toMatchObject({ enabled: false, version: 0, links: [] });
    const saved = await openForBooking(c);
    expect(saved).toMatchObject({ enabled: true, version: 1, slug: RULES.slug, slotStepMinutes: 60 });
    expect(saved.links[0]).toMatchObject({ therapistId: null, slug: RULES.slug, path: `/Book/${RULES.slug}` });
    // The member with hours is offered online and has a link of their own.
    expect(saved.links.map((l) => l.therapistId)).toEqual([null, c.therapistId]);
    const stale = await c.send('PUT', '/api/settings/appointments/requests', c.therapist, { ...RULES, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: BOOKING_MESSAGES.rulesChanged });
    expect(
      (await c.send('PUT', '/api/settings/appointments/requests', c.assistant, { ...RULES, version: 1 })).statusCode,
    ).toBe(403);
  });

  it('given a booking address another practice uses, then 409 says so and nothing is saved', async () => {
    const c = await setup();
    await openForBooking(c);
    const taken = await c.send('PUT', '/api/settings/appointments/requests', c.outsider, { ...RULES, version: 0 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: BOOKING_MESSAGES.slugTaken });
    expect((await c.send('GET', '/api/settings/appointments/requests', c.outsider)).json<BookingRules>().version).toBe(
      0,
    );
  });
});

describe('the public booking page', () => {
  it('given booking off or an unknown address, then one 404 that names nothing', async () => {
    const c = await setup();
    await addHours(c);
    expect((await c.send('GET', `/api/book/${RULES.slug}`, null)).statusCode).toBe(404);
    await openForBooking(c, { enabled: false });
    const off = await c.send('GET', `/api/book/${RULES.slug}`, null);
    expect(off.statusCode).toBe(404);
    expect(off.json()).toMatchObject({ detail: BOOKING_MESSAGES.pageNotFound });
  });

  it('given hours, a session and buffers, then the free times leave out the session with its buffers, and answer times only', async () => {
    const c = await setup();
    await openForBooking(c, { bufferBeforeMinutes: 15 });
    const page = (await c.send('GET', `/api/book/${RULES.slug}`, null)).json<PublicBookingPage>();
    expect(page).toMatchObject({
      timeZone: ZONE,
      services: [
        { id: c.serviceId, name: 'Individual session', durationMinutes: 50, priceMinor: 8_000, currency: 'GBP' },
      ],
      therapist: null,
    });
    expect(page.therapists.map((t) => t.id)).toEqual([c.therapistId]);
    expect((await slots(c)).map((s) => s.startsAt)).toEqual([
      at(c.monday, '09:00'),
      at(c.monday, '10:00'),
      at(c.monday, '11:00'),
    ]);

    const [client] = await c.t.database.db
      .insert(clients)
      .values({ practiceId: c.practice.practiceId, firstName: 'Secret', lastName: 'Client' })
      .returning();
    await c.t.database.db.insert(clientSessions).values({
      practiceId: c.practice.practiceId,
      clientId: client!.id,
      therapistId: c.therapistId,
      serviceName: 'Individual session',
      startsAt: new Date(at(c.monday, '10:00')),
      endsAt: new Date(at(c.monday, '10:50')),
    });
    const free = await slots(c);
    // 10:00 is booked; 11:00 starts within 15 minutes of its end (10:50); 09:00 ends (with 10 minutes after) at 10:00.
    expect(free).toEqual([
      { startsAt: at(c.monday, '09:00'), endsAt: at(c.monday, '09:50'), therapistId: c.therapistId },
    ]);
  });

  it("given anyone on the practice's link, then each free time is offered once, with the member free then who is least busy", async () => {
    const c = await setup();
    await openForBooking(c);
    await addHours(c, undefined, c.admin);
    const adminId = memberOf(c.practice, 'Admin').userId;
    const [client] = await c.t.database.db
      .insert(clients)
      .values({ practiceId: c.practice.practiceId, firstName: 'Secret', lastName: 'Client' })
      .returning();
    // The therapist is busy at 09:00 (and so busier than the admin this day).
    await c.t.database.db.insert(clientSessions).values({
      practiceId: c.practice.practiceId,
      clientId: client!.id,
      therapistId: c.therapistId,
      serviceName: 'Individual session',
      startsAt: new Date(at(c.monday, '09:00')),
      endsAt: new Date(at(c.monday, '09:50')),
    });
    const times = (items: PublicSlot[]) => items.map((s) => [s.startsAt.slice(11, 16), s.therapistId]);
    // One button per time however large the team: the admin, free at 09:00 and least busy at 10:00 and 11:00.
    expect(times(await slots(c))).toEqual([
      ['09:00', adminId],
      ['10:00', adminId],
      ['11:00', adminId],
    ]);
    // A member chosen: their own free times.
    const query = new URLSearchParams({
      from: at(c.monday, '00:00'),
      to: at(shiftDate(c.monday, { days: 1 }), '00:00'),
      serviceId: String(c.serviceId),
      therapistId: String(c.therapistId),
    });
    const theirs = await c.send('GET', `/api/book/${RULES.slug}/slots?${query.toString()}`, null);
    expect(times(theirs.json<{ items: PublicSlot[] }>().items)).toEqual([
      ['10:00', c.therapistId],
      ['11:00', c.therapistId],
    ]);
  });

  it("given the rules' members, a member's link, an imported busy time and open requests, then the page offers exactly those members, named in name order, and their free times leave out what is taken", async () => {
    const c = await setup();
    const db = c.t.database.db;
    const adminId = memberOf(c.practice, 'Admin').userId;
    await db.update(users).set({ firstName: 'Ada', lastName: 'Byrne' }).where(eq(users.id, c.therapistId));
    await db.update(users).set({ firstName: 'Cy', lastName: 'Adams' }).where(eq(users.id, adminId));
    await addHours(c, undefined, c.admin);
    const rules = await openForBooking(c);
    const page = async (slug = RULES.slug) => {
      const response = await c.send('GET', `/api/book/${slug}`, null);
      return response.statusCode === 200 ? response.json<PublicBookingPage>() : response.statusCode;
    };
    // Every active member with hours, by last name then first name.
    expect(await page()).toMatchObject({
      therapist: null,
      therapists: [
        { id: adminId, name: 'Cy Adams' },
        { id: c.therapistId, name: 'Ada Byrne' },
      ],
    });
    // The rules' own list: only the therapist; the admin's link no longer opens a page, the therapist's names her.
    const saved = await c.send('PUT', '/api/settings/appointments/requests', c.admin, {
      ...RULES,
      therapistIds: [c.therapistId],
      version: rules.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const links = saved.json<BookingRules>().links;
    const linkOf = (id: number) => links.find((l) => l.therapistId === id)!.slug;
    expect(await page()).toMatchObject({ therapists: [{ id: c.therapistId, name: 'Ada Byrne' }] });
    expect(await page(linkOf(c.therapistId))).toMatchObject({ therapist: { id: c.therapistId, name: 'Ada Byrne' } });
    expect(await page(linkOf(adminId))).toBe(404);

    // Taken: an imported busy time at 09:00, an amended request's proposed 11:00 (not its asked 10:00).
    const [calendar] = await db
      .insert(externalCalendars)
      .values({
        practiceId: c.practice.practiceId,
        userId: c.therapistId,
        name: 'Personal',
        url: 'https://cal.example.com/ada.ics',
        host: 'cal.example.com',
      })
      .returning();
    await db.insert(externalBusy).values({
      practiceId: c.practice.practiceId,
      userId: c.therapistId,
      calendarId: calendar!.id,
      startsAt: new Date(at(c.monday, '09:00')),
      endsAt: new Date(at(c.monday, '09:30')),
    });
    const asked = { serviceName: 'Individual session', name: 'Robin Ellis', email: 'robin@visitor.example' };
    await db.insert(sessionRequests).values([
      {
        practiceId: c.practice.practiceId,
        therapistId: c.therapistId,
        ...asked,
        startsAt: new Date(at(c.monday, '10:00')),
        endsAt: new Date(at(c.monday, '10:50')),
        status: 'amended',
        proposedStartsAt: new Date(at(c.monday, '11:00')),
        proposedEndsAt: new Date(at(c.monday, '11:50')),
      },
      // A declined request holds nothing.
      {
        practiceId: c.practice.practiceId,
        therapistId: c.therapistId,
        ...asked,
        startsAt: new Date(at(c.monday, '10:00')),
        endsAt: new Date(at(c.monday, '10:50')),
        status: 'declined',
      },
    ]);
    expect((await slots(c)).map((s) => [s.startsAt, s.therapistId])).toEqual([[at(c.monday, '10:00'), c.therapistId]]);
  });

  it('given a visitor’s request, then it is saved pending, the therapist is notified, the visitor e-mailed, and the time is held', async () => {
    const c = await setup();
    await openForBooking(c);
    const sent = await request(c, '10:00');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ detail: BOOKING_MESSAGES.requestSent });
    const [row] = await c.t.database.db
      .select()
      .from(sessionRequests)
      .where(eq(sessionRequests.practiceId, c.practice.practiceId));
    expect(row).toMatchObject({ status: 'pending', therapistId: c.therapistId, name: 'Robin Ellis', clientId: null });
    const notes = await c.t.database.db.select().from(notifications).where(eq(notifications.userId, c.therapistId));
    expect(notes.map((n) => n.title)).toContain('New session request');
    expect(readOutbox(c.t).map((m) => m.to)).toContain('robin.ellis@visitor.example');
    // Worded as a client reads it: the article fits the service, and the service is not called "session session".
    const received = readOutbox(c.t).find((m) => m.to === 'robin.ellis@visitor.example')!;
    expect(received.text).toContain('Thank you for asking for an Individual session with');
    expect(received.text).not.toMatch(/session session|a Individual/i);
    expect(notes.find((n) => n.title === 'New session request')?.content).toContain(
      'Robin Ellis asked for an Individual session on',
    );
    expect((await slots(c)).map((s) => s.startsAt)).not.toContain(at(c.monday, '10:00'));
    const again = await request(c, '10:00', { email: 'someone.else@visitor.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: BOOKING_MESSAGES.slotTaken });
    const never = await request(c, '13:00', { email: 'third@visitor.example' });
    expect(never.statusCode).toBe(400);
    expect(never.json()).toMatchObject({ detail: BOOKING_MESSAGES.slotNotOffered });
  });

  it('given the hidden field filled (a bot), then the same answer and nothing saved or sent', async () => {
    const c = await setup();
    await openForBooking(c);
    const bot = await request(c, '09:00', { website: 'https://spam.example' });
    expect(bot.statusCode).toBe(200);
    expect(bot.json()).toEqual({ detail: BOOKING_MESSAGES.requestSent });
    expect(await c.t.database.db.select().from(sessionRequests)).toEqual([]);
    expect(readOutbox(c.t)).toEqual([]);
  });

  it('given services not booked online, archived or of another practice, then the page leaves them out and a request or free-times read naming one answers 400', async () => {
    const c = await setup();
    await openForBooking(c);
    const create = async (tokens: Tokens, body: Record<string, unknown>) => {
      const created = await c.send('POST', '/api/settings/services', tokens, { ...INDIVIDUAL, ...body });
      expect(created.statusCode, created.body).toBe(200);
      return created.json<{ id: number }>().id;
    };
    const inPractice = await create(c.admin, { name: 'Couples session', bookableOnline: false });
    const archived = await create(c.admin, { name: 'Old session', archived: true });
    const elsewhere = await create(c.outsider, { name: 'Their session' });
    const page = (await c.send('GET', `/api/book/${RULES.slug}`, null)).json<PublicBookingPage>();
    expect(page.services.map((s) => s.id)).toEqual([c.serviceId]);
    for (const serviceId of [inPractice, archived, elsewhere]) {
      const refused = await request(c, '09:00', { serviceId });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ detail: BOOKING_MESSAGES.serviceNotOffered });
      const query = new URLSearchParams({
        from: at(c.monday, '00:00'),
        to: at(shiftDate(c.monday, { days: 1 }), '00:00'),
        serviceId: String(serviceId),
      });
      expect((await c.send('GET', `/api/book/${RULES.slug}/slots?${query.toString()}`, null)).statusCode).toBe(400);
    }
    expect(await c.t.database.db.select().from(sessionRequests)).toEqual([]);
    // With nothing left marked "Booked online", the practice takes no bookings: the page is the one 404.
    const current = (await c.send('GET', `/api/settings/services/${c.serviceId}`, c.admin)).json<{ version: number }>();
    const unmarked = await c.send('PUT', `/api/settings/services/${c.serviceId}`, c.admin, {
      ...INDIVIDUAL,
      bookableOnline: false,
      version: current.version,
    });
    expect(unmarked.statusCode, unmarked.body).toBe(200);
    expect((await c.send('GET', `/api/book/${RULES.slug}`, null)).statusCode).toBe(404);
  });

  it('given many requests from one e-mail address, then the sixth in an hour answers 429', async () => {
    const c = await setup();
    await openForBooking(c);
    const statuses: number[] = [];
    for (const time of ['09:00', '10:00', '11:00', '09:00', '10:00', '11:00'])
      statuses.push((await request(c, time)).statusCode);
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });
});

describe('session requests (the inbox)', () => {
  it('given a pending request, then every role lists and reads it, another practice gets 404, and the appointments count includes it', async () => {
    const c = await setup();
    const pending = await pendingRequest(c);
    expect(pending).toMatchObject({
      status: 'pending',
      serviceName: 'Individual session',
      durationMinutes: 50,
      version: 1,
    });
    for (const tokens of [c.admin, c.therapist, c.assistant]) {
      expect((await c.send('GET', `/api/appointments/single-request/retrieve/${pending.id}`, tokens)).json()).toEqual(
        pending,
      );
      expect(
        (await c.send('GET', '/api/appointments/count', tokens)).json<{ count: number }>().count,
      ).toBeGreaterThanOrEqual(1);
    }
    expect(
      (await c.send('GET', `/api/appointments/single-request/retrieve/${pending.id}`, c.outsider)).statusCode,
    ).toBe(404);
    expect((await c.send('GET', '/api/appointments/requests/retrieve', c.outsider)).json()).toEqual({ items: [] });
    const answers = {
      accept: { version: 1 },
      amend: { startsAt: at(shiftDate(c.monday, { days: 1 }), '09:00'), durationMinutes: 50, version: 1 },
      reject: { reason: 'Full', version: 1 },
    };
    for (const [action, payload] of Object.entries(answers)) {
      const url = `/api/appointments/single-request/${action}/${pending.id}`;
      expect((await c.send('POST', url, c.outsider, payload)).statusCode).toBe(404);
    }
  });

  it('given an accepted request, then a session is in the diary for a new enquiry client, the requester is e-mailed, and a second answer is refused', async () => {
    const c = await setup();
    const pending = await pendingRequest(c, '11:00');
    const accepted = await c.send('POST', `/api/appointments/single-request/accept/${pending.id}`, c.assistant, {
      locationKind: 'in person',
      location: 'Room 1',
      version: 1,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = accepted.json<SessionRequest>();
    expect(answer).toMatchObject({ status: 'accepted', version: 2 });
    const [session] = await c.t.database.db
      .select()
      .from(clientSessions)
      .where(eq(clientSessions.id, answer.sessionId!));
    expect(session).toMatchObject({
      therapistId: c.therapistId,
      location: 'Room 1',
      status: 'scheduled',
      clientId: answer.clientId,
      // The service's price (Settings > Services), for billing.
      priceMinor: 8_000,
    });
    expect(session!.startsAt.toISOString()).toBe(at(c.monday, '11:00'));
    const [client] = await c.t.database.db.select().from(clients).where(eq(clients.id, answer.clientId!));
    expect(client).toMatchObject({
      status: 'enquiry',
      firstName: 'Robin',
      lastName: 'Ellis',
      email: 'robin.ellis@visitor.example',
    });
    expect(readOutbox(c.t).some((m) => m.subject.includes('is confirmed'))).toBe(true);
    const again = await c.send('POST', `/api/appointments/single-request/accept/${pending.id}`, c.therapist, {
      version: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: BOOKING_MESSAGES.requestDecided });
    expect((await c.send('GET', '/api/appointments/requests/retrieve')).json()).toEqual({ items: [] });
  });

  /** A session of another client in the therapist's diary, booked behind the inbox's back. */
  async function otherSession(c: Ctx, day: string, time: string, minutes = 50) {
    const [client] = await c.t.database.db
      .insert(clients)
      .values({ practiceId: c.practice.practiceId, firstName: 'Morgan', lastName: 'Adeyemi' })
      .returning();
    const start = new Date(at(day, time));
    await c.t.database.db.insert(clientSessions).values({
      practiceId: c.practice.practiceId,
      clientId: client!.id,
      therapistId: c.therapistId,
      serviceName: 'Couples therapy',
      startsAt: start,
      endsAt: new Date(start.getTime() + minutes * 60_000),
    });
  }

  it('given a request accepted as a video session with its link, then the session keeps the link and the confirmation carries it', async () => {
    const c = await setup();
    const pending = await pendingRequest(c, '10:00');
    const link = 'https://meet.example/robin';
    const accepted = await c.send('POST', `/api/appointments/single-request/accept/${pending.id}`, c.therapist, {
      locationKind: 'video',
      videoLink: link,
      version: 1,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [session] = await c.t.database.db
      .select()
      .from(clientSessions)
      .where(eq(clientSessions.id, accepted.json<SessionRequest>().sessionId!));
    expect(session).toMatchObject({ locationKind: 'video', videoLink: link });
    const confirmed = readOutbox(c.t).find((m) => m.subject.includes('is confirmed'))!;
    expect(confirmed.text).toContain(`It takes place by video. Join it from this link at the time: ${link}`);
    const plain = await c.send('POST', `/api/appointments/single-request/accept/${pending.id}`, c.therapist, {
      locationKind: 'video',
      videoLink: 'http://meet.example/robin',
      version: 2,
    });
    expect(plain.statusCode).toBe(400);
  });

  it('given the time taken in the diary meanwhile, then accepting answers the diary’s 409 naming the clash and books nothing', async () => {
    const c = await setup();
    const pending = await pendingRequest(c, '09:00');
    await otherSession(c, c.monday, '09:30');
    const accepted = await c.send('POST', `/api/appointments/single-request/accept/${pending.id}`, c.therapist, {
      version: 1,
    });
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json<{ detail: string }>().detail).toMatch(
      /^You already have a session \(Couples therapy with Morgan Adeyemi\) on .+, 09:30 at that time\. Choose another time\.$/,
    );
    // The Assistant books for the team without being told whose session it is.
    const byAssistant = await c.send('POST', `/api/appointments/single-request/accept/${pending.id}`, c.assistant, {
      version: 1,
    });
    expect(byAssistant.statusCode).toBe(409);
    expect(byAssistant.json<{ detail: string }>().detail).toMatch(/ already has a session \(Couples therapy\) on /);
    expect(byAssistant.body).not.toContain('Morgan');
    expect((await c.send('GET', `/api/appointments/single-request/retrieve/${pending.id}`)).json()).toMatchObject({
      status: 'pending',
      version: 1,
    });
  });

  it('given a practice that allows double-booking, then accepting over a clash with ignoreConflicts books the session as double-booked', async () => {
    const c = await setup();
    const pending = await pendingRequest(c, '09:00');
    await otherSession(c, c.monday, '09:30');
    const prefs = await c.send('GET', '/api/settings/appointments/preferences', c.admin);
    expect(prefs.statusCode, prefs.body).toBe(200);
    const allowed = await c.send('PATCH', '/api/settings/appointments/preferences', c.admin, {
      allowDoubleBooking: true,
      version: prefs.json<{ version: number }>().version,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const refused = await c.send('POST', `/api/appointments/single-request/accept/${pending.id}`, c.therapist, {
      version: 1,
    });
    expect(refused.json<{ detail: string }>().detail).toMatch(/Choose another time, or schedule it anyway\.$/);
    const accepted = await c.send('POST', `/api/appointments/single-request/accept/${pending.id}`, c.therapist, {
      version: 1,
      ignoreConflicts: true,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [session] = await c.t.database.db
      .select()
      .from(clientSessions)
      .where(eq(clientSessions.id, accepted.json<SessionRequest>().sessionId!));
    expect(session).toMatchObject({ doubleBooked: true, status: 'scheduled' });
  });

  it('given the proposed time taken before the requester accepts it, then the link answers 409 without any client’s name or event title, and books nothing', async () => {
    const c = await setup();
    const pending = await pendingRequest(c);
    const tuesday = shiftDate(c.monday, { days: 1 });
    const amended = await c.send('POST', `/api/appointments/single-request/amend/${pending.id}`, c.therapist, {
      startsAt: at(tuesday, '14:00'),
      durationMinutes: 50,
      version: 1,
    });
    expect(amended.statusCode, amended.body).toBe(200);
    await otherSession(c, tuesday, '14:15');
    const mail = readOutbox(c.t).find((m) => m.subject.includes('proposes another time'))!;
    const token = /\/Booking-request\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const accepted = await c.send('POST', `/api/booking-requests/${token}/accept`, null);
    expect(accepted.statusCode).toBe(409);
    const { detail } = accepted.json<{ detail: string }>();
    expect(detail).toMatch(/ already has a session on .+, 14:15 at that time\. Choose another time\.$/);
    expect(detail).not.toMatch(/Morgan|Adeyemi|Couples|You already/);
    expect((await c.send('GET', `/api/appointments/single-request/retrieve/${pending.id}`)).json()).toMatchObject({
      status: 'amended',
      sessionId: null,
    });
  });

  it('given an amended request, then the requester gets a one-click link that shows the new time and books it once; a second click is 410', async () => {
    const c = await setup();
    const pending = await pendingRequest(c);
    const proposed = at(shiftDate(c.monday, { days: 1 }), '14:00');
    const amended = await c.send('POST', `/api/appointments/single-request/amend/${pending.id}`, c.therapist, {
      startsAt: proposed,
      durationMinutes: 50,
      message: 'Tuesday afternoon works better for me.',
      version: 1,
    });
    expect(amended.statusCode, amended.body).toBe(200);
    expect(amended.json<SessionRequest>()).toMatchObject({
      status: 'amended',
      proposedStartsAt: proposed,
      replyMessage: 'Tuesday afternoon works better for me.',
    });
    const mail = readOutbox(c.t).find((m) => m.subject.includes('proposes another time'))!;
    const token = /\/Booking-request\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const shown = await c.send('GET', `/api/booking-requests/${token}`, null);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      startsAt: proposed,
      serviceName: 'Individual session',
      message: 'Tuesday afternoon works better for me.',
    });
    const accepted = await c.send('POST', `/api/booking-requests/${token}/accept`, null);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ detail: BOOKING_MESSAGES.amendedAccepted });
    const done = (
      await c.send('GET', `/api/appointments/single-request/retrieve/${pending.id}`)
    ).json<SessionRequest>();
    expect(done.status).toBe('accepted');
    const [session] = await c.t.database.db.select().from(clientSessions).where(eq(clientSessions.id, done.sessionId!));
    expect(session!.startsAt.toISOString()).toBe(proposed);
    expect((await c.send('POST', `/api/booking-requests/${token}/accept`, null)).statusCode).toBe(410);
    expect((await c.send('GET', '/api/booking-requests/not-a-real-token', null)).statusCode).toBe(404);
  });

  it('given a declined request, then the reason is kept, the message e-mailed, and it leaves the open list', async () => {
    const c = await setup();
    const pending = await pendingRequest(c);
    const declined = await c.send('POST', `/api/appointments/single-request/reject/${pending.id}`, c.admin, {
      reason: 'Outside my specialism',
      message: 'I recommend contacting a specialist trauma service.',
      version: 1,
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<SessionRequest>()).toMatchObject({
      status: 'declined',
      declineReason: 'Outside my specialism',
    });
    const mail = readOutbox(c.t)
      .filter((m) => m.to.includes('robin.ellis@visitor.example'))
      .at(-1)!;
    expect(mail.text).toContain('I recommend contacting a specialist trauma service.');
    expect(mail.text).not.toContain('Outside my specialism');
    const all = await c.send('GET', '/api/appointments/requests/retrieve?status=all');
    expect(all.json<{ items: SessionRequest[] }>().items.map((r) => r.status)).toEqual(['declined']);
    const stale = await c.send('POST', `/api/appointments/single-request/reject/${pending.id}`, c.admin, {
      reason: 'x',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('given a booking link, then it is e-mailed to an address ("Booking link shared."); the Assistant may not name a client', async () => {
    const c = await setup();
    await openForBooking(c);
    const shared = await c.send('POST', '/api/appointments/booking-link/share', c.assistant, {
      slug: RULES.slug,
      email: 'friend@visitor.example',
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual({ detail: 'Booking link shared.' });
    const mail = readOutbox(c.t).find((m) => m.to.includes('friend@visitor.example'))!;
    expect(mail.text).toContain(`/Book/${RULES.slug}`);
    const [client] = await c.t.database.db
      .insert(clients)
      .values({ practiceId: c.practice.practiceId, firstName: 'Ana', email: 'ana@client.example' })
      .returning();
    expect(
      (
        await c.send('POST', '/api/appointments/booking-link/share', c.assistant, {
          slug: RULES.slug,
          clientId: client!.id,
        })
      ).statusCode,
    ).toBe(403);
    const toClient = await c.send('POST', '/api/appointments/booking-link/share', c.therapist, {
      slug: RULES.slug,
      clientId: client!.id,
    });
    expect(toClient.statusCode).toBe(200);
    expect(
      (
        await c.send('POST', '/api/appointments/booking-link/share', c.outsider, {
          slug: RULES.slug,
          email: 'x@visitor.example',
        })
      ).statusCode,
    ).toBe(400);
  });
});
