import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  RISK_REVIEW_NOTIFICATION,
  RISK_RULE_MESSAGES,
  type ClientDetail,
  type ClientList,
  type Notification,
  type RiskAssessment,
} from '@halcyon/api/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { notifications } from '../../schema';
import { clients } from '../clients/schema';
import { notifyOverdueRiskReviews } from './overdue';

type Method = 'GET' | 'POST' | 'DELETE';

// The migrated template database is made once per run; make it before the first test's clock starts.
beforeAll(async () => {
  await (await createTestDatabase()).close();
}, 180_000);

async function setup() {
  const t: TestApp = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const therapist = memberOf(practice, 'Therapist');
  const tokens = {
    therapist: await sessionFor(t, therapist),
    admin: await sessionFor(t, memberOf(practice, 'Admin')),
    assistant: await sessionFor(t, memberOf(practice, 'Assistant')),
    outsider: await sessionFor(t, memberOf(other, 'Therapist')),
  };
  const addClient = async (
    firstName: string,
    practiceId = practice.practiceId,
    therapistId: number | null = therapist.userId,
  ) => {
    const [row] = await t.database.db
      .insert(clients)
      .values({ practiceId, firstName, lastName: 'Adeyemi', therapistId })
      .returning({ id: clients.id });
    return row!.id;
  };
  const send = (method: Method, url: string, who: Tokens = tokens.therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(who),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { t, practice, other, therapist, tokens, addClient, send };
}

const ASSESSMENT = {
  expectedCurrentVersion: 0,
  assessedOn: '2026-01-10',
  areas: [{ area: 'suicide', level: 'medium', riskFactors: 'Passive ideation' }],
  overallLevel: 'medium',
  managementPlan: 'Weekly check-in',
  nextReviewDate: '2026-02-10',
};

/** A review date a year from now: in the future, and within the two years a next review may be set ahead. */
const IN_A_YEAR = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

const SAFETY_PLAN = {
  expectedCurrentVersion: 0,
  warningSigns: ['Not sleeping'],
  helpContacts: [{ name: 'Sister, Jo', contact: '07700 900123' }],
};

const detailOf = (body: string) => (JSON.parse(body) as { detail?: string }).detail ?? body;

describe('risk assessment: refusing empty or inconsistent ones', () => {
  it('given no area assessed, when saved, then 400 names the missing area and nothing is saved', async () => {
    const c = await setup();
    const clientId = await c.addClient('Morgan');
    const response = await c.send('POST', `/api/clients/risk-assessment/create/${clientId}`, c.tokens.therapist, {
      expectedCurrentVersion: 0,
      assessedOn: '2026-01-10',
      overallLevel: 'none',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(RISK_RULE_MESSAGES.assessmentNoArea);
    const current = await c.send('GET', `/api/clients/risk-assessment/retrieve/${clientId}`);
    expect(current.json()).toBeNull();
  });

  it('given a level above none without a management plan, when saved, then 400 asks for the plan', async () => {
    const c = await setup();
    const clientId = await c.addClient('Morgan');
    const response = await c.send('POST', `/api/clients/risk-assessment/create/${clientId}`, c.tokens.therapist, {
      ...ASSESSMENT,
      managementPlan: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(RISK_RULE_MESSAGES.assessmentNoPlan);
  });

  it('given an overall level below the highest area, when saved without a reason then 400, with one then saved', async () => {
    const c = await setup();
    const clientId = await c.addClient('Morgan');
    const lower = {
      ...ASSESSMENT,
      areas: [
        { area: 'suicide', level: 'high', riskFactors: 'Plan disclosed' },
        { area: 'self-harm', level: 'low' },
      ],
      overallLevel: 'medium',
    };
    const refused = await c.send('POST', `/api/clients/risk-assessment/create/${clientId}`, c.tokens.therapist, lower);
    expect(refused.statusCode).toBe(400);
    expect(detailOf(refused.body)).toContain(RISK_RULE_MESSAGES.overallReasonMissing);

    const saved = await c.send('POST', `/api/clients/risk-assessment/create/${clientId}`, c.tokens.therapist, {
      ...lower,
      overallLevelReason: 'Plan was historic; now engaged with crisis team',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<RiskAssessment>()).toMatchObject({
      overallLevel: 'medium',
      overallLevelReason: 'Plan was historic; now engaged with crisis team',
    });
  });

  it('given an overall level at or above every area, then no reason is needed and a stray one is not kept', async () => {
    const c = await setup();
    const clientId = await c.addClient('Morgan');
    const saved = await c.send('POST', `/api/clients/risk-assessment/create/${clientId}`, c.tokens.therapist, {
      ...ASSESSMENT,
      overallLevelReason: 'left over',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<RiskAssessment>().overallLevelReason).toBe('');
  });
});

describe('safety plan: refusing an empty one', () => {
  it('given nothing filled in, when saved, then 400 names the warning signs and the crisis contacts', async () => {
    const c = await setup();
    const clientId = await c.addClient('Morgan');
    const response = await c.send('POST', `/api/clients/safety-plan/create/${clientId}`, c.tokens.therapist, {
      expectedCurrentVersion: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(RISK_RULE_MESSAGES.safetyPlanNoWarningSign);
    expect(response.body).toContain(RISK_RULE_MESSAGES.safetyPlanNoContact);
    expect((await c.send('GET', `/api/clients/safety-plan/retrieve/${clientId}`)).json()).toBeNull();
  });

  it('given a warning sign and a crisis contact, then it saves', async () => {
    const c = await setup();
    const clientId = await c.addClient('Morgan');
    const response = await c.send(
      'POST',
      `/api/clients/safety-plan/create/${clientId}`,
      c.tokens.therapist,
      SAFETY_PLAN,
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('overdue risk reviews', () => {
  async function withReviews() {
    const c = await setup();
    const overdue = await c.addClient('Overdue');
    const upToDate = await c.addClient('Later');
    const saveOn = (clientId: number, nextReviewDate: string, overallLevel = 'medium') =>
      c.send('POST', `/api/clients/risk-assessment/create/${clientId}`, c.tokens.therapist, {
        ...ASSESSMENT,
        areas: [{ area: 'suicide', level: overallLevel }],
        overallLevel,
        // A review that fell due in the past was set at an assessment before it.
        assessedOn: nextReviewDate < ASSESSMENT.assessedOn ? '2019-12-01' : ASSESSMENT.assessedOn,
        nextReviewDate,
      });
    const assessment = (await saveOn(overdue, '2020-01-02', 'high')).json<RiskAssessment>();
    expect((await saveOn(upToDate, IN_A_YEAR)).statusCode).toBe(200);
    return { ...c, overdue, upToDate, assessment };
  }

  it('given a review date in the past, then the client and the list say it is overdue, and only future ones are not', async () => {
    const c = await withReviews();
    const header = (await c.send('GET', `/api/clients/single-client/${c.overdue}`)).json<ClientDetail>();
    expect(header).toMatchObject({ riskReviewDue: '2020-01-02', riskReviewOverdue: true });
    const later = (await c.send('GET', `/api/clients/single-client/${c.upToDate}`)).json<ClientDetail>();
    expect(later).toMatchObject({ riskReviewDue: IN_A_YEAR, riskReviewOverdue: false });

    const list = (await c.send('GET', '/api/clients?pageSize=100')).json<ClientList>();
    expect(list.items.find((x) => x.id === c.overdue)?.riskReviewOverdue).toBe(true);
    expect(list.items.find((x) => x.id === c.upToDate)?.riskReviewOverdue).toBe(false);
  });

  it('given riskReviewOverdue=true, when the list is read, then only clients with an overdue review are listed', async () => {
    const c = await withReviews();
    const response = await c.send('GET', '/api/clients?riskReviewOverdue=true');
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json<ClientList>();
    expect(list.items.map((x) => x.id)).toEqual([c.overdue]);
    expect(list.total).toBe(1);
    const bad = await c.send('GET', '/api/clients?riskReviewOverdue=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Filter overdue risk reviews with true or false.');
  });

  it('given a newer assessment with a future review, then the client is no longer overdue', async () => {
    const c = await withReviews();
    const again = await c.send('POST', `/api/clients/risk-assessment/create/${c.overdue}`, c.tokens.therapist, {
      ...ASSESSMENT,
      expectedCurrentVersion: 1,
      nextReviewDate: IN_A_YEAR,
    });
    expect(again.statusCode, again.body).toBe(200);
    const list = (await c.send('GET', '/api/clients?riskReviewOverdue=true')).json<ClientList>();
    expect(list.items).toEqual([]);
  });

  it('given an overdue review, when the job runs twice, then its therapist gets one high-severity notification linked to the assessment', async () => {
    const c = await withReviews();
    const db = c.t.database.db;
    const created = await notifyOverdueRiskReviews(db);
    expect(created).toBe(1);
    // The second run finds the review already told and writes nothing at all (its cost is what is new, not every review).
    const insert = vi.spyOn(db, 'insert');
    expect(await notifyOverdueRiskReviews(db)).toBe(0);
    expect(insert).not.toHaveBeenCalled();
    insert.mockRestore();

    const panel = (await c.send('GET', '/api/new-notifications/short')).json<Notification[]>();
    const risk = panel.filter((n) => n.title === RISK_REVIEW_NOTIFICATION.title);
    expect(risk).toEqual([
      expect.objectContaining({
        category: 'warning',
        severity: 'high',
        link: `/Clients/${c.overdue}?tab=risk&assessment=${c.assessment.id}`,
        content: RISK_REVIEW_NOTIFICATION.content('Overdue Adeyemi', '2 Jan 2020'),
        read: false,
      }),
    ]);
    // Nobody else: not the Assistant (no risk content), not another practice.
    for (const who of [c.tokens.assistant, c.tokens.outsider]) {
      const theirs = (await c.send('GET', '/api/new-notifications/short', who)).json<Notification[]>();
      expect(theirs.some((n) => n.title === RISK_REVIEW_NOTIFICATION.title)).toBe(false);
    }
  });

  it('given an overdue client without a therapist, then the Admins are told instead', async () => {
    const c = await setup();
    const unassigned = await c.addClient('Nobody', c.practice.practiceId, null);
    await c.send('POST', `/api/clients/risk-assessment/create/${unassigned}`, c.tokens.therapist, {
      ...ASSESSMENT,
      assessedOn: '2021-01-04',
      nextReviewDate: '2021-03-04',
    });
    expect(await notifyOverdueRiskReviews(c.t.database.db)).toBeGreaterThanOrEqual(1);
    const admin = memberOf(c.practice, 'Admin');
    const rows = await c.t.database.db
      .select({ severity: notifications.severity })
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.title, RISK_REVIEW_NOTIFICATION.title)));
    expect(rows).toEqual([{ severity: 'warning' }]);
  });
});
