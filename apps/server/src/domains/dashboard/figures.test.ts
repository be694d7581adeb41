import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE_REMINDER_DAYS,
  shiftDate,
  type ComplianceExpiring,
  type Insights,
  type OverdueInvoices,
  type PendingRequests,
} from '@halcyon/api/contract';
import { todayIn } from '@halcyon/api/time';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { practiceDetails } from '../account/schema';
import { invoices, paymentAllocations, payments } from '../billing/ledger/schema';
import { clients } from '../clients/schema';
import { assessments } from '../measures/schema';
import { sessionRequests } from '../scheduling/booking/schema';
import { clientSessions } from '../sessions/schema';
import { complianceItems, cpdActivities } from '../workspace/learning/schema';
import { FigureCache } from './cache';
import { monthsEnding, weeksEnding } from './insights';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONE = 'Europe/London';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
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
  const addClient = async (values: Partial<typeof clients.$inferInsert> = {}, practiceId = practice.practiceId) => {
    const [row] = await t.database.db
      .insert(clients)
      .values({ practiceId, therapistId: therapist.userId, firstName: 'Morgan', lastName: 'Adeyemi', ...values })
      .returning({ id: clients.id });
    return row!.id;
  };
  // The generator gives every member a CPD year and licences: each test writes its own.
  await t.database.db.delete(cpdActivities);
  await t.database.db.delete(complianceItems);
  const today = todayIn(ZONE);
  return { t, db: t.database.db, practice, other, therapist, admin, tokens, get, addClient, today };
}

describe('GET /api/dashboard/pending-requests', () => {
  it('given requests of each status, then the pending ones come by the time asked for: the Therapist’s own, the practice’s for Admin and Assistant, none of another practice', async () => {
    const c = await setup();
    const soon = Date.now() + 2 * DAY;
    const request = (values: Partial<typeof sessionRequests.$inferInsert>, practiceId = c.practice.practiceId) => ({
      practiceId,
      therapistId: c.therapist.userId,
      serviceName: 'Individual therapy',
      startsAt: new Date(soon),
      endsAt: new Date(soon + HOUR),
      name: 'Sam Okafor',
      email: 'sam@example.org',
      ...values,
    });
    const rows = await c.db
      .insert(sessionRequests)
      .values([
        request({ name: 'Later', startsAt: new Date(soon + DAY), endsAt: new Date(soon + DAY + HOUR) }),
        request({ name: 'Sooner' }),
        request({ name: 'Admin’s', therapistId: c.admin.userId, startsAt: new Date(soon + HOUR) }),
        request({ name: 'Amended', status: 'amended' }),
        request({ name: 'Declined', status: 'declined' }),
        request({ name: 'Elsewhere', therapistId: null }, c.other.practiceId),
      ])
      .returning({ id: sessionRequests.id });
    expect(rows).toHaveLength(6);

    const mine = await c.get<PendingRequests>('pending-requests', c.tokens.Therapist);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((r) => r.name)).toEqual(['Sooner', 'Later']);
    expect(mine.body).toMatchObject({ total: 2, totalCapped: false });
    expect(mine.body.items[0]).toMatchObject({
      serviceName: 'Individual therapy',
      startsAt: new Date(soon).toISOString(),
    });

    for (const role of ['Admin', 'Assistant'] as const) {
      const all = await c.get<PendingRequests>('pending-requests', c.tokens[role]);
      expect(
        all.body.items.map((r) => r.name),
        role,
      ).toEqual(['Sooner', 'Admin’s', 'Later']);
    }
    const outsider = await c.get<PendingRequests>('pending-requests', c.tokens.outsider);
    expect(outsider.body.items.map((r) => r.name)).toEqual(['Elsewhere']);
  });
});

