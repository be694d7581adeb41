import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_POLICY_MESSAGES,
  type AppointmentLocation,
  type CancellationFee,
  type CancellationRule,
  type ClientActivityList,
} from '@halcyon/api/contract';
import { createTestApp } from '../../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { clients } from '../../clients/schema';
import { clientSessions } from '../../sessions/schema';
import { chargeableItems } from './schema';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const HOUR = 3_600_000;

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const send = (method: Method, url: string, tokens: Tokens = admin, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const [client] = await t.database.db
    .insert(clients)
    .values({
      practiceId: practice.practiceId,
      firstName: 'Morgan',
      lastName: 'Adeyemi',
      email: 'morgan@client.example',
    })
    .returning({ id: clients.id });
  /** A session of the practice's therapist starting `hours` from now, priced `priceMinor`. */
  const session = async (hours: number, priceMinor: number | null = 6_000) => {
    const startsAt = new Date(Date.now() + hours * HOUR);
    const [row] = await t.database.db
      .insert(clientSessions)
      .values({
        practiceId: practice.practiceId,
        clientId: client!.id,
        therapistId: memberOf(practice, 'Therapist').userId,
        serviceName: 'Individual session',
        startsAt,
        endsAt: new Date(startsAt.getTime() + 50 * 60_000),
        priceMinor,
      })
      .returning();
    return row!;
  };
  return { t, practice, other, admin, therapist, assistant, outsider, send, clientId: client!.id, session };
}
type Ctx = Awaited<ReturnType<typeof setup>>;

const ROOM = { name: 'Practice rooms', kind: 'in person', address: '12 Harbour Street, Bristol', room: 'Room 2' };
const HALF_INSIDE_24 = { triggerInHoursBeforeStart: 24, feeKind: 'percent', feePercent: 50, message: 'Half fee.' };
const TWENTY_INSIDE_48 = { triggerInHoursBeforeStart: 48, feeKind: 'fixed', feeMinor: 2_000, currency: 'GBP' };

