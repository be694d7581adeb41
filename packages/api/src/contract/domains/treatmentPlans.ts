import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';
import { idField, idParam, messageSchema, textOf, versionField } from './common';
import { DATE_RANGES, dateInRange, dateOrder, optionalDateInRange } from '../dates';

/**
 * A client's treatment plans (SPEC.md §3, §4, §5, §7): one numbered history of plan versions per client, at most one of
 * them current, each with goals (objectives, interventions, frequency, target date, measure, status), and reviews of a
 * version (per-goal progress, outcome, next review date). Admin and Therapist only (SPEC.md §6).
 */

/** What the server answers about treatment plans, goals and reviews (the plan deletion: SPEC.md §8, word for word). */
export const TREATMENT_PLAN_MESSAGES = {
  planNotFound: 'Treatment plan not found.',
  goalNotFound: 'Goal not found.',
  reviewNotFound: 'Treatment plan review not found.',
  newerVersion:
    'Someone saved a newer version of this treatment plan since you opened it. Nothing was saved: copy your changes, reload the plan, and apply them again.',
  goalChanged:
    'This goal was changed elsewhere since you opened it. Nothing was saved: copy your changes, reload, and apply them again.',
  goalVersionMissing: 'Send the version of the goal you are changing (reload it and try again).',
  reviewGoalUnknown:
    'Progress was given for a goal that is not part of this plan version. Reload the plan and try again.',
  deleted: 'Treatment plan was successfully deleted.',
  goalDeleted: 'Goal removed.',
  reviewDeleted: 'Treatment plan review deleted.',
} as const;

// ---- fields ---------------------------------------------------------------------------------------------------------

/** An optional date of a plan (start, review, target): empty or null clears it. */
const planDate = (label: string) => optionalDateInRange(label, DATE_RANGES.plan).transform((value) => value ?? null);

