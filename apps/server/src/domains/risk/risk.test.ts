import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RISK_MESSAGES, type RiskAssessment, type RiskItem, type SafetyPlan } from '@halcyon/api/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { clients } from '../clients/schema';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function addClient(t: TestApp, practiceId: number, firstName = 'Morgan') {
  const [row] = await t.database.db
    .insert(clients)
    .values({ practiceId, firstName, lastName: 'Adeyemi' })
    .returning({ id: clients.id });
  return row!.id;
}

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Therapist'));
  const clientId = await addClient(t, practice.practiceId);
  const send = (method: Method, url: string, tokens: Tokens = therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const riskLevel = async (id = clientId) =>
    (await t.database.db.select({ level: clients.riskLevel }).from(clients).where(eq(clients.id, id)))[0]?.level;
  return { t, practice, therapist, admin, assistant, outsider, clientId, send, riskLevel };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

const ASSESSMENT = {
  assessedOn: '2026-01-10',
  areas: [
    {
      area: 'suicide',
      level: 'medium',
      riskFactors: 'Passive ideation, recent loss',
      protectiveFactors: 'Children, faith',
    },
    { area: 'self-harm', level: 'low' },
  ],
  overallLevel: 'medium',
  protectiveFactors: 'Engaged in therapy',
  managementPlan: 'Weekly check-in; safety plan shared with GP',
  nextReviewDate: '2026-02-10',
};

/** The areas include a medium one: a lower overall level needs a reason (RISK_RULE_MESSAGES.overallReasonMissing). */
const LOWER_REASON = 'Ideation is passive and historic; engaged with the crisis team';

async function saveAssessment(c: Ctx, expectedCurrentVersion: number, overrides: Record<string, unknown> = {}) {
  return c.send('POST', `/api/clients/risk-assessment/create/${c.clientId}`, c.therapist, {
    ...ASSESSMENT,
    expectedCurrentVersion,
    ...overrides,
  });
}

const SAFETY_PLAN = {
  warningSigns: ['Not sleeping', 'Withdrawing from friends'],
  copingStrategies: ['Walk the dog', 'Cold water on face'],
  peopleAndPlaces: [{ name: 'Café on the corner', contact: '' }],
  helpContacts: [{ name: 'Sister, Jo', contact: '07700 900123' }],
  professionalContacts: [{ name: 'Samaritans', contact: '116 123' }],
  environmentSafety: ['Medication kept by partner'],
  reasonsForLiving: ['My children'],
};

async function saveSafetyPlan(c: Ctx, expectedCurrentVersion: number, overrides: Record<string, unknown> = {}) {
  return c.send('POST', `/api/clients/safety-plan/create/${c.clientId}`, c.therapist, {
    ...SAFETY_PLAN,
    expectedCurrentVersion,
    ...overrides,
  });
}

const ITEM = {
  date: '2026-01-12',
  category: 'self-harm',
  severity: 'high',
  description: 'Disclosed cutting last weekend',
  actionTaken: 'Reviewed safety plan; informed GP with consent',
  reviewDate: '2026-01-19',
};

async function createItem(c: Ctx, overrides: Record<string, unknown> = {}) {
  const response = await c.send('POST', `/api/clients/risk-log/create/${c.clientId}`, c.therapist, {
    ...ITEM,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RiskItem>();
}

describe('risk assessments', () => {
  it('given no assessment yet, then the current one is null and the versions list is empty', async () => {
    const c = await setup();
    const current = await c.send('GET', `/api/clients/risk-assessment/retrieve/${c.clientId}`);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toBeNull();
    const versions = await c.send('GET', `/api/clients/risk-assessment-versions/retrieve/${c.clientId}`);
    expect(versions.json()).toEqual({ items: [] });
  });

  it("given a saved assessment, then it is version 1, current, and the client's risk level becomes its overall level", async () => {
    const c = await setup();
    expect(await c.riskLevel()).toBe('none');
    const response = await saveAssessment(c, 0);
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<RiskAssessment>();
    expect(saved).toMatchObject({
      clientId: c.clientId,
      version: 1,
      isCurrent: true,
      overallLevel: 'medium',
      assessedOn: '2026-01-10',
      nextReviewDate: '2026-02-10',
      managementPlan: 'Weekly check-in; safety plan shared with GP',
      areas: [
        {
          area: 'suicide',
          level: 'medium',
          riskFactors: 'Passive ideation, recent loss',
          protectiveFactors: 'Children, faith',
        },
        { area: 'self-harm', level: 'low', riskFactors: '', protectiveFactors: '' },
      ],
    });
    expect(await c.riskLevel()).toBe('medium');
    const current = await c.send('GET', `/api/clients/risk-assessment/retrieve/${c.clientId}`);
    expect(current.json()).toEqual(saved);
  });

  it('given a second save, then it is a new version, the old one stays readable by id and is no longer current', async () => {
    const c = await setup();
    const v1 = (await saveAssessment(c, 0)).json<RiskAssessment>();
    const second = await saveAssessment(c, 1, { overallLevel: 'high', managementPlan: 'Daily contact' });
    expect(second.statusCode, second.body).toBe(200);
    const v2 = second.json<RiskAssessment>();
    expect(v2).toMatchObject({ version: 2, isCurrent: true, overallLevel: 'high' });
    expect(await c.riskLevel()).toBe('high');

    const old = await c.send('GET', `/api/clients/risk-assessment/retrieve-by-id/${v1.id}`);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual({ ...v1, isCurrent: false });

    const versions = await c.send('GET', `/api/clients/risk-assessment-versions/retrieve/${c.clientId}`);
    expect(versions.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ id: v2.id, version: 2, isCurrent: true, overallLevel: 'high' }),
      expect.objectContaining({ id: v1.id, version: 1, isCurrent: false, overallLevel: 'medium' }),
    ]);
  });

  it('given someone saved a newer version meanwhile, then 409 with a clear detail, nothing saved, risk level unchanged', async () => {
    const c = await setup();
    await saveAssessment(c, 0);
    await saveAssessment(c, 1, { overallLevel: 'low', overallLevelReason: LOWER_REASON });
    const stale = await saveAssessment(c, 1, { overallLevel: 'high' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(RISK_MESSAGES.assessmentNewer);
    expect(await c.riskLevel()).toBe('low');
    const versions = await c.send('GET', `/api/clients/risk-assessment-versions/retrieve/${c.clientId}`);
    expect(versions.json<{ items: unknown[] }>().items).toHaveLength(2);
  });

  it('given two saves on the same version at once, then one is saved and the other answers 409', async () => {
    const c = await setup();
    const [a, b] = await Promise.all([
      saveAssessment(c, 0, { overallLevel: 'low', overallLevelReason: LOWER_REASON }),
      saveAssessment(c, 0, { overallLevel: 'high' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = (a.statusCode === 200 ? a : b).json<RiskAssessment>();
    expect(await c.riskLevel()).toBe(winner.overallLevel);
  });

  it('given an area assessed twice, then 400 says to assess each area once', async () => {
    const c = await setup();
    const response = await saveAssessment(c, 0, {
      areas: [
        { area: 'suicide', level: 'low' },
        { area: 'suicide', level: 'high' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Assess each area only once.');
  });

  it("given the current version deleted, then the client's risk level follows the newest remaining one, then none", async () => {
    const c = await setup();
    const v1 = (
      await saveAssessment(c, 0, { overallLevel: 'low', overallLevelReason: LOWER_REASON })
    ).json<RiskAssessment>();
    const v2 = (await saveAssessment(c, 1, { overallLevel: 'high' })).json<RiskAssessment>();
    const removed = await c.send('DELETE', `/api/clients/risk-assessment/${v2.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ detail: 'Risk assessment was successfully deleted.' });
    expect(await c.riskLevel()).toBe('low');
    const current = await c.send('GET', `/api/clients/risk-assessment/retrieve/${c.clientId}`);
    expect(current.json()).toMatchObject({ id: v1.id, isCurrent: true });
    await c.send('DELETE', `/api/clients/risk-assessment/${v1.id}`);
    expect(await c.riskLevel()).toBe('none');
  });
});

describe('risk log', () => {
  it('given an item, then it is open and readable with date, category, severity, description, action taken and review date', async () => {
    const c = await setup();
    const item = await createItem(c);
    expect(item).toMatchObject({ ...ITEM, clientId: c.clientId, status: 'open', closedAt: null, version: 1 });
    const read = await c.send('GET', `/api/clients/single-risk-log/retrieve/${item.id}`);
    expect(read.json()).toEqual(item);
  });

  it('given an item without a description, then 400 says what to write', async () => {
    const c = await setup();
    const response = await c.send('POST', `/api/clients/risk-log/create/${c.clientId}`, c.therapist, {
      ...ITEM,
      description: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Describe what happened or what concerns you.');
  });

  it('given an item updated with its version, then closed, then a stale update answers 409 and nothing is overwritten', async () => {
    const c = await setup();
    const item = await createItem(c);
    const updated = await c.send('PUT', `/api/clients/single-risk-log/${item.id}`, c.therapist, {
      ...ITEM,
      severity: 'medium',
      version: 1,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ severity: 'medium', version: 2 });

    const closed = await c.send('PATCH', `/api/clients/single-risk-log/status/${item.id}`, c.therapist, {
      status: 'closed',
      version: 2,
    });
    expect(closed.statusCode).toBe(200);
    const closedItem = closed.json<RiskItem>();
    expect(closedItem).toMatchObject({ status: 'closed', version: 3 });
    expect(closedItem.closedAt).not.toBeNull();

    const stale = await c.send('PUT', `/api/clients/single-risk-log/${item.id}`, c.admin, {
      ...ITEM,
      description: 'Overwritten?',
      version: 2,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(RISK_MESSAGES.itemChanged);
    const read = (await c.send('GET', `/api/clients/single-risk-log/retrieve/${item.id}`)).json<RiskItem>();
    expect(read).toEqual(closedItem);

    const reopened = await c.send('PATCH', `/api/clients/single-risk-log/status/${item.id}`, c.therapist, {
      status: 'open',
      version: 3,
    });
    expect(reopened.json()).toMatchObject({ status: 'open', closedAt: null });
  });

  it('given open and closed items, then the log lists open items first, then the newest date first', async () => {
    const c = await setup();
    const oldOpen = await createItem(c, { date: '2026-01-01' });
    const newClosed = await createItem(c, { date: '2026-01-20', reviewDate: '2026-01-27', status: 'closed' });
    const newOpen = await createItem(c, { date: '2026-01-15' });
    const list = await c.send('GET', `/api/clients/risk-log/retrieve/${c.clientId}`);
    expect(list.json<{ items: RiskItem[] }>().items.map((i) => i.id)).toEqual([newOpen.id, oldOpen.id, newClosed.id]);
    expect(newClosed.closedAt).not.toBeNull();
  });

  it('given an item deleted, then it is gone', async () => {
    const c = await setup();
    const item = await createItem(c);
    const removed = await c.send('DELETE', `/api/clients/single-risk-log/${item.id}`);
    expect(removed.json()).toEqual({ detail: 'Risk item was successfully deleted.' });
    expect((await c.send('GET', `/api/clients/single-risk-log/retrieve/${item.id}`)).statusCode).toBe(404);
  });
});

describe('safety plans', () => {
  it('given no plan yet, then the current one is null; given saves, then each is a new version and old ones stay readable', async () => {
    const c = await setup();
    expect((await c.send('GET', `/api/clients/safety-plan/retrieve/${c.clientId}`)).json()).toBeNull();
    const first = await saveSafetyPlan(c, 0);
    expect(first.statusCode, first.body).toBe(200);
    const v1 = first.json<SafetyPlan>();
    expect(v1).toMatchObject({ ...SAFETY_PLAN, version: 1, isCurrent: true, clientId: c.clientId });

    const v2 = (await saveSafetyPlan(c, 1, { reasonsForLiving: ['My children', 'Seeing the sea'] })).json<SafetyPlan>();
    expect(v2).toMatchObject({ version: 2, isCurrent: true, reasonsForLiving: ['My children', 'Seeing the sea'] });

    const old = await c.send('GET', `/api/clients/safety-plan/retrieve-by-id/${v1.id}`);
    expect(old.json()).toEqual({ ...v1, isCurrent: false });
    const current = await c.send('GET', `/api/clients/safety-plan/retrieve/${c.clientId}`);
    expect(current.json()).toEqual(v2);
    const versions = await c.send('GET', `/api/clients/safety-plan-versions/retrieve/${c.clientId}`);
    expect(versions.json<{ items: { id: number; isCurrent: boolean }[] }>().items).toEqual([
      expect.objectContaining({ id: v2.id, version: 2, isCurrent: true }),
      expect.objectContaining({ id: v1.id, version: 1, isCurrent: false }),
    ]);
  });

  it('given someone saved a newer version meanwhile, then 409 with a clear detail and nothing saved', async () => {
    const c = await setup();
    await saveSafetyPlan(c, 0);
    await saveSafetyPlan(c, 1);
    const stale = await saveSafetyPlan(c, 1, { warningSigns: ['Overwritten?'] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(RISK_MESSAGES.safetyPlanNewer);
    const current = (await c.send('GET', `/api/clients/safety-plan/retrieve/${c.clientId}`)).json<SafetyPlan>();
    expect(current).toMatchObject({ version: 2, warningSigns: SAFETY_PLAN.warningSigns });
  });

  it('given an empty row in a list, then 400 says to fill or remove it', async () => {
    const c = await setup();
    const response = await saveSafetyPlan(c, 0, { copingStrategies: ['Walk', '  '] });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Write something here, or remove this row.');
  });

  it('given a version deleted, then it is gone and the previous one is current again', async () => {
    const c = await setup();
    const v1 = (await saveSafetyPlan(c, 0)).json<SafetyPlan>();
    const v2 = (await saveSafetyPlan(c, 1)).json<SafetyPlan>();
    const removed = await c.send('DELETE', `/api/clients/safety-plan/${v2.id}`);
    expect(removed.json()).toEqual({ detail: 'Safety plan was successfully deleted.' });
    const current = await c.send('GET', `/api/clients/safety-plan/retrieve/${c.clientId}`);
    expect(current.json()).toMatchObject({ id: v1.id, isCurrent: true });
  });
});

describe('risk: roles and practices', () => {
  async function records(c: Ctx) {
    const assessment = (await saveAssessment(c, 0)).json<RiskAssessment>();
    const item = await createItem(c);
    const plan = (await saveSafetyPlan(c, 0)).json<SafetyPlan>();
    const calls: [Method, string, unknown?][] = [
      ['GET', `/api/clients/risk-assessment/retrieve/${c.clientId}`],
      ['GET', `/api/clients/risk-assessment-versions/retrieve/${c.clientId}`],
      ['GET', `/api/clients/risk-assessment/retrieve-by-id/${assessment.id}`],
      ['POST', `/api/clients/risk-assessment/create/${c.clientId}`, { ...ASSESSMENT, expectedCurrentVersion: 1 }],
      ['DELETE', `/api/clients/risk-assessment/${assessment.id}`],
      ['GET', `/api/clients/risk-log/retrieve/${c.clientId}`],
      ['GET', `/api/clients/single-risk-log/retrieve/${item.id}`],
      ['POST', `/api/clients/risk-log/create/${c.clientId}`, ITEM],
      ['PUT', `/api/clients/single-risk-log/${item.id}`, { ...ITEM, version: 1 }],
      ['PATCH', `/api/clients/single-risk-log/status/${item.id}`, { status: 'closed', version: 1 }],
      ['DELETE', `/api/clients/single-risk-log/${item.id}`],
      ['GET', `/api/clients/safety-plan/retrieve/${c.clientId}`],
      ['GET', `/api/clients/safety-plan-versions/retrieve/${c.clientId}`],
      ['GET', `/api/clients/safety-plan/retrieve-by-id/${plan.id}`],
      ['POST', `/api/clients/safety-plan/create/${c.clientId}`, { ...SAFETY_PLAN, expectedCurrentVersion: 1 }],
      ['DELETE', `/api/clients/safety-plan/${plan.id}`],
    ];
    return { assessment, item, plan, calls };
  }

  it('given an Assistant, then every risk route answers 403 and no risk content', async () => {
    const c = await setup();
    const { calls } = await records(c);
    for (const [method, url, payload] of calls) {
      const response = await c.send(method, url, c.assistant, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.body).not.toMatch(/cutting|ideation|Samaritans/);
    }
  });

  it("given another practice's client and records, then every risk route answers 404 and nothing changes", async () => {
    const c = await setup();
    const { assessment, item, plan, calls } = await records(c);
    for (const [method, url, payload] of calls) {
      const response = await c.send(method, url, c.outsider, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toMatch(/cutting|ideation|Samaritans/);
    }
    expect((await c.send('GET', `/api/clients/risk-assessment/retrieve-by-id/${assessment.id}`)).json()).toEqual(
      assessment,
    );
    expect((await c.send('GET', `/api/clients/single-risk-log/retrieve/${item.id}`)).json()).toEqual(item);
    expect((await c.send('GET', `/api/clients/safety-plan/retrieve-by-id/${plan.id}`)).json()).toEqual(plan);
    expect(await c.riskLevel()).toBe('medium');
  });
});