async function created<T>(c: Ctx, url: string, payload: unknown, tokens: Tokens = c.admin): Promise<T> {
  const response = await c.send('POST', url, tokens, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const addRule = (c: Ctx, rule: object) => created<CancellationRule>(c, '/api/settings/appointments/cancellation', rule);

describe('appointment locations', () => {
  it('given an Admin and a Therapist, then they add, list, read, change and delete locations with the SPEC messages', async () => {
    const c = await setup();
    const room = await created<AppointmentLocation>(c, '/api/settings/appointments/location', ROOM);
    expect(room).toMatchObject({ ...ROOM, videoLink: '', instructions: '', version: 1 });
    const video = await created<AppointmentLocation>(
      c,
      '/api/settings/appointments/location',
      { name: 'Video', kind: 'video', videoLink: 'https://meet.example.com/room', address: 'ignored' },
      c.therapist,
    );
    expect(video).toMatchObject({ kind: 'video', videoLink: 'https://meet.example.com/room', address: '' });

    const list = await c.send('GET', '/api/settings/appointments/location', c.therapist);
    expect(list.json<{ items: AppointmentLocation[] }>().items.map((l) => l.name)).toEqual(['Practice rooms', 'Video']);
    const single = await c.send('GET', `/api/settings/appointments/single-location/${room.id}`);
    expect(single.json()).toEqual(room);

    const changed = await c.send('PUT', `/api/settings/appointments/single-location/${room.id}`, c.therapist, {
      ...ROOM,
      room: 'Garden room',
      version: 1,
    });
    expect(changed.json()).toMatchObject({ room: 'Garden room', version: 2 });
    const stale = await c.send('PUT', `/api/settings/appointments/single-location/${room.id}`, c.admin, {
      ...ROOM,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: APPOINTMENT_POLICY_MESSAGES.locationChanged });

    const deleted = await c.send('DELETE', `/api/settings/appointments/single-location/${room.id}`);
    expect(deleted.json()).toEqual({ detail: 'Appointment location successfully deleted.' });
    const gone = await c.send('GET', `/api/settings/appointments/single-location/${room.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('given an in-person location without an address, then 400 on the address and nothing saved', async () => {
    const c = await setup();
    const response = await c.send('POST', '/api/settings/appointments/location', c.admin, { ...ROOM, address: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { address: APPOINTMENT_POLICY_MESSAGES.addressMissing } });
    const list = await c.send('GET', '/api/settings/appointments/location');
    expect(list.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('given an Assistant, then every settings route but the locations list answers 403; another practice gets 404 for every id', async () => {
    const c = await setup();
    const room = await created<AppointmentLocation>(c, '/api/settings/appointments/location', ROOM);
    const rule = await addRule(c, HALF_INSIDE_24);
    // The Assistant books sessions for the team, at the practice's saved locations: they read the list, nothing more.
    const listed = await c.send('GET', '/api/settings/appointments/location', c.assistant);
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: AppointmentLocation[] }>().items.map((l) => l.id)).toEqual([room.id]);
    const calls: [Method, string, unknown?][] = [
      ['POST', '/api/settings/appointments/location', ROOM],
      ['GET', `/api/settings/appointments/single-location/${room.id}`],
      ['PUT', `/api/settings/appointments/single-location/${room.id}`, { ...ROOM, version: 1 }],
      ['DELETE', `/api/settings/appointments/single-location/${room.id}`],
      ['GET', '/api/settings/appointments/cancellation'],
      ['POST', '/api/settings/appointments/cancellation', TWENTY_INSIDE_48],
      ['GET', `/api/settings/appointments/single-cancellation/${rule.id}`],
      ['PUT', `/api/settings/appointments/single-cancellation/${rule.id}`, { ...HALF_INSIDE_24, version: 1 }],
      ['DELETE', `/api/settings/appointments/single-cancellation/${rule.id}`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await c.send(method, url, c.assistant, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    for (const [method, url, payload] of calls.filter(([, url]) => /\/\d+$/.test(url))) {
      expect((await c.send(method, url, c.outsider, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // The owner's records are untouched, and the outsider's lists hold none of them.
    expect((await c.send('GET', `/api/settings/appointments/single-location/${room.id}`)).statusCode).toBe(200);
    const theirs = await c.send('GET', '/api/settings/appointments/cancellation', c.outsider);
    expect(theirs.json()).toEqual({ items: [] });
  });
});

describe('cancellation rules', () => {
  it('given rules in any order, then the list is by hours ascending with the rule without hours last (SPEC.md §5)', async () => {
    const c = await setup();
    const anyTime = await addRule(c, {
      triggerInHoursBeforeStart: null,
      feeKind: 'fixed',
      feeMinor: 500,
      currency: 'GBP',
    });
    const fortyEight = await addRule(c, TWENTY_INSIDE_48);
    const none = await addRule(c, { ...HALF_INSIDE_24, triggerInHoursBeforeStart: 0, feePercent: 100 });
    const twentyFour = await addRule(c, HALF_INSIDE_24);
    const list = await c.send('GET', '/api/settings/appointments/cancellation', c.therapist);
    expect(list.json<{ items: CancellationRule[] }>().items.map((r) => r.id)).toEqual([
      none.id,
      twentyFour.id,
      fortyEight.id,
      anyTime.id,
    ]);
    expect(twentyFour).toMatchObject({ feeKind: 'percent', feePercent: 50, feeMinor: null, currency: null });
    expect(fortyEight).toMatchObject({ feeKind: 'fixed', feePercent: null, feeMinor: 2_000, currency: 'GBP' });
  });

  it('given a second rule for the same notice, then 409 saying so; a change with a stale version is refused too', async () => {
    const c = await setup();
    const rule = await addRule(c, HALF_INSIDE_24);
    const again = await c.send('POST', '/api/settings/appointments/cancellation', c.admin, TWENTY_INSIDE_48);
    expect(again.statusCode).toBe(200);
    const taken = await c.send('POST', '/api/settings/appointments/cancellation', c.admin, HALF_INSIDE_24);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: APPOINTMENT_POLICY_MESSAGES.ruleExists(24) });
    const moved = await c.send('PUT', `/api/settings/appointments/single-cancellation/${rule.id}`, c.admin, {
      ...HALF_INSIDE_24,
      triggerInHoursBeforeStart: 48,
      version: 1,
    });
    expect(moved.statusCode).toBe(409);
    const changed = await c.send('PUT', `/api/settings/appointments/single-cancellation/${rule.id}`, c.admin, {
      ...HALF_INSIDE_24,
      feePercent: 75,
      version: 1,
    });
    expect(changed.json()).toMatchObject({ feePercent: 75, version: 2 });
    const stale = await c.send('PUT', `/api/settings/appointments/single-cancellation/${rule.id}`, c.admin, {
      ...HALF_INSIDE_24,
      version: 1,
    });
    expect(stale.json()).toMatchObject({ detail: APPOINTMENT_POLICY_MESSAGES.ruleChanged });
    const deleted = await c.send('DELETE', `/api/settings/appointments/single-cancellation/${rule.id}`);
    expect(deleted.json()).toEqual({ detail: 'Policy rule successfully deleted.' });
  });

  it('given a fee without its amount, then 400 on that field', async () => {
    const c = await setup();
    const percent = await c.send('POST', '/api/settings/appointments/cancellation', c.admin, {
      ...HALF_INSIDE_24,
      feePercent: null,
    });
    expect(percent.json()).toMatchObject({ fields: { feePercent: 'Enter the percentage.' } });
    const fixed = await c.send('POST', '/api/settings/appointments/cancellation', c.admin, {
      ...TWENTY_INSIDE_48,
      currency: undefined,
    });
    expect(fixed.json()).toMatchObject({ fields: { currency: 'Choose a currency.' } });
  });
});

describe('the cancellation policy applied', () => {
  const fee = async (c: Ctx, sessionId: number, query = '', tokens: Tokens = c.therapist) => {
    const response = await c.send('GET', `/api/appointments/cancellation-fee/${sessionId}${query}`, tokens);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CancellationFee>();
  };
  const items = (c: Ctx, sessionId: number) =>
    c.t.database.db.select().from(chargeableItems).where(eq(chargeableItems.sessionId, sessionId));

  it('given a percentage rule, then cancelling inside it records half the price as a chargeable item and the log says so', async () => {
    const c = await setup();
    const rule = await addRule(c, HALF_INSIDE_24);
    await addRule(c, TWENTY_INSIDE_48);
    const session = await c.session(10, 6_000);
    const preview = await fee(c, session.id);
    expect(preview).toMatchObject({ kind: 'late cancellation', priceMinor: 6_000, feeMinor: 3_000, currency: 'GBP' });
    expect(preview.rule?.id).toBe(rule.id);
    expect(preview.hoursBeforeStart).toBeCloseTo(10, 0);

    const cancelled = await c.send('POST', `/api/clients/single-session/cancel/${session.id}`, c.therapist, {
      cancelledBy: 'client',
      lateFee: true,
      notifyClient: true,
      version: 1,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await items(c, session.id)).toEqual([
      expect.objectContaining({ kind: 'late cancellation', amountMinor: 3_000, currency: 'GBP', ruleId: rule.id }),
    ]);
    const mail = readOutbox(c.t).at(-1)!;
    expect(mail.text).toContain('A late cancellation fee of £30.00 applies');
    const log = await c.send('GET', `/api/clients/activity-log/retrieve/${c.clientId}`, c.therapist);
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'Europe/London' }).format(
      session.startsAt,
    );
    expect(log.json<ClientActivityList>().items.map((entry) => entry.summary)).toContain(
      `Late cancellation fee of £30.00 recorded for the session on ${day}`,
    );
  });

  it('given a fixed rule, then cancelling inside it but outside the tighter one records the fixed amount', async () => {
    const c = await setup();
    await addRule(c, HALF_INSIDE_24);
    const fixed = await addRule(c, TWENTY_INSIDE_48);
    const session = await c.session(30, null);
    expect(await fee(c, session.id)).toMatchObject({ rule: { id: fixed.id }, feeMinor: 2_000, currency: 'GBP' });
    await c.send('POST', `/api/clients/single-session/cancel/${session.id}`, c.admin, {
      cancelledBy: 'client',
      lateFee: true,
      version: 1,
    });
    expect(await items(c, session.id)).toEqual([expect.objectContaining({ amountMinor: 2_000, ruleId: fixed.id })]);
  });

  it('given the hours boundary, then exactly 24 hours of notice is not inside the 24-hour rule and a minute less is', async () => {
    const c = await setup();
    const half = await addRule(c, HALF_INSIDE_24);
    const session = await c.session(100, 6_000);
    const at = (hours: number) => new Date(session.startsAt.getTime() - hours * HOUR).toISOString();
    expect(await fee(c, session.id, `?at=${encodeURIComponent(at(24))}`)).toMatchObject({
      rule: null,
      feeMinor: null,
      hoursBeforeStart: 24,
    });
    const inside = await fee(c, session.id, `?at=${encodeURIComponent(at(24 - 1 / 60))}`);
    expect(inside).toMatchObject({ rule: { id: half.id }, feeMinor: 3_000 });
  });

  it('given a percentage rule and a session without a price, then no fee is worked out and nothing is recorded', async () => {
    const c = await setup();
    await addRule(c, HALF_INSIDE_24);
    const session = await c.session(5, null);
    expect(await fee(c, session.id)).toMatchObject({ priceMinor: null, feeMinor: null });
    await c.send('POST', `/api/clients/single-session/cancel/${session.id}`, c.admin, {
      cancelledBy: 'client',
      lateFee: true,
      version: 1,
    });
    expect(await items(c, session.id)).toEqual([]);
  });

  it('given a missed session charged, then the tightest rule applies; marking it attended takes the fee back', async () => {
    const c = await setup();
    const noShow = await addRule(c, { ...HALF_INSIDE_24, triggerInHoursBeforeStart: 0, feePercent: 100 });
    await addRule(c, HALF_INSIDE_24);
    const session = await c.session(-2, 6_000);
    expect(await fee(c, session.id, '?kind=did%20not%20attend')).toMatchObject({
      kind: 'did not attend',
      hoursBeforeStart: 0,
      rule: { id: noShow.id },
      feeMinor: 6_000,
    });
    const missed = await c.send('PATCH', `/api/clients/single-session/attendance/${session.id}`, c.therapist, {
      status: 'did not attend',
      chargeFee: true,
      version: 1,
    });
    expect(missed.statusCode, missed.body).toBe(200);
    expect(await items(c, session.id)).toEqual([
      expect.objectContaining({ kind: 'did not attend', amountMinor: 6_000, ruleId: noShow.id }),
    ]);
    // A late cancellation marked afterwards counts as cancelled at the start: inside the 24-hour rule, not the no-show one.
    await c.send('PATCH', `/api/clients/single-session/attendance/${session.id}`, c.therapist, {
      status: 'late cancellation',
      chargeFee: true,
      version: 2,
    });
    expect(await items(c, session.id)).toEqual([
      expect.objectContaining({ kind: 'late cancellation', amountMinor: 3_000 }),
    ]);
    await c.send('PATCH', `/api/clients/single-session/attendance/${session.id}`, c.therapist, {
      status: 'attended',
      version: 3,
    });
    expect(await items(c, session.id)).toEqual([]);
  });

  it('given a stale version, then neither the attendance nor its fee is saved (one transaction)', async () => {
    const c = await setup();
    await addRule(c, HALF_INSIDE_24);
    const session = await c.session(-2, 6_000);
    const stale = await c.send('PATCH', `/api/clients/single-session/attendance/${session.id}`, c.therapist, {
      status: 'did not attend',
      chargeFee: true,
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(await items(c, session.id)).toEqual([]);
  });

  it('given an Assistant, then the fee preview answers; another practice gets 404', async () => {
    const c = await setup();
    await addRule(c, TWENTY_INSIDE_48);
    const session = await c.session(12);
    expect(await fee(c, session.id, '', c.assistant)).toMatchObject({ feeMinor: 2_000 });
    const outsider = await c.send('GET', `/api/appointments/cancellation-fee/${session.id}`, c.outsider);
    expect(outsider.statusCode).toBe(404);
  });
});

describe('the generator', () => {
  it('given a generated practice, then it has two locations, two rules, reminders 24 and 2 hours before, and the fees of its charged sessions', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t, { clients: 30, seed: 7 });
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect((await get('/api/settings/appointments/location')).json<{ items: unknown[] }>().items).toHaveLength(2);
    const rules = (await get('/api/settings/appointments/cancellation')).json<{ items: CancellationRule[] }>().items;
    expect(rules.map((rule) => rule.triggerInHoursBeforeStart)).toEqual([24, 48]);
    expect((await get('/api/settings/appointments/preferences')).json()).toMatchObject({
      reminderOffsetsMinutes: [1_440, 120],
    });
    const charged = await t.database.db
      .select()
      .from(chargeableItems)
      .where(eq(chargeableItems.practiceId, practice.practiceId));
    expect(charged.length).toBeGreaterThan(0);
    expect(charged.every((item) => item.amountMinor > 0 && item.ruleId === rules[0]!.id)).toBe(true);
  });
});

describe('reminder times (a field of the scheduling preferences)', () => {
  it('given an Admin, then the times are saved with the version; a fourth, a repeated or a too-long one is refused', async () => {
    const c = await setup();
    const read = await c.send('GET', '/api/settings/appointments/preferences', c.therapist);
    expect(read.json()).toMatchObject({ reminderOffsetsMinutes: [1_440], version: 1 });
    const saved = await c.send('PATCH', '/api/settings/appointments/preferences', c.admin, {
      reminderOffsetsMinutes: [2_880, 120],
      version: 1,
    });
    expect(saved.json()).toMatchObject({ reminderOffsetsMinutes: [2_880, 120], allowDoubleBooking: false, version: 2 });
    for (const reminderOffsetsMinutes of [[60, 120, 240, 720], [60, 60], [20_000]]) {
      const refused = await c.send('PATCH', '/api/settings/appointments/preferences', c.admin, {
        reminderOffsetsMinutes,
        version: 2,
      });
      expect(refused.statusCode, JSON.stringify(reminderOffsetsMinutes)).toBe(400);
    }
    const therapist = await c.send('PATCH', '/api/settings/appointments/preferences', c.therapist, {
      reminderOffsetsMinutes: [60],
      version: 2,
    });
    expect(therapist.statusCode).toBe(403);
    const other = await c.send('GET', '/api/settings/appointments/preferences', c.outsider);
    expect(other.json()).toMatchObject({ reminderOffsetsMinutes: [1_440] });
  });
});