describe('GET /api/dashboard/compliance-expiring', () => {
  it('given records expiring at several dates, then the member sees their own expired or expiring within the reminder window, soonest first; the Assistant is refused', async () => {
    const c = await setup();
    const item = (expiryDate: string | null, userId = c.therapist.userId, practiceId = c.practice.practiceId) => ({
      practiceId,
      userId,
      kind: 'registration',
      body: 'HCPC',
      issueDate: '2020-01-01',
      expiryDate,
    });
    await c.db
      .insert(complianceItems)
      .values([
        item(shiftDate(c.today, { days: COMPLIANCE_REMINDER_DAYS })),
        item(shiftDate(c.today, { days: -3 })),
        item(shiftDate(c.today, { days: COMPLIANCE_REMINDER_DAYS + 1 })),
        item(null),
        item(shiftDate(c.today, { days: 5 }), c.admin.userId),
        item(shiftDate(c.today, { days: 6 }), memberOf(c.other, 'Admin').userId, c.other.practiceId),
      ]);
    const mine = await c.get<ComplianceExpiring>('compliance-expiring', c.tokens.Therapist);
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((i) => [i.expiryDate, i.expired])).toEqual([
      [shiftDate(c.today, { days: -3 }), true],
      [shiftDate(c.today, { days: COMPLIANCE_REMINDER_DAYS }), false],
    ]);
    expect(mine.body.items[0]).toMatchObject({ kind: 'registration', body: 'HCPC' });
    const admins = await c.get<ComplianceExpiring>('compliance-expiring', c.tokens.Admin);
    expect(admins.body.items).toHaveLength(1);
    expect((await c.get('compliance-expiring', c.tokens.Assistant)).status).toBe(403);
    const outsider = await c.get<ComplianceExpiring>('compliance-expiring', c.tokens.outsider);
    expect(outsider.body.items.map((i) => i.expiryDate)).toEqual([shiftDate(c.today, { days: 6 })]);
  });
});

describe('GET /api/dashboard/overdue-invoices', () => {
  it('given issued invoices paid, part-paid, not yet due, drafts and another practice’s, then the overdue ones still owing are counted and summed per currency for every role', async () => {
    const c = await setup();
    const clientId = await c.addClient();
    const past = shiftDate(c.today, { days: -40 });
    let seq = 0;
    const invoice = (values: Partial<typeof invoices.$inferInsert>, practiceId = c.practice.practiceId) => {
      seq += 1;
      return {
        practiceId,
        clientId,
        status: 'sent',
        numberSeq: seq,
        number: `INV-${seq}`,
        currency: 'GBP',
        issueDate: past,
        dueDate: shiftDate(past, { days: 30 }),
        netMinor: 10_000,
        grossMinor: 10_000,
        ...values,
      };
    };
    const [unpaid, partPaid, paid] = await c.db
      .insert(invoices)
      .values([
        invoice({}),
        invoice({}),
        invoice({}),
        invoice({ dueDate: shiftDate(c.today, { days: 3 }) }),
        invoice({ status: 'draft', numberSeq: null, number: null }),
        invoice({ currency: 'EUR', grossMinor: 5_000 }),
      ])
      .returning({ id: invoices.id });
    expect(unpaid).toBeDefined();
    const [payment] = await c.db
      .insert(payments)
      .values({
        practiceId: c.practice.practiceId,
        clientId,
        method: 'card',
        amountMinor: 13_000,
        currency: 'GBP',
        date: c.today,
      })
      .returning({ id: payments.id });
    await c.db.insert(paymentAllocations).values([
      { practiceId: c.practice.practiceId, paymentId: payment!.id, invoiceId: partPaid!.id, amountMinor: 3_000 },
      { practiceId: c.practice.practiceId, paymentId: payment!.id, invoiceId: paid!.id, amountMinor: 10_000 },
    ]);
    const otherClient = await c.addClient({ therapistId: null }, c.other.practiceId);
    await c.db.insert(invoices).values(invoice({ clientId: otherClient, grossMinor: 999 }, c.other.practiceId));

    for (const role of ['Admin', 'Therapist', 'Assistant'] as const) {
      const { status, body } = await c.get<OverdueInvoices>('overdue-invoices', c.tokens[role]);
      expect(status, role).toBe(200);
      expect(body.items, role).toEqual([
        { currency: 'EUR', count: 1, totalMinor: 5_000 },
        { currency: 'GBP', count: 2, totalMinor: 17_000 },
      ]);
    }
    const outsider = await c.get<OverdueInvoices>('overdue-invoices', c.tokens.outsider);
    expect(outsider.body.items).toEqual([{ currency: 'GBP', count: 1, totalMinor: 999 }]);
  });
});

