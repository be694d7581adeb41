import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  TREATMENT_PLAN_MESSAGES,
  type TreatmentPlan,
  type TreatmentPlanReview,
  type TreatmentPlanSummary,
} from '@halcyon/api/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { clients } from '../clients/schema';
import { treatmentPlans } from './schema';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function addClient(t: TestApp, practiceId: number, firstName = 'Robin') {
  const [row] = await t.database.db
    .insert(clients)
    .values({ practiceId, firstName, lastName: 'Okonkwo' })
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
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const clientId = await addClient(t, practice.practiceId);
  const send = (method: Method, url: string, tokens: Tokens = therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { t, practice, therapist, admin, assistant, outsider, clientId, send };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

const GOALS = [
  {
    description: 'Reduce panic attacks',
    objectives: [
      { description: 'Practise paced breathing daily', targetDate: '2026-03-01' },
      { description: 'Keep a panic diary' },
    ],
    interventions: 'CBT for panic, interoceptive exposure',
    frequency: 'Weekly, 50 minutes',
    targetDate: '2026-06-01',
    measure: 'PDSS below 8',
  },
  { description: 'Return to work', status: 'in progress' },
];

async function createPlan(c: Ctx, overrides: Record<string, unknown> = {}, clientId = c.clientId) {
  const response = await c.send('POST', `/api/clients/treatment-plan/create/${clientId}`, c.therapist, {
    title: 'Panic and avoidance',
    problems: 'Panic attacks on public transport',
    goals: GOALS,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TreatmentPlan>();
}

async function listPlans(c: Ctx, clientId = c.clientId) {
  const response = await c.send('GET', `/api/clients/treatment-plan-list/retrieve/${clientId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: TreatmentPlanSummary[] }>().items;
}

describe('treatment plans', () => {
  it('given a new plan, then it is version 1, current, with its goals, objectives, interventions, frequency and target dates', async () => {
    const c = await setup();
    const plan = await createPlan(c);
    expect(plan).toMatchObject({
      clientId: c.clientId,
      treatmentPlanVersion: 1,
      isCurrentVersion: true,
      title: 'Panic and avoidance',
      goalCount: 2,
      basedOnPlanId: null,
    });
    const author = memberOf(c.practice, 'Therapist');
    expect(plan.createdByName).toBe(`${author.firstName} ${author.lastName}`);
    expect(Number.isNaN(Date.parse(plan.treatmentPlanCreationDate))).toBe(false);
    expect(plan.goals.map((g) => g.description)).toEqual(['Reduce panic attacks', 'Return to work']);
    expect(plan.goals[0]).toMatchObject({
      interventions: 'CBT for panic, interoceptive exposure',
      frequency: 'Weekly, 50 minutes',
      targetDate: '2026-06-01',
      measure: 'PDSS below 8',
      status: 'not started',
      objectives: [
        { description: 'Practise paced breathing daily', targetDate: '2026-03-01', achieved: false },
        { description: 'Keep a panic diary', targetDate: null, achieved: false },
      ],
    });
    expect(plan.goals[1]!.status).toBe('in progress');

    const read = await c.send('GET', `/api/clients/treatment-plan/retrieve/${plan.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(plan);
    const single = await c.send('GET', `/api/clients/treatment-plan-list/retrieve-single-plan/${plan.id}`);
    expect(single.statusCode).toBe(200);
    expect(single.json()).toMatchObject({ id: plan.id, treatmentPlanVersion: 1, goalCount: 2, isCurrentVersion: true });
    expect(single.json()).not.toHaveProperty('goals');
  });

  it('given a plan without a title, then 400 says to enter one', async () => {
    const c = await setup();
    const response = await c.send('POST', `/api/clients/treatment-plan/create/${c.clientId}`, c.therapist, {
      title: '  ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter a title for the plan.');
  });

  it('given a second plan, then it becomes version 2 and current and the first stops being current (SPEC.md §4)', async () => {
    const c = await setup();
    const first = await createPlan(c);
    const second = await createPlan(c, { title: 'Second plan' });
    expect(second.treatmentPlanVersion).toBe(2);
    const items = await listPlans(c);
    expect(items.map((p) => [p.id, p.isCurrentVersion])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });

  it('given a plan created with markCurrent false, then the current plan stays current', async () => {
    const c = await setup();
    const first = await createPlan(c);
    const draft = await createPlan(c, { markCurrent: false });
    expect(draft.isCurrentVersion).toBe(false);
    const items = await listPlans(c);
    expect(items.filter((p) => p.isCurrentVersion).map((p) => p.id)).toEqual([first.id]);
  });

  it('given an older version marked current, then every other plan of the client is non-current, other clients untouched', async () => {
    const c = await setup();
    const otherClient = await addClient(c.t, c.practice.practiceId, 'Sasha');
    const otherPlan = await createPlan(c, {}, otherClient);
    const v1 = await createPlan(c);
    const v2 = await createPlan(c);
    const v3 = await createPlan(c);
    const response = await c.send('PUT', `/api/clients/treatment-plan/current/${v1.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: v1.id, isCurrentVersion: true });
    const items = await listPlans(c);
    expect(Object.fromEntries(items.map((p) => [p.id, p.isCurrentVersion]))).toEqual({
      [v1.id]: true,
      [v2.id]: false,
      [v3.id]: false,
    });
    expect((await listPlans(c, otherClient))[0]).toMatchObject({ id: otherPlan.id, isCurrentVersion: true });
  });

  it('given many "mark current" requests at once, then exactly one plan of the client ends current', async () => {
    const c = await setup();
    const plans = [];
    for (let i = 0; i < 5; i += 1) plans.push(await createPlan(c, { title: `Plan ${i}` }));
    const responses = await Promise.all(
      [...plans, ...plans].map((p) => c.send('PUT', `/api/clients/treatment-plan/current/${p.id}`)),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    const rows = await c.t.database.db
      .select({ id: treatmentPlans.id, current: treatmentPlans.isCurrentVersion })
      .from(treatmentPlans)
      .where(eq(treatmentPlans.clientId, c.clientId));
    expect(rows.filter((r) => r.current)).toHaveLength(1);
  });

  it('given two plans written as current at once, then the database refuses a second current plan of the client', async () => {
    const c = await setup();
    await createPlan(c);
    await expect(
      c.t.database.db.insert(treatmentPlans).values({
        practiceId: c.practice.practiceId,
        clientId: c.clientId,
        treatmentPlanVersion: 99,
        isCurrentVersion: true,
        title: 'Rogue',
      }),
    ).rejects.toThrow();
  });

  it('given an edit in the editor, then it is saved as a new version and the old version stays readable unchanged', async () => {
    const c = await setup();
    const v1 = await createPlan(c);
    const response = await c.send('POST', `/api/clients/treatment-plan/new-version/${v1.id}`, c.therapist, {
      title: 'Panic and avoidance (revised)',
      goals: [{ description: 'Travel by bus alone', objectives: [{ description: 'One stop with support' }] }],
      expectedLatestVersion: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    const v2 = response.json<TreatmentPlan>();
    expect(v2).toMatchObject({
      treatmentPlanVersion: 2,
      isCurrentVersion: true,
      basedOnPlanId: v1.id,
      title: 'Panic and avoidance (revised)',
    });
    expect(v2.id).not.toBe(v1.id);
    expect(v2.goals.map((g) => g.description)).toEqual(['Travel by bus alone']);

    const old = (await c.send('GET', `/api/clients/treatment-plan/retrieve/${v1.id}`)).json<TreatmentPlan>();
    expect(old).toEqual({ ...v1, isCurrentVersion: false });
  });

  it('given someone saved a newer version meanwhile, then the editor save answers 409 with a clear detail and nothing is saved', async () => {
    const c = await setup();
    const v1 = await createPlan(c);
    const first = await c.send('POST', `/api/clients/treatment-plan/new-version/${v1.id}`, c.admin, {
      title: 'Admin edit',
      expectedLatestVersion: 1,
    });
    expect(first.statusCode).toBe(200);
    const stale = await c.send('POST', `/api/clients/treatment-plan/new-version/${v1.id}`, c.therapist, {
      title: 'Therapist edit',
      expectedLatestVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(TREATMENT_PLAN_MESSAGES.newerVersion);
    const items = await listPlans(c);
    expect(items.map((p) => p.title)).toEqual(['Admin edit', 'Panic and avoidance']);
    expect(items[0]!.isCurrentVersion).toBe(true);
  });

  it('given plans, then the list sorts by version descending then creation date descending (SPEC.md §5)', async () => {
    const c = await setup();
    const a = await createPlan(c);
    const b = await createPlan(c);
    const cc = await createPlan(c);
    const items = await listPlans(c);
    expect(items.map((p) => p.treatmentPlanVersion)).toEqual([3, 2, 1]);
    expect(items.map((p) => p.id)).toEqual([cc.id, b.id, a.id]);
  });

  it('given the current plan is deleted, then the newest remaining version becomes current', async () => {
    const c = await setup();
    const v1 = await createPlan(c);
    const v2 = await createPlan(c);
    const v3 = await createPlan(c);
    const response = await c.send('DELETE', `/api/clients/treatment-plan/${v3.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'Treatment plan was successfully deleted.' });
    const items = await listPlans(c);
    expect(items.map((p) => [p.id, p.isCurrentVersion])).toEqual([
      [v2.id, true],
      [v1.id, false],
    ]);
    expect((await c.send('GET', `/api/clients/treatment-plan/retrieve/${v3.id}`)).statusCode).toBe(404);
  });

  it('given a goal added, changed with its version, then changed with a stale version, then 409 and nothing overwritten', async () => {
    const c = await setup();
    const plan = await createPlan(c, { goals: [] });
    const added = await c.send('POST', `/api/clients/treatment-plan/goals/${plan.id}`, c.therapist, {
      description: 'Sleep 7 hours',
      objectives: [{ description: 'No screens after 22:00' }],
      measure: 'Sleep diary',
    });
    expect(added.statusCode, added.body).toBe(200);
    const goal = added.json<{ id: number; version: number }>();
    expect(goal).toMatchObject({ planId: plan.id, position: 0, version: 1, status: 'not started' });

    const changed = await c.send('PUT', `/api/clients/treatment-plan-goal/${goal.id}`, c.therapist, {
      description: 'Sleep 7 hours a night',
      status: 'in progress',
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ description: 'Sleep 7 hours a night', status: 'in progress', version: 2 });

    const stale = await c.send('PUT', `/api/clients/treatment-plan-goal/${goal.id}`, c.admin, {
      description: 'Overwritten?',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(TREATMENT_PLAN_MESSAGES.goalChanged);
    const noVersion = await c.send('PUT', `/api/clients/treatment-plan-goal/${goal.id}`, c.admin, {
      description: 'Overwritten?',
    });
    expect(noVersion.statusCode).toBe(400);

    const read = (await c.send('GET', `/api/clients/treatment-plan/retrieve/${plan.id}`)).json<TreatmentPlan>();
    expect(read.goals.map((g) => g.description)).toEqual(['Sleep 7 hours a night']);

    const removed = await c.send('DELETE', `/api/clients/treatment-plan-goal/${goal.id}`);
    expect(removed.statusCode).toBe(200);
    const after = (await c.send('GET', `/api/clients/treatment-plan/retrieve/${plan.id}`)).json<TreatmentPlan>();
    expect(after.goals).toEqual([]);
  });
});

describe('treatment plan reviews', () => {
  it('given a review with per-goal progress, then it records the version reviewed, the goal, the outcome and the next review date', async () => {
    const c = await setup();
    const plan = await createPlan(c);
    const [g1, g2] = plan.goals;
    const response = await c.send('POST', `/api/clients/treatment-plan/reviews/${plan.id}`, c.therapist, {
      reviewDate: '2026-02-01',
      goalProgress: [
        { goalId: g1!.id, progress: 'some progress', comment: 'Fewer attacks' },
        { goalId: g2!.id, progress: 'no change' },
      ],
      outcome: 'continue',
      summary: 'Keep going',
      nextReviewDate: '2026-05-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    const review = response.json<TreatmentPlanReview>();
    expect(review).toMatchObject({
      clientId: c.clientId,
      planId: plan.id,
      treatmentPlanVersionReviewed: 1,
      reviewDate: '2026-02-01',
      outcome: 'continue',
      summary: 'Keep going',
      nextReviewDate: '2026-05-01',
      goalProgress: [
        { goalId: g1!.id, goal: 'Reduce panic attacks', progress: 'some progress', comment: 'Fewer attacks' },
        { goalId: g2!.id, goal: 'Return to work', progress: 'no change', comment: '' },
      ],
    });
    const read = await c.send('GET', `/api/clients/treatment-plan-review/retrieve/${review.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(review);
  });

  it("given progress for another plan's goal, then 400 and no review", async () => {
    const c = await setup();
    const plan = await createPlan(c);
    const other = await createPlan(c);
    const response = await c.send('POST', `/api/clients/treatment-plan/reviews/${plan.id}`, c.therapist, {
      reviewDate: '2026-02-01',
      goalProgress: [{ goalId: other.goals[0]!.id, progress: 'achieved' }],
      outcome: 'continue',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBe(TREATMENT_PLAN_MESSAGES.reviewGoalUnknown);
    const list = await c.send('GET', `/api/clients/treatment-plan-review-list/retrieve/${c.clientId}`);
    expect(list.json()).toEqual({ items: [] });
  });

  it('given reviews of several versions, then the list sorts by version reviewed descending then id descending (SPEC.md §5)', async () => {
    const c = await setup();
    const v1 = await createPlan(c);
    const v2 = await createPlan(c);
    const review = async (planId: number) =>
      (
        await c.send('POST', `/api/clients/treatment-plan/reviews/${planId}`, c.therapist, {
          reviewDate: '2026-02-01',
          outcome: 'revise',
        })
      ).json<TreatmentPlanReview>();
    const r1 = await review(v1.id);
    const r2 = await review(v2.id);
    const r3 = await review(v1.id);
    const list = await c.send('GET', `/api/clients/treatment-plan-review-list/retrieve/${c.clientId}`);
    expect(list.statusCode).toBe(200);
    const items = list.json<{ items: TreatmentPlanReview[] }>().items;
    expect(items.map((r) => [r.id, r.treatmentPlanVersionReviewed])).toEqual([
      [r2.id, 2],
      [r3.id, 1],
      [r1.id, 1],
    ]);
    const removed = await c.send('DELETE', `/api/clients/treatment-plan-review/${r3.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await c.send('GET', `/api/clients/treatment-plan-review/retrieve/${r3.id}`)).statusCode).toBe(404);
  });

  it('given the reviewed version is deleted, then the review stays with its version number', async () => {
    const c = await setup();
    const v1 = await createPlan(c);
    await createPlan(c);
    const review = (
      await c.send('POST', `/api/clients/treatment-plan/reviews/${v1.id}`, c.therapist, {
        reviewDate: '2026-02-01',
        outcome: 'completed',
      })
    ).json<TreatmentPlanReview>();
    await c.send('DELETE', `/api/clients/treatment-plan/${v1.id}`);
    const read = await c.send('GET', `/api/clients/treatment-plan-review/retrieve/${review.id}`);
    expect(read.json()).toMatchObject({ planId: null, treatmentPlanVersionReviewed: 1 });
  });
});

describe('treatment plans: roles and practices', () => {
  it('given an Assistant, then every treatment plan route answers 403', async () => {
    const c = await setup();
    const plan = await createPlan(c);
    const goalId = plan.goals[0]!.id;
    const calls: [Method, string, unknown?][] = [
      ['GET', `/api/clients/treatment-plan-list/retrieve/${c.clientId}`],
      ['GET', `/api/clients/treatment-plan-list/retrieve-single-plan/${plan.id}`],
      ['GET', `/api/clients/treatment-plan/retrieve/${plan.id}`],
      ['GET', `/api/clients/treatment-plan-review-list/retrieve/${c.clientId}`],
      ['GET', `/api/clients/treatment-plan-review/retrieve/1`],
      ['POST', `/api/clients/treatment-plan/create/${c.clientId}`, { title: 'x' }],
      ['POST', `/api/clients/treatment-plan/new-version/${plan.id}`, { title: 'x', expectedLatestVersion: 1 }],
      ['PUT', `/api/clients/treatment-plan/current/${plan.id}`],
      ['DELETE', `/api/clients/treatment-plan/${plan.id}`],
      ['POST', `/api/clients/treatment-plan/goals/${plan.id}`, { description: 'x' }],
      ['PUT', `/api/clients/treatment-plan-goal/${goalId}`, { description: 'x', version: 1 }],
      ['DELETE', `/api/clients/treatment-plan-goal/${goalId}`],
      ['POST', `/api/clients/treatment-plan/reviews/${plan.id}`, { reviewDate: '2026-01-01', outcome: 'continue' }],
      ['DELETE', `/api/clients/treatment-plan-review/1`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await c.send(method, url, c.assistant, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.body).not.toContain('Panic');
    }
    expect((await listPlans(c)).map((p) => p.id)).toEqual([plan.id]);
  });

  it("given another practice's client, plan, goal and review, then every route answers 404 and nothing changes", async () => {
    const c = await setup();
    const plan = await createPlan(c);
    const goalId = plan.goals[0]!.id;
    const review = (
      await c.send('POST', `/api/clients/treatment-plan/reviews/${plan.id}`, c.therapist, {
        reviewDate: '2026-02-01',
        outcome: 'continue',
      })
    ).json<TreatmentPlanReview>();
    const calls: [Method, string, unknown?][] = [
      ['GET', `/api/clients/treatment-plan-list/retrieve/${c.clientId}`],
      ['GET', `/api/clients/treatment-plan-list/retrieve-single-plan/${plan.id}`],
      ['GET', `/api/clients/treatment-plan/retrieve/${plan.id}`],
      ['GET', `/api/clients/treatment-plan-review-list/retrieve/${c.clientId}`],
      ['GET', `/api/clients/treatment-plan-review/retrieve/${review.id}`],
      ['POST', `/api/clients/treatment-plan/create/${c.clientId}`, { title: 'x' }],
      ['POST', `/api/clients/treatment-plan/new-version/${plan.id}`, { title: 'x', expectedLatestVersion: 1 }],
      ['PUT', `/api/clients/treatment-plan/current/${plan.id}`],
      ['DELETE', `/api/clients/treatment-plan/${plan.id}`],
      ['POST', `/api/clients/treatment-plan/goals/${plan.id}`, { description: 'x' }],
      ['PUT', `/api/clients/treatment-plan-goal/${goalId}`, { description: 'x', version: 1 }],
      ['DELETE', `/api/clients/treatment-plan-goal/${goalId}`],
      ['POST', `/api/clients/treatment-plan/reviews/${plan.id}`, { reviewDate: '2026-01-01', outcome: 'continue' }],
      ['DELETE', `/api/clients/treatment-plan-review/${review.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const response = await c.send(method, url, c.outsider, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Panic');
    }
    const after = (await c.send('GET', `/api/clients/treatment-plan/retrieve/${plan.id}`)).json<TreatmentPlan>();
    expect(after).toEqual(plan);
    expect((await listPlans(c)).length).toBe(1);
  });

  it('given a client id that is not a number greater than 0, then 400', async () => {
    const c = await setup();
    for (const bad of ['0', '-1', 'abc']) {
      const response = await c.send('GET', `/api/clients/treatment-plan-list/retrieve/${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });
});
