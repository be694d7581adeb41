import type { TreatmentGoalProgressLevel, TreatmentReviewOutcome } from '@halcyon/api/contract';
import { DAY, WEEK, insertRows, insertRowsReturningIds, isoDay, type Rng } from '../../platform/db/generate-helpers';
import type { CareConcern, ClinicalGeneration, GeneratedClient } from '../clients/generate';
import {
  treatmentPlanGoals,
  treatmentPlanReviews,
  treatmentPlans,
  type StoredGoalProgress,
  type StoredObjective,
} from './schema';

type GoalStatus = (typeof treatmentPlanGoals.$inferInsert)['status'];

interface GoalIdea {
  description: string;
  objectives: readonly string[];
  interventions: string;
  measure: string;
}

/** What a plan is about, by the client's concern: its title, the problems it names, and goals to choose from. */
const PLANS: Readonly<Record<CareConcern, { title: string; problems: string; goals: readonly GoalIdea[] }>> = {
  depression: {
    title: 'Low mood',
    problems: 'Low mood most days, withdrawal from friends and activities, poor sleep and self-criticism.',
    goals: [
      {
        description: 'Lift mood so that most days feel manageable',
        objectives: ['Keep an activity diary for four weeks', 'Schedule two valued activities each week'],
        interventions: 'Behavioural activation; activity scheduling',
        measure: 'PHQ-9 below 10',
      },
      {
        description: 'Reduce self-critical thinking',
        objectives: ['Notice and record self-critical thoughts', 'Practise a compassionate response'],
        interventions: 'Cognitive restructuring; compassion-focused exercises',
        measure: 'Self-rating of self-criticism (0-10) below 4',
      },
      {
        description: 'Return to a regular sleep routine',
        objectives: ['Fixed wake-up time seven days a week', 'No screens in the hour before bed'],
        interventions: 'Sleep hygiene; stimulus control',
        measure: 'Sleep diary: six or more hours on five nights a week',
      },
    ],
  },
  anxiety: {
    title: 'Worry and anxiety',
    problems: 'Persistent worry about work and health, panic in crowded places, avoidance of travel.',
    goals: [
      {
        description: 'Spend less time worrying each day',
        objectives: ['Use a daily worry time', 'Sort worries into practical and hypothetical'],
        interventions: 'Worry time; problem solving',
        measure: 'GAD-7 below 8',
      },
      {
        description: 'Travel by train to work again',
        objectives: ['Build a graded exposure ladder', 'Complete each step three times'],
        interventions: 'Graded exposure; dropping safety behaviours',
        measure: 'Train journeys completed per week',
      },
      {
        description: 'Manage panic symptoms without leaving the situation',
        objectives: ['Practise paced breathing daily', 'Learn the panic cycle'],
        interventions: 'Psychoeducation; interoceptive exposure',
        measure: 'Panic attacks per week',
      },
    ],
  },
  trauma: {
    title: 'Trauma-focused work',
    problems: 'Intrusive memories and nightmares after a road traffic accident; avoidance and hypervigilance.',
    goals: [
      {
        description: 'Feel safe enough to talk about the accident',
        objectives: ['Use grounding skills when memories come up', 'Build a timeline of the event'],
        interventions: 'Stabilisation; grounding techniques',
        measure: 'Self-rated distress (0-10) when recalling the event',
      },
      {
        description: 'Fewer nightmares and better sleep',
        objectives: ['Keep a sleep and nightmare diary', 'Practise imagery rehearsal'],
        interventions: 'Imagery rehearsal; sleep hygiene',
        measure: 'Nightmares per week',
      },
      {
        description: 'Drive on the ring road again',
        objectives: ['Passenger journeys first', 'Short drives at quiet times'],
        interventions: 'Trauma-focused CBT; graded exposure',
        measure: 'Journeys completed per week',
      },
    ],
  },
  grief: {
    title: 'Bereavement',
    problems: 'Grief after the death of a parent; guilt, low mood and difficulty returning to work.',
    goals: [
      {
        description: 'Make sense of the loss and the feelings around it',
        objectives: ['Write a letter to the person who died', 'Talk about the last months together'],
        interventions: 'Grief counselling; continuing bonds',
        measure: 'Client’s own rating of how they are coping',
      },
      {
        description: 'Return to work on a phased plan',
        objectives: ['Agree a phased return with the employer', 'Plan for difficult dates'],
        interventions: 'Problem solving; planning for anniversaries',
        measure: 'Days at work per week',
      },
    ],
  },
  relationships: {
    title: 'Relationship work',
    problems: 'Frequent arguments, difficulty talking about money and parenting, feeling unheard.',
    goals: [
      {
        description: 'Argue less and repair sooner afterwards',
        objectives: ['Use an agreed time-out signal', 'Hold a weekly check-in'],
        interventions: 'Communication skills; emotionally focused work',
        measure: 'Arguments per week',
      },
      {
        description: 'Make joint decisions about money',
        objectives: ['Agree a monthly budget meeting', 'Each names one priority'],
        interventions: 'Problem solving; negotiation skills',
        measure: 'Budget meetings held',
      },
    ],
  },
  stress: {
    title: 'Work stress',
    problems: 'Long hours, difficulty switching off, headaches and poor sleep.',
    goals: [
      {
        description: 'Set limits on working hours',
        objectives: ['Finish by 6 pm four days a week', 'Take a lunch break away from the desk'],
        interventions: 'Values work; assertiveness practice',
        measure: 'Hours worked per week',
      },
      {
        description: 'Wind down in the evenings',
        objectives: ['Daily relaxation practice', 'Phone off after 9 pm'],
        interventions: 'Relaxation training; sleep hygiene',
        measure: 'Self-rated stress (0-10) below 5',
      },
    ],
  },
};