describe('GET /api/dashboard/insights', () => {
  it('given a year of sessions, clients, measures and CPD, then each chart sums its window; the Therapist sees their own, the Assistant no clinical or learning figure', async () => {
    const c = await setup();
    const mine = await c.addClient({ status: 'active' });
    await c.addClient({ status: 'waitlist' });
    await c.addClient({ status: 'active', therapistId: c.admin.userId });
    const session = (daysAgo: number, status: string, therapistId = c.therapist.userId) => {
      const startsAt = new Date(Date.now() - daysAgo * DAY);
      return {
        practiceId: c.practice.practiceId,
        clientId: mine,
        therapistId,
        serviceName: 'Individual therapy',
        startsAt,
        endsAt: new Date(startsAt.getTime() + HOUR),
        status,
        doubleBooked: true,
      };
    };
    await c.db
      .insert(clientSessions)
      .values([
        session(0, 'attended'),
        session(0, 'did not attend'),
        session(0, 'late'),
        session(0, 'cancelled'),
        session(0, 'attended', c.admin.userId),
        session(200, 'attended'),
      ]);
    const score = (daysAgo: number, value: number) => ({
      practiceId: c.practice.practiceId,
      clientId: mine,
      measure: 'phq9',
      status: 'submitted',
      score: value,
      answers: [],
      completedOn: shiftDate(c.today, { days: -daysAgo }),
    });
    await c.db.insert(assessments).values([score(90, 18), score(30, 12), score(1, 9)]);
    await c.db.insert(cpdActivities).values({
      practiceId: c.practice.practiceId,
      userId: c.therapist.userId,
      title: 'Trauma-informed practice',
      type: 'course',
      provider: 'Cruse',
      date: c.today,
      minutes: 150,
    });

    const therapist = await c.get<Insights>('insights', c.tokens.Therapist);
    expect(therapist.status).toBe(200);
    const week = therapist.body.sessionsPerWeek;
    expect(week).toHaveLength(12);
    expect(week.at(-1)).toMatchObject({ attended: 2, didNotAttend: 1, cancelled: 1, noShowRate: 0.3333 });
    expect(therapist.body.clientsByStatus).toContainEqual({ status: 'active', count: 1 });
    expect(therapist.body.clientsByStatus).toContainEqual({ status: 'waitlist', count: 1 });
    expect(therapist.body.newReferrals?.at(-1)).toEqual({ month: c.today.slice(0, 7), count: 2 });
    expect(therapist.body.outcomeChange).toEqual([
      { measure: 'phq9', clients: 1, averageFirst: 18, averageLatest: 9, averageChange: -9 },
    ]);
    const cpd = therapist.body.cpd!;
    expect(cpd.months).toHaveLength(12);
    expect(cpd.months.find((m) => m.month === c.today.slice(0, 7))?.hours).toBe(2.5);
    expect(cpd.months.at(-1)?.cumulativeHours).toBe(2.5);

    const admin = await c.get<Insights>('insights', c.tokens.Admin);
    expect(admin.body.sessionsPerWeek.at(-1)).toMatchObject({ attended: 3 });
    expect(admin.body.clientsByStatus).toContainEqual({ status: 'active', count: 2 });
    expect(admin.body.cpd?.months.at(-1)?.cumulativeHours).toBe(0);

    const assistant = await c.get<Insights>('insights', c.tokens.Assistant);
    expect(assistant.status).toBe(200);
    expect(assistant.body).toMatchObject({ clientsByStatus: null, newReferrals: null, outcomeChange: null, cpd: null });
    expect(assistant.body.sessionsPerWeek.at(-1)).toMatchObject({ attended: 3 });

    const outsider = await c.get<Insights>('insights', c.tokens.outsider);
    expect(outsider.body.sessionsPerWeek.every((w) => w.attended === 0)).toBe(true);
    expect(outsider.body.clientsByStatus?.every((s) => s.count === 0)).toBe(true);
    expect(outsider.body.income).toEqual([]);
  });
});

describe('the figures’ windows and cache', () => {
  it('lists the twelve months and weeks ending today, oldest first', () => {
    expect(monthsEnding('2026-03-31', 3)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(monthsEnding('2026-01-15', 2)).toEqual(['2025-12', '2026-01']);
    // 2026-11-26 is a Thursday: its week began on Monday 23 November.
    expect(weeksEnding('2026-11-26', 2)).toEqual(['2026-11-16', '2026-11-23']);
    expect(weeksEnding('2026-11-23', 1)).toEqual(['2026-11-23']);
  });

  it('keeps an answer for its time, shares one being worked out, and forgets a failed one', async () => {
    let now = 0;
    const cache = new FigureCache<number>(1000, 2, () => now);
    let calls = 0;
    const compute = () => Promise.resolve(++calls);
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual([1, 1]);
    now = 999;
    expect(await cache.get('a', compute)).toBe(1);
    now = 1000;
    expect(await cache.get('a', compute)).toBe(2);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', compute)).toBe(3);
  });
});
