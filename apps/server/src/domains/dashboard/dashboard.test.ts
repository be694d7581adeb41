import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_COUNT_CAP,
  DASHBOARD_LIMITS,
  type HighRiskClients,
  type NotesDue,
  type SessionNote,
  type TodaySessions,
} from '@halcyon/api/contract';
import { sql } from 'drizzle-orm';
import { dayBounds } from '@halcyon/api/time';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { practiceDetails } from '../account/schema';
import { clients } from '../clients/schema';
import { rowsOf } from '../../platform/db';
import { clientSessions, sessionNotes } from '../sessions/schema';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Far from UTC, so a UTC day would pick other sessions than the practice's day. */
const ZONE = 'Pacific/Auckland';

type Client = typeof clients.$inferInsert;
/** A session to add: it lasts 50 minutes unless `endsAt` says otherwise. */
type Session = Omit<typeof clientSessions.$inferInsert, 'practiceId' | 'clientId' | 'serviceName' | 'endsAt'> & {
  endsAt?: Date;
};

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  // Both practices keep the same day, so the outsider's session is "today" at any hour this runs.
  await t.database.db.insert(practiceDetails).values([
    { practiceId: practice.practiceId, timeZone: ZONE },
    { practiceId: other.practiceId, timeZone: ZONE },
  ]);
  const therapist = memberOf(practice, 'Therapist');
  const admin = memberOf(practice, 'Admin');
  const tokens = {
    Therapist: await sessionFor(t, therapist),
    Admin: await sessionFor(t, admin),
    Assistant: await sessionFor(t, memberOf(practice, 'Assistant')),
    outsider: await sessionFor(t, memberOf(other, 'Admin')),
  };
  const get = async <T>(path: string, who: Tokens) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/dashboard/${path}`, headers: bearer(who) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const addClient = async (
    values: Partial<Client> & { firstName: string; lastName: string },
    practiceId = practice.practiceId,
  ) => {
    const [row] = await t.database.db
      .insert(clients)
      .values({ practiceId, therapistId: therapist.userId, status: 'active', ...values })
      .returning({ id: clients.id });
    return row!.id;
  };
  const addSession = async (clientId: number, values: Session, practiceId = practice.practiceId) => {
    const startsAt = values.startsAt;
    const [row] = await t.database.db
      .insert(clientSessions)
      .values({
        practiceId,
        clientId,
        therapistId: therapist.userId,
        serviceName: 'Individual therapy',
        endsAt: new Date(startsAt.getTime() + 50 * MINUTE),
        ...values,
      })
      .returning({ id: clientSessions.id });
    return row!.id;
  };
  return { t, practice, other, therapist, admin, tokens, get, addClient, addSession };
}

describe('GET /api/dashboard/today-sessions', () => {
  it("given sessions around the practice's day, then each role gets today's (practice time zone) by start, the Therapist only hers, another practice none", async () => {
    const c = await setup();
    const { start, end } = dayBounds(Date.now(), ZONE);
    const morgan = await c.addClient({ firstName: 'Morgan', lastName: 'Adeyemi', preferredName: 'Mo' });
    const priya = await c.addClient({ firstName: 'Priya', lastName: 'Raman', therapistId: c.admin.userId });
    const late = await c.addSession(morgan, {
      startsAt: new Date(end.getTime() - 60 * MINUTE),
      locationKind: 'video',
      videoLink: 'https://meet.example.org/mo',
    });
    const early = await c.addSession(morgan, {
      startsAt: new Date(start.getTime()),
      location: 'Room 2',
      status: 'cancelled',
    });
    const admins = await c.addSession(priya, {
      startsAt: new Date(start.getTime() + 3 * 60 * MINUTE),
      therapistId: c.admin.userId,
    });
    await c.addSession(morgan, { startsAt: new Date(start.getTime() - MINUTE) }); // yesterday, local time
    await c.addSession(morgan, { startsAt: new Date(end.getTime()) }); // tomorrow, local time
    const stranger = await c.addClient({ firstName: 'Stranger', lastName: 'Elsewhere' }, c.other.practiceId);
    await c.addSession(
      stranger,
      { startsAt: new Date(start.getTime() + 60 * MINUTE), therapistId: null },
      c.other.practiceId,
    );

    const mine = await c.get<TodaySessions>('today-sessions', c.tokens.Therapist);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((s) => s.id)).toEqual([early, late]);
    expect(mine.body).toMatchObject({ total: 2, totalCapped: false, timeZone: ZONE });
    expect(mine.body.items[0]).toMatchObject({
      clientId: morgan,
      clientName: 'Mo Adeyemi',
      serviceName: 'Individual therapy',
      locationKind: 'in person',
      location: 'Room 2',
      status: 'cancelled',
      startsAt: start.toISOString(),
    });
    expect(mine.body.items[1]).toMatchObject({
      locationKind: 'video',
      videoLink: 'https://meet.example.org/mo',
      status: 'scheduled',
    });

    for (const role of ['Admin', 'Assistant'] as const) {
      const all = await c.get<TodaySessions>('today-sessions', c.tokens[role]);
      expect(all.status, role).toBe(200);
      expect(
        all.body.items.map((s) => s.id),
        role,
      ).toEqual([early, admins, late]);
      expect(all.body.items[1], role).toMatchObject({ clientName: 'Priya Raman', therapistId: c.admin.userId });
      expect(all.body.items[1]!.therapistName, role).toBeTruthy();
    }

    const outsider = await c.get<TodaySessions>('today-sessions', c.tokens.outsider);
    expect(outsider.body.items.map((s) => s.clientName)).toEqual(['Stranger Elsewhere']);
  });

  it('given more sessions today than the card lists, then it lists the first ones and counts the rest', async () => {
    const c = await setup();
    const { start } = dayBounds(Date.now(), ZONE);
    const client = await c.addClient({ firstName: 'Morgan', lastName: 'Adeyemi' });
    const extra = 3;
    await c.t.database.db.insert(clientSessions).values(
      Array.from({ length: DASHBOARD_LIMITS.todaySessions + extra }, (_, i) => ({
        practiceId: c.practice.practiceId,
        clientId: client,
        therapistId: c.therapist.userId,
        serviceName: `Session ${i}`,
        startsAt: new Date(start.getTime() + i * MINUTE),
        endsAt: new Date(start.getTime() + (i + 50) * MINUTE),
        // They overlap each other: booked anyway, as the one diary allows only then.
        doubleBooked: true,
      })),
    );
    const { body } = await c.get<TodaySessions>('today-sessions', c.tokens.Admin);
    expect(body.items).toHaveLength(DASHBOARD_LIMITS.todaySessions);
    expect(body.items[0]!.serviceName).toBe('Session 0');
    expect(body).toMatchObject({ total: DASHBOARD_LIMITS.todaySessions + extra, totalCapped: false });
  });
});

describe('GET /api/dashboard/notes-due', () => {
  it('given past sessions with and without signed notes, then the ones still needing a note come newest first, the Therapist only hers', async () => {
    const c = await setup();
    const now = Date.now();
    const morgan = await c.addClient({ firstName: 'Morgan', lastName: 'Adeyemi' });
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    const attended = await c.addSession(morgan, { startsAt: at(3), status: 'attended' });
    const lateAttended = await c.addSession(morgan, { startsAt: at(5), status: 'late' });
    const scheduledOver = await c.addSession(morgan, { startsAt: at(1), status: 'scheduled' });
    const drafted = await c.addSession(morgan, { startsAt: at(2), status: 'attended' });
    const signed = await c.addSession(morgan, { startsAt: at(4), status: 'attended' });
    await c.addSession(morgan, { startsAt: new Date(now - 10 * MINUTE), status: 'scheduled' }); // still going on
    // Within the longest a session lasts: read by its status and end (over, or attended and still going on), or left.
    const overToday = await c.addSession(morgan, {
      startsAt: new Date(now - 120 * MINUTE),
      status: 'scheduled',
      doubleBooked: true,
    });
    const attendedNow = await c.addSession(morgan, {
      startsAt: new Date(now - 30 * MINUTE),
      status: 'attended',
      doubleBooked: true,
    });
    await c.addSession(morgan, {
      startsAt: new Date(now - 9 * 60 * MINUTE),
      endsAt: new Date(now + 30 * MINUTE),
      status: 'scheduled',
      doubleBooked: true,
    });
    await c.addSession(morgan, { startsAt: at(6), status: 'did not attend' });
    await c.addSession(morgan, { startsAt: at(7), status: 'cancelled' });
    await c.addSession(morgan, { startsAt: new Date(now + DAY) }); // future
    const admins = await c.addSession(morgan, { startsAt: at(8), status: 'attended', therapistId: c.admin.userId });
    const note = (sessionId: number, status: 'draft' | 'signed') => ({
      practiceId: c.practice.practiceId,
      clientId: morgan,
      sessionId,
      status,
      contentHtml: '<p>Seen.</p>',
    });
    await c.t.database.db.insert(sessionNotes).values([note(drafted, 'draft'), note(signed, 'signed')]);
    const stranger = await c.addClient({ firstName: 'Stranger', lastName: 'Elsewhere' }, c.other.practiceId);
    await c.addSession(stranger, { startsAt: at(1), status: 'attended', therapistId: null }, c.other.practiceId);

    const mine = await c.get<NotesDue>('notes-due', c.tokens.Therapist);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((s) => s.id)).toEqual([
      attendedNow,
      overToday,
      scheduledOver,
      drafted,
      attended,
      lateAttended,
    ]);
    expect(mine.body.items.map((s) => s.noteStatus)).toEqual(['none', 'none', 'none', 'draft', 'none', 'none']);
    expect(mine.body.items[2]).toMatchObject({ clientId: morgan, clientName: 'Morgan Adeyemi', status: 'scheduled' });
    expect(mine.body).toMatchObject({ total: 6, totalCapped: false });

    const all = await c.get<NotesDue>('notes-due', c.tokens.Admin);
    expect(all.body.items.map((s) => s.id)).toEqual([
      attendedNow,
      overToday,
      scheduledOver,
      drafted,
      attended,
      lateAttended,
      admins,
    ]);

    expect((await c.get('notes-due', c.tokens.Assistant)).status).toBe(403);
    const outsider = await c.get<NotesDue>('notes-due', c.tokens.outsider);
    expect(outsider.body.items.map((s) => s.clientName)).toEqual(['Stranger Elsewhere']);
  });

  it('given a note signed through the note routes, then its session leaves the card', async () => {
    const c = await setup();
    const client = await c.addClient({ firstName: 'Morgan', lastName: 'Adeyemi' });
    const sessionId = await c.addSession(client, { startsAt: new Date(Date.now() - DAY), status: 'attended' });
    const send = (url: string, payload: object) =>
      c.t.app.inject({ method: 'POST', url, headers: bearer(c.tokens.Therapist), payload });
    const created = await send(`/api/clients/sessions/note/create/${sessionId}`, { contentHtml: '<p>Seen.</p>' });
    expect(created.statusCode, created.body).toBe(200);
    const before = await c.get<NotesDue>('notes-due', c.tokens.Therapist);
    expect(before.body.items.map((s) => [s.id, s.noteStatus])).toEqual([[sessionId, 'draft']]);
    const note = created.json<SessionNote>();
    const signed = await send(`/api/clients/sessions/note/sign/${note.id}`, { version: note.version });
    expect(signed.statusCode, signed.body).toBe(200);
    const after = await c.get<NotesDue>('notes-due', c.tokens.Therapist);
    expect(after.body).toEqual({ items: [], total: 0, totalCapped: false });
  });

  it('given more sessions needing a note than the cap, then it lists ten and says there are more than the cap, using the partial index', async () => {
    const c = await setup();
    const client = await c.addClient({ firstName: 'Morgan', lastName: 'Adeyemi' });
    const now = Date.now();
    await c.t.database.db.insert(clientSessions).values(
      Array.from({ length: DASHBOARD_COUNT_CAP + 5 }, (_, i) => ({
        practiceId: c.practice.practiceId,
        clientId: client,
        therapistId: c.therapist.userId,
        serviceName: 'Individual therapy',
        status: 'attended',
        startsAt: new Date(now - (i + 1) * DAY),
        endsAt: new Date(now - (i + 1) * DAY + 50 * MINUTE),
      })),
    );
    const { body } = await c.get<NotesDue>('notes-due', c.tokens.Admin);
    expect(body.items).toHaveLength(DASHBOARD_LIMITS.notesDue);
    expect(body).toMatchObject({ total: DASHBOARD_COUNT_CAP, totalCapped: true });

    await c.t.database.db.execute(sql`analyze client_sessions`);
    await c.t.database.db.execute(sql`set enable_seqscan = off`);
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      c.t.database.db,
      sql`explain select s.id from client_sessions s
          where s.practice_id = ${c.practice.practiceId} and s.therapist_id = ${c.therapist.userId}
            and s.status in ('scheduled', 'attended', 'late') and not s.note_signed
          order by s.starts_at desc, s.id desc limit 11`,
    );
    await c.t.database.db.execute(sql`reset enable_seqscan`);
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/note_due_idx/);
  });
});

describe('GET /api/dashboard/high-risk', () => {
  it('given clients of each risk level, then the high-risk ones still seen come by name with the overdue-review flag, the Therapist only hers', async () => {
    const c = await setup();
    const zed = await c.addClient({
      firstName: 'Zed',
      lastName: 'Young',
      riskLevel: 'high',
      riskReviewDue: '2020-01-01',
    });
    const amy = await c.addClient({
      firstName: 'Amy',
      lastName: 'Baker',
      riskLevel: 'high',
      riskReviewDue: '2099-01-01',
    });
    const admins = await c.addClient({
      firstName: 'Cal',
      lastName: 'Chen',
      riskLevel: 'high',
      therapistId: c.admin.userId,
    });
    await c.addClient({ firstName: 'Medium', lastName: 'Risk', riskLevel: 'medium' });
    await c.addClient({ firstName: 'Gone', lastName: 'Away', riskLevel: 'high', status: 'discharged' });
    await c.addClient(
      { firstName: 'Stranger', lastName: 'Elsewhere', riskLevel: 'high', therapistId: null },
      c.other.practiceId,
    );

    const mine = await c.get<HighRiskClients>('high-risk', c.tokens.Therapist);
    expect(mine.status).toBe(200);
    expect(mine.body.items).toEqual([
      expect.objectContaining({ id: amy, name: 'Amy Baker', riskReviewDue: '2099-01-01', riskReviewOverdue: false }),
      expect.objectContaining({ id: zed, name: 'Zed Young', riskReviewDue: '2020-01-01', riskReviewOverdue: true }),
    ]);
    expect(mine.body).toMatchObject({ total: 2, totalCapped: false });

    const all = await c.get<HighRiskClients>('high-risk', c.tokens.Admin);
    expect(all.body.items.map((client) => client.id)).toEqual([amy, admins, zed]);
    expect(all.body).toMatchObject({ total: 3, totalCapped: false });

    expect((await c.get('high-risk', c.tokens.Assistant)).status).toBe(403);
    const outsider = await c.get<HighRiskClients>('high-risk', c.tokens.outsider);
    expect(outsider.body.items.map((client) => client.name)).toEqual(['Stranger Elsewhere']);
  });

  it('given more high-risk clients than the card lists, then it lists ten by name and counts them all (the practice by its kept counts)', async () => {
    const c = await setup();
    const names = Array.from(
      { length: DASHBOARD_LIMITS.highRisk + 3 },
      (_, i) => `Client${String(i).padStart(2, '0')}`,
    );
    await c.t.database.db.insert(clients).values(
      names.map((lastName, i) => ({
        practiceId: c.practice.practiceId,
        therapistId: i % 2 === 0 ? c.therapist.userId : c.admin.userId,
        status: 'active' as const,
        riskLevel: 'high' as const,
        firstName: 'Pat',
        lastName,
      })),
    );
    const all = await c.get<HighRiskClients>('high-risk', c.tokens.Admin);
    expect(all.body.items.map((client) => client.name)).toEqual(
      names.slice(0, DASHBOARD_LIMITS.highRisk).map((lastName) => `Pat ${lastName}`),
    );
    expect(all.body).toMatchObject({ total: names.length, totalCapped: false });
    const mine = await c.get<HighRiskClients>('high-risk', c.tokens.Therapist);
    expect(mine.body).toMatchObject({ total: Math.ceil(names.length / 2), totalCapped: false });

    // A client discharged leaves the card and its count.
    await c.t.database.db.execute(
      sql`update clients set status = 'discharged' where practice_id = ${c.practice.practiceId} and last_name = 'Client00'`,
    );
    const after = await c.get<HighRiskClients>('high-risk', c.tokens.Admin);
    expect(after.body.items[0]?.name).toBe('Pat Client01');
    expect(after.body.total).toBe(names.length - 1);
  });
});