const FREQUENCY: Readonly<Record<7 | 14, string>> = {
  7: 'Weekly, 50 minutes',
  14: 'Every two weeks, 50 minutes',
};

interface PlannedPlan {
  client: GeneratedClient;
  version: number;
  createdAt: number;
  current: boolean;
  goals: readonly GoalIdea[];
}

/** The plans of one client: one to three versions spread over the care so far, the newest current. */
function planVersions(rng: Rng, client: GeneratedClient, base: number): PlannedPlan[] {
  const care = client.care!;
  const first = care.start + rng.int(0, 2) * DAY;
  const span = Math.max(0, Math.min(care.end, base - DAY) - first);
  const versions = Math.min(rng.int(1, 3), 1 + Math.floor(span / (10 * WEEK)));
  const ideas = PLANS[care.concern].goals;
  const goals = rng.some(ideas, rng.int(2, ideas.length));
  return Array.from({ length: versions }, (_, i) => ({
    client,
    version: i + 1,
    createdAt: first + Math.floor((span * i) / versions) + rng.int(9, 17) * 3_600_000,
    current: i === versions - 1,
    goals,
  }));
}

/** Later versions move the goals on; the last version of a discharged client has them mostly achieved. */
function goalStatus(rng: Rng, plan: PlannedPlan, versions: number): GoalStatus {
  const ended = !plan.client.care!.ongoing && plan.version === versions;
  if (ended) return rng.chance(0.7) ? 'achieved' : rng.chance(0.5) ? 'in progress' : 'discontinued';
  if (plan.version === 1) return rng.chance(0.6) ? 'in progress' : 'not started';
  return rng.chance(0.3) ? 'achieved' : 'in progress';
}

function progressFor(status: GoalStatus, rng: Rng): TreatmentGoalProgressLevel {
  if (status === 'achieved') return 'achieved';
  if (status === 'not started') return 'not started';
  return rng.pick(['some progress', 'good progress', 'some progress', 'no change', 'worse'] as const);
}

/**
 * Treatment plans for every client whose care has begun: a numbered history of one to three versions per client
 * (consecutive from 1, each based on the one before, exactly one current: the newest), two or three goals with
 * objectives per version, and a review or two: of the version before the current one (which led to it) and of the current.
 */
