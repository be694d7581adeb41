import {
  TREATMENT_PLAN_MESSAGES,
  type TreatmentPlan,
  type TreatmentPlanReview,
  type TreatmentPlanSummary,
} from '../../contract';
import type { MockHandlers } from '../createMockClient';

/** A client's plans for stories and tests: version 2 (current) edited from version 1. */
export const PLAN_CLIENT_ID = 7;

export const PLAN_V1: TreatmentPlan = {
  id: 11,
  clientId: PLAN_CLIENT_ID,
  treatmentPlanVersion: 1,
  treatmentPlanCreationDate: '2026-01-05T10:00:00.000Z',
  isCurrentVersion: false,
  title: 'Panic and avoidance',
  startDate: '2026-01-05',
  reviewDate: '2026-04-05',
  goalCount: 1,
  createdByName: 'Tomas Lindqvist',
  basedOnPlanId: null,
  version: 1,
  problems: 'Panic attacks on public transport.',
  notes: '',
  goals: [
    {
      id: 101,
      planId: 11,
      position: 0,
      description: 'Reduce panic attacks',
      objectives: [{ description: 'Practise paced breathing daily', targetDate: '2026-02-01', achieved: true }],
      interventions: 'CBT for panic',
      frequency: 'Weekly, 50 minutes',
      targetDate: '2026-04-01',
      measure: 'PDSS below 8',
      status: 'in progress',
      version: 1,
    },
  ],
};

export const PLAN_V2: TreatmentPlan = {
  ...PLAN_V1,
  id: 12,
  treatmentPlanVersion: 2,
  treatmentPlanCreationDate: '2026-02-10T10:00:00.000Z',
  isCurrentVersion: true,
  title: 'Panic and avoidance (revised)',
  basedOnPlanId: 11,
  goalCount: 2,
  goals: [
    { ...PLAN_V1.goals[0]!, id: 201, planId: 12 },
    {
      id: 202,
      planId: 12,
      position: 1,
      description: 'Travel by bus alone',
      objectives: [{ description: 'One stop with support', targetDate: null, achieved: false }],
      interventions: 'Graded exposure',
      frequency: 'Twice a week',
      targetDate: '2026-05-01',
      measure: 'SUDS below 30 on the bus',
      status: 'not started',
      version: 3,
    },
  ],
};

export const PLAN_REVIEW: TreatmentPlanReview = {
  id: 31,
  clientId: PLAN_CLIENT_ID,
  planId: 11,
  treatmentPlanVersionReviewed: 1,
  reviewDate: '2026-02-08',
  goalProgress: [{ goalId: 101, goal: 'Reduce panic attacks', progress: 'some progress', comment: 'Fewer attacks' }],
  outcome: 'revise',
  summary: 'Add a travel goal.',
  nextReviewDate: '2026-05-08',
  createdByName: 'Tomas Lindqvist',
  createdAt: '2026-02-08T12:00:00.000Z',
};

export function summaryOf(plan: TreatmentPlan): TreatmentPlanSummary {
  const { problems: _p, notes: _n, goals: _g, ...summary } = plan;
  return summary;
}