function requiredText(max: number, missing: string) {
  return textOf(max, { error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters.`);
}

function optionalText(max: number) {
  return textOf(max, { error: 'Enter text.' })
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');
}

// ---- goals ----------------------------------------------------------------------------------------------------------

export const TREATMENT_GOAL_STATUSES = ['not started', 'in progress', 'achieved', 'discontinued'] as const;
export type TreatmentGoalStatus = (typeof TREATMENT_GOAL_STATUSES)[number];
export const TREATMENT_GOAL_STATUS_LABELS: Readonly<Record<TreatmentGoalStatus, string>> = {
  'not started': 'Not started',
  'in progress': 'In progress',
  achieved: 'Achieved',
  discontinued: 'Discontinued',
};

export const TREATMENT_PLAN_GOALS_MAX = 20;
export const TREATMENT_GOAL_OBJECTIVES_MAX = 20;

export const treatmentObjectiveInputSchema = z.strictObject({
  description: requiredText(1000, 'Describe the objective, or remove it.'),
  targetDate: planDate('the target date'),
  achieved: z.boolean({ error: 'Choose whether it is achieved.' }).optional().default(false),
});
export type TreatmentObjectiveInput = z.input<typeof treatmentObjectiveInputSchema>;

export const treatmentGoalInputSchema = z.strictObject({
  description: requiredText(1000, 'Describe the goal, or remove it.'),
  objectives: z
    .array(treatmentObjectiveInputSchema, { error: 'Send the objectives as a list.' })
    .max(TREATMENT_GOAL_OBJECTIVES_MAX, `A goal has at most ${TREATMENT_GOAL_OBJECTIVES_MAX} objectives.`)
    .optional()
    .default([]),
  interventions: optionalText(2000),
  frequency: optionalText(200),
  targetDate: planDate('the target date'),
  measure: optionalText(500),
  status: z
    .enum(TREATMENT_GOAL_STATUSES, { error: 'Choose a status from the list.' })
    .optional()
    .default('not started'),
});
export type TreatmentGoalInput = z.input<typeof treatmentGoalInputSchema>;

export const treatmentObjectiveSchema = z.object({
  description: z.string(),
  targetDate: z.string().nullable(),
  achieved: z.boolean(),
});
export type TreatmentObjective = z.infer<typeof treatmentObjectiveSchema>;

export const treatmentGoalSchema = z.object({
  id: z.number(),
  planId: z.number(),
  position: z.number(),
  description: z.string(),
  objectives: z.array(treatmentObjectiveSchema),
  interventions: z.string(),
  frequency: z.string(),
  targetDate: z.string().nullable(),
  measure: z.string(),
  status: z.enum(TREATMENT_GOAL_STATUSES),
  /** Send it back when you update the goal; a stale one answers 409. */
  version: z.number(),
});
export type TreatmentGoal = z.infer<typeof treatmentGoalSchema>;

// ---- plans ----------------------------------------------------------------------------------------------------------

/** A plan version as lists show it (SPEC.md §3 names). */
export const treatmentPlanSummarySchema = z.object({
  id: z.number(),
  clientId: z.number(),
  treatmentPlanVersion: z.number(),
  /** When this version was saved (ISO date-time). */
  treatmentPlanCreationDate: z.string(),
  isCurrentVersion: z.boolean(),
  title: z.string(),
  startDate: z.string().nullable(),
  reviewDate: z.string().nullable(),
  goalCount: z.number(),
  createdByName: z.string().nullable(),
  basedOnPlanId: z.number().nullable(),
  version: z.number(),
});
export type TreatmentPlanSummary = z.infer<typeof treatmentPlanSummarySchema>;

/** A plan version with its goals and their objectives, interventions, frequency and target dates. */
export const treatmentPlanSchema = treatmentPlanSummarySchema.extend({
  problems: z.string(),
  notes: z.string(),
  goals: z.array(treatmentGoalSchema),
});
export type TreatmentPlan = z.infer<typeof treatmentPlanSchema>;

export const treatmentPlanListSchema = z.object({ items: z.array(treatmentPlanSummarySchema) });
export type TreatmentPlanList = z.infer<typeof treatmentPlanListSchema>;

const planFields = {
  title: requiredText(200, 'Enter a title for the plan.'),
  problems: optionalText(4000),
  startDate: planDate('the start date'),
  reviewDate: planDate('the review date'),
  notes: optionalText(4000),
  goals: z
    .array(treatmentGoalInputSchema, { error: 'Send the goals as a list.' })
    .max(TREATMENT_PLAN_GOALS_MAX, `A plan has at most ${TREATMENT_PLAN_GOALS_MAX} goals.`)
    .optional()
    .default([]),
  /** Make this version the client's current plan (every other plan of the client stops being current). */
  markCurrent: z.boolean({ error: 'Choose whether this is the current plan.' }).optional().default(true),
};

/** treatment-plan: a new plan (the next version number of the client's history). */
/** A plan is reviewed on or after it starts. */
const reviewAfterStart = dateOrder('reviewDate', 'the review date', 'startDate', 'the start date');

export const createTreatmentPlanBodySchema = z.strictObject(planFields).refine(...reviewAfterStart);
export type CreateTreatmentPlanBody = z.input<typeof createTreatmentPlanBodySchema>;

/** Newest version number of the client's plans when the editor opened: a newer save meanwhile answers 409. */
const expectedLatestVersionField = z
  .number({ error: 'Reload the plan and try again.' })
  .int('Reload the plan and try again.')
  .min(0, 'Reload the plan and try again.');

/** treatment-plan-editor: the edited plan saved as a new version; the plan it was edited from stays as it was. */
export const createTreatmentPlanVersionBodySchema = z
  .strictObject({
    ...planFields,
    expectedLatestVersion: expectedLatestVersionField,
  })
  .refine(...reviewAfterStart);
export type CreateTreatmentPlanVersionBody = z.input<typeof createTreatmentPlanVersionBodySchema>;

/** treatment-plan-goal: one goal added to a plan version or changed in place. */
export const saveTreatmentPlanGoalBodySchema = treatmentGoalInputSchema.extend({
  /** Only when updating: the goal's `version` as read. */
  version: versionField('Reload the goal and try again.').optional(),
});
export type SaveTreatmentPlanGoalBody = z.input<typeof saveTreatmentPlanGoalBodySchema>;

// ---- reviews --------------------------------------------------------------------------------------------------------

export const TREATMENT_GOAL_PROGRESS_LEVELS = [
  'not started',
  'worse',
  'no change',
  'some progress',
  'good progress',
  'achieved',
] as const;
export type TreatmentGoalProgressLevel = (typeof TREATMENT_GOAL_PROGRESS_LEVELS)[number];
export const TREATMENT_GOAL_PROGRESS_LABELS: Readonly<Record<TreatmentGoalProgressLevel, string>> = {
  'not started': 'Not started',
  worse: 'Worse',
  'no change': 'No change',
  'some progress': 'Some progress',
  'good progress': 'Good progress',
  achieved: 'Achieved',
};

export const TREATMENT_REVIEW_OUTCOMES = ['continue', 'revise', 'completed', 'discharge', 'refer'] as const;
export type TreatmentReviewOutcome = (typeof TREATMENT_REVIEW_OUTCOMES)[number];
export const TREATMENT_REVIEW_OUTCOME_LABELS: Readonly<Record<TreatmentReviewOutcome, string>> = {
  continue: 'Continue the plan as it is',
  revise: 'Revise the plan',
  completed: 'Goals met: plan completed',
  discharge: 'Discharge',
  refer: 'Refer on',
};

export const treatmentGoalProgressSchema = z.object({
  goalId: z.number().nullable(),
  goal: z.string(),
  progress: z.enum(TREATMENT_GOAL_PROGRESS_LEVELS),
  comment: z.string(),
});
export type TreatmentGoalProgress = z.infer<typeof treatmentGoalProgressSchema>;

export const treatmentPlanReviewSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  /** The plan version reviewed; null when that version was deleted later. */
  planId: z.number().nullable(),
  treatmentPlanVersionReviewed: z.number(),
  reviewDate: z.string(),
  goalProgress: z.array(treatmentGoalProgressSchema),
  outcome: z.enum(TREATMENT_REVIEW_OUTCOMES),
  summary: z.string(),
  nextReviewDate: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type TreatmentPlanReview = z.infer<typeof treatmentPlanReviewSchema>;

export const treatmentPlanReviewListSchema = z.object({ items: z.array(treatmentPlanReviewSchema) });
export type TreatmentPlanReviewList = z.infer<typeof treatmentPlanReviewListSchema>;

export const treatmentGoalProgressInputSchema = z.strictObject({
  goalId: idField('Choose a goal of the plan.'),
  progress: z.enum(TREATMENT_GOAL_PROGRESS_LEVELS, { error: 'Choose the progress for this goal.' }),
  comment: optionalText(2000),
});
export type TreatmentGoalProgressInput = z.input<typeof treatmentGoalProgressInputSchema>;

/** treatment-plan-review: a review of one plan version. */
export const createTreatmentPlanReviewBodySchema = z
  .strictObject({
    reviewDate: dateInRange('the review date', DATE_RANGES.happened),
    goalProgress: z
      .array(treatmentGoalProgressInputSchema, { error: 'Send the progress of each goal as a list.' })
      .max(TREATMENT_PLAN_GOALS_MAX, `A plan has at most ${TREATMENT_PLAN_GOALS_MAX} goals.`)
      .optional()
      .default([]),
    outcome: z.enum(TREATMENT_REVIEW_OUTCOMES, { error: 'Choose the outcome of the review.' }),
    summary: optionalText(4000),
    nextReviewDate: optionalDateInRange('the next review date', DATE_RANGES.review).transform((value) => value ?? null),
  })
  .refine(...dateOrder('nextReviewDate', 'the next review date', 'reviewDate', 'the review date'));
export type CreateTreatmentPlanReviewBody = z.input<typeof createTreatmentPlanReviewBodySchema>;

// ---- routes ---------------------------------------------------------------------------------------------------------

const clientParams = z.strictObject({ clientId: idParam });
const planParams = z.strictObject({ planId: idParam });

export const treatmentPlansRoutes = defineRoutes({
  listTreatmentPlans: {
    method: 'GET',
    path: '/api/clients/treatment-plan-list/retrieve/:clientId',
    summary: "The client's plan versions, version descending then creation date descending (SPEC.md §5)",
    access: CLINICAL_ROLES,
    params: clientParams,
    response: treatmentPlanListSchema,
  },
  getTreatmentPlanSummary: {
    method: 'GET',
    path: '/api/clients/treatment-plan-list/retrieve-single-plan/:planId',
    summary: 'One plan version as the list shows it',
    access: CLINICAL_ROLES,
    params: planParams,
    response: treatmentPlanSummarySchema,
  },
  getTreatmentPlan: {
    method: 'GET',
    path: '/api/clients/treatment-plan/retrieve/:planId',
    summary: 'One plan version with its goals, objectives, interventions, frequency and target dates',
    access: CLINICAL_ROLES,
    params: planParams,
    response: treatmentPlanSchema,
  },
  createTreatmentPlan: {
    method: 'POST',
    path: '/api/clients/treatment-plan/create/:clientId',
    summary: "A new plan: the next version of the client's plans; current unless markCurrent is false",
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'treatment_plan' },
    params: clientParams,
    body: createTreatmentPlanBodySchema,
    response: treatmentPlanSchema,
  },
  createTreatmentPlanVersion: {
    method: 'POST',
    path: '/api/clients/treatment-plan/new-version/:planId',
    summary:
      'Save an edit of this plan as a new version (the plan itself is unchanged); 409 when a newer version was saved since expectedLatestVersion',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'treatment_plan' },
    params: planParams,
    body: createTreatmentPlanVersionBodySchema,
    response: treatmentPlanSchema,
  },
  setCurrentTreatmentPlan: {
    method: 'PUT',
    path: '/api/clients/treatment-plan/current/:planId',
    summary: "Make this version the client's current plan; every other plan of the client stops being current",
    access: CLINICAL_ROLES,
    activity: { action: 'current', record: 'treatment_plan' },
    params: planParams,
    response: treatmentPlanSummarySchema,
  },
  deleteTreatmentPlan: {
    method: 'DELETE',
    path: '/api/clients/treatment-plan/:planId',
    summary: 'Delete a plan version; when it was current, the newest remaining version becomes current',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'treatment_plan' },
    params: planParams,
    response: messageSchema,
  },
  addTreatmentPlanGoal: {
    method: 'POST',
    path: '/api/clients/treatment-plan/goals/:planId',
    summary: 'Add a goal to a plan version',
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'treatment_goal', target: 'treatment_plan' },
    params: planParams,
    body: saveTreatmentPlanGoalBodySchema,
    response: treatmentGoalSchema,
  },
  updateTreatmentPlanGoal: {
    method: 'PUT',
    path: '/api/clients/treatment-plan-goal/:goalId',
    summary: 'Change a goal in place (send its version; a stale one answers 409)',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'treatment_goal' },
    params: z.strictObject({ goalId: idParam }),
    body: saveTreatmentPlanGoalBodySchema,
    response: treatmentGoalSchema,
  },
  deleteTreatmentPlanGoal: {
    method: 'DELETE',
    path: '/api/clients/treatment-plan-goal/:goalId',
    summary: 'Remove a goal from its plan version',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'treatment_goal' },
    params: z.strictObject({ goalId: idParam }),
    response: messageSchema,
  },
  listTreatmentPlanReviews: {
    method: 'GET',
    path: '/api/clients/treatment-plan-review-list/retrieve/:clientId',
    summary: "The client's plan reviews, version reviewed descending then id descending (SPEC.md §5)",
    access: CLINICAL_ROLES,
    params: clientParams,
    response: treatmentPlanReviewListSchema,
  },
  getTreatmentPlanReview: {
    method: 'GET',
    path: '/api/clients/treatment-plan-review/retrieve/:reviewId',
    summary: 'One plan review',
    access: CLINICAL_ROLES,
    params: z.strictObject({ reviewId: idParam }),
    response: treatmentPlanReviewSchema,
  },
  createTreatmentPlanReview: {
    method: 'POST',
    path: '/api/clients/treatment-plan/reviews/:planId',
    summary: 'Record a review of a plan version: per-goal progress, outcome, next review date',
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'plan_review', target: 'treatment_plan' },
    params: planParams,
    body: createTreatmentPlanReviewBodySchema,
    response: treatmentPlanReviewSchema,
  },
  deleteTreatmentPlanReview: {
    method: 'DELETE',
    path: '/api/clients/treatment-plan-review/:reviewId',
    summary: 'Delete a plan review',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'plan_review' },
    params: z.strictObject({ reviewId: idParam }),
    response: messageSchema,
  },
});