export async function generateTreatmentPlans(g: ClinicalGeneration): Promise<void> {
  const { rng, db, practiceId } = g;
  const byClient = g.clients
    .filter((c) => c.care && c.care.start <= g.base - WEEK)
    .map((client) => planVersions(rng, client, g.base));
  const plans = byClient.flat();
  const versionsOf = new Map(byClient.map((list) => [list[0]!.client.id, list.length]));
  const planIds = new Map<PlannedPlan, number>();
  const previous = new Map<number, PlannedPlan>();
  // Version by version, so each new version can name the one it was edited from.
  for (let version = 1; version <= 3; version += 1) {
    const batch = plans.filter((p) => p.version === version);
    const ids = await insertRowsReturningIds(
      db,
      treatmentPlans,
      batch.map((p) => {
        const care = p.client.care!;
        const before = previous.get(p.client.id);
        return {
          practiceId,
          clientId: p.client.id,
          treatmentPlanVersion: p.version,
          isCurrentVersion: p.current,
          title: `${PLANS[care.concern].title}${p.version > 1 ? ` (review ${p.version - 1})` : ''}`,
          problems: PLANS[care.concern].problems,
          startDate: isoDay(care.start),
          reviewDate: isoDay(p.createdAt + 12 * WEEK),
          basedOnPlanId: before ? planIds.get(before)! : null,
          createdBy: p.client.therapistId,
          createdAt: new Date(p.createdAt),
          updatedAt: new Date(p.createdAt),
        };
      }),
    );
    batch.forEach((p, i) => {
      planIds.set(p, ids[i]!);
      previous.set(p.client.id, p);
    });
  }

  const goalRows: (typeof treatmentPlanGoals.$inferInsert)[] = [];
  const goalsOf = new Map<PlannedPlan, { index: number; status: GoalStatus }[]>();
  for (const plan of plans) {
    const versions = versionsOf.get(plan.client.id)!;
    const list = plan.goals.map((idea, position) => {
      const status = goalStatus(rng, plan, versions);
      const target = plan.createdAt + rng.int(12, 24) * WEEK;
      const objectives: StoredObjective[] = idea.objectives.map((description) => ({
        description,
        targetDate: isoDay(target - 4 * WEEK),
        achieved: status === 'achieved' || (status === 'in progress' && rng.chance(0.4)),
      }));
      goalRows.push({
        practiceId,
        planId: planIds.get(plan)!,
        position,
        description: idea.description,
        objectives,
        interventions: idea.interventions,
        frequency: FREQUENCY[plan.client.care!.cadenceDays],
        targetDate: isoDay(target),
        measure: idea.measure,
        status,
        createdAt: new Date(plan.createdAt),
        updatedAt: new Date(plan.createdAt),
      });
      return { index: goalRows.length - 1, status };
    });
    goalsOf.set(plan, list);
  }
  const goalIds = await insertRowsReturningIds(db, treatmentPlanGoals, goalRows);

  const review = (plan: PlannedPlan, day: number, outcome: TreatmentReviewOutcome) => {
    const goalProgress: StoredGoalProgress[] = goalsOf.get(plan)!.map(({ index, status }) => ({
      goalId: goalIds[index]!,
      goal: goalRows[index]!.description,
      progress: progressFor(status, rng),
      comment: '',
    }));
    return {
      practiceId,
      clientId: plan.client.id,
      planId: planIds.get(plan)!,
      treatmentPlanVersionReviewed: plan.version,
      reviewDate: isoDay(day),
      goalProgress,
      outcome,
      summary:
        outcome === 'revise'
          ? 'Goals reviewed together; the plan is updated to reflect progress so far.'
          : 'Reviewed with the client, who feels the work is on track.',
      nextReviewDate: outcome === 'continue' || outcome === 'revise' ? isoDay(day + 12 * WEEK) : null,
      createdBy: plan.client.therapistId,
      createdAt: new Date(day + 17 * 3_600_000),
      updatedAt: new Date(day + 17 * 3_600_000),
    };
  };
  const reviews: (typeof treatmentPlanReviews.$inferInsert)[] = [];
  for (const list of byClient) {
    const current = list[list.length - 1]!;
    const before = list[list.length - 2];
    if (before) reviews.push(review(before, current.createdAt - DAY, 'revise'));
    const care = current.client.care!;
    const day = Math.min(current.createdAt + 12 * WEEK, care.end, g.base - DAY);
    if (day - current.createdAt >= 6 * WEEK && (!before || rng.chance(0.4))) {
      const outcome: TreatmentReviewOutcome = care.ongoing ? 'continue' : rng.pick(['completed', 'discharge'] as const);
      reviews.push(review(current, day, outcome));
    }
  }
  await insertRows(db, treatmentPlanReviews, reviews);
}