/** An in-memory treatment-plan server for the mock client: the plans above, and saves that behave like the real one. */
export function treatmentPlanHandlers(
  options: { plans?: TreatmentPlan[]; reviews?: TreatmentPlanReview[] } = {},
): MockHandlers {
  const plans = (options.plans ?? [PLAN_V2, PLAN_V1]).map((p) => structuredClone(p));
  const reviews = (options.reviews ?? [PLAN_REVIEW]).map((r) => structuredClone(r));
  let nextId = 500;
  const sorted = () => [...plans].sort((a, b) => b.treatmentPlanVersion - a.treatmentPlanVersion);
  const latest = () => plans.reduce((max, p) => Math.max(max, p.treatmentPlanVersion), 0);
  const byId = (id: number) => plans.find((p) => p.id === Number(id)) ?? null;
  function insert(
    clientId: number,
    body: {
      title: string;
      problems?: string;
      notes?: string;
      startDate?: string | null;
      reviewDate?: string | null;
      goals?: TreatmentPlan['goals'][number][] | Record<string, unknown>[];
      markCurrent?: boolean;
    },
    basedOnPlanId: number | null,
  ): TreatmentPlan {
    const id = (nextId += 1);
    const goals = (body.goals ?? []).map((g, i) => ({
      id: (nextId += 1),
      planId: id,
      position: i,
      description: String(g.description),
      objectives: ((g.objectives as TreatmentPlan['goals'][number]['objectives'] | undefined) ?? []).map((o) => ({
        description: o.description,
        targetDate: o.targetDate ?? null,
        achieved: Boolean(o.achieved),
      })),
      interventions: (g.interventions as string | undefined) ?? '',
      frequency: (g.frequency as string | undefined) ?? '',
      targetDate: (g.targetDate as string | null | undefined) || null,
      measure: (g.measure as string | undefined) ?? '',
      status: (g.status as TreatmentPlan['goals'][number]['status'] | undefined) ?? 'not started',
      version: 1,
    }));
    const markCurrent = body.markCurrent ?? true;
    if (markCurrent) for (const p of plans) p.isCurrentVersion = false;
    const plan: TreatmentPlan = {
      id,
      clientId,
      treatmentPlanVersion: latest() + 1,
      treatmentPlanCreationDate: new Date().toISOString(),
      isCurrentVersion: markCurrent,
      title: body.title,
      startDate: body.startDate ?? null,
      reviewDate: body.reviewDate ?? null,
      goalCount: goals.length,
      createdByName: 'Amara Okafor',
      basedOnPlanId,
      version: 1,
      problems: body.problems ?? '',
      notes: body.notes ?? '',
      goals,
    };
    plans.push(plan);
    return plan;
  }
  return {
    listTreatmentPlans: () => ({ items: sorted().map(summaryOf) }),
    getTreatmentPlan: ({ params }) => byId(Number(params.planId)),
    getTreatmentPlanSummary: ({ params }) => {
      const plan = byId(Number(params.planId));
      return plan ? summaryOf(plan) : null;
    },
    createTreatmentPlan: ({ params, body }) => insert(Number(params.clientId), body, null),
    createTreatmentPlanVersion: ({ params, body }) => insert(PLAN_CLIENT_ID, body, Number(params.planId)),
    setCurrentTreatmentPlan: ({ params }) => {
      const plan = byId(Number(params.planId));
      if (!plan) return null;
      for (const p of plans) p.isCurrentVersion = p.id === plan.id;
      return summaryOf(plan);
    },
    deleteTreatmentPlan: ({ params }) => {
      const index = plans.findIndex((p) => p.id === Number(params.planId));
      if (index >= 0) plans.splice(index, 1);
      return { detail: TREATMENT_PLAN_MESSAGES.deleted };
    },
    addTreatmentPlanGoal: ({ params, body }) => {
      const plan = byId(Number(params.planId))!;
      const goal = { ...insert(plan.clientId, { title: 'x', goals: [body], markCurrent: false }, null).goals[0]! };
      plans.pop();
      goal.planId = plan.id;
      goal.position = plan.goals.length;
      plan.goals.push(goal);
      return goal;
    },
    updateTreatmentPlanGoal: ({ params, body }) => {
      for (const plan of plans) {
        const index = plan.goals.findIndex((g) => g.id === Number(params.goalId));
        if (index < 0) continue;
        const old = plan.goals[index]!;
        const made = insert(plan.clientId, { title: 'x', goals: [body], markCurrent: false }, null).goals[0]!;
        plans.pop();
        const goal = { ...made, id: old.id, planId: old.planId, position: old.position, version: old.version + 1 };
        plan.goals[index] = goal;
        return goal;
      }
      return null;
    },
    deleteTreatmentPlanGoal: () => ({ detail: 'Goal removed.' }),
    listTreatmentPlanReviews: () => ({
      items: [...reviews].sort(
        (a, b) => b.treatmentPlanVersionReviewed - a.treatmentPlanVersionReviewed || b.id - a.id,
      ),
    }),
    getTreatmentPlanReview: ({ params }) => reviews.find((r) => r.id === Number(params.reviewId)) ?? null,
    createTreatmentPlanReview: ({ params, body }) => {
      const plan = byId(Number(params.planId))!;
      const review: TreatmentPlanReview = {
        id: (nextId += 1),
        clientId: plan.clientId,
        planId: plan.id,
        treatmentPlanVersionReviewed: plan.treatmentPlanVersion,
        reviewDate: body.reviewDate,
        goalProgress: (body.goalProgress ?? []).map((g) => ({
          goalId: g.goalId,
          goal: plan.goals.find((goal) => goal.id === g.goalId)?.description ?? '',
          progress: g.progress,
          comment: g.comment ?? '',
        })),
        outcome: body.outcome,
        summary: body.summary ?? '',
        nextReviewDate: body.nextReviewDate || null,
        createdByName: 'Amara Okafor',
        createdAt: new Date().toISOString(),
      };
      reviews.push(review);
      return review;
    },
    deleteTreatmentPlanReview: () => ({ detail: 'Treatment plan review deleted.' }),
  };
}
