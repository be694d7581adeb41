import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';
import { idParam, messageSchema, textOf, versionField } from './common';
import { DATE_RANGES, dateInRange, dateOrder, optionalDateInRange } from '../dates';

/**
 * A client's risk (SPEC.md §3, §7): risk assessments and safety plans are versioned (every save is a new version, older
 * versions stay readable by id, the newest is current), and the risk log lists incidents and concerns with the action
 * taken. Admin and Therapist only (SPEC.md §6; an Assistant never receives risk content, QUALITY.md security 9).
 */

export const RISK_ASSESSMENT_LEVELS = ['none', 'low', 'medium', 'high'] as const;
export type RiskAssessmentLevel = (typeof RISK_ASSESSMENT_LEVELS)[number];
export const RISK_ASSESSMENT_LEVEL_LABELS: Readonly<Record<RiskAssessmentLevel, string>> = {
  none: 'No known risk',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** The areas a risk assessment covers (CATALOG.md: risk and protective factors by area). */
export const RISK_AREAS = [
  'suicide',
  'self-harm',
  'harm to others',
  'harm from others',
  'self-neglect',
  'substance use',
  'other',
] as const;
export type RiskArea = (typeof RISK_AREAS)[number];
export const RISK_AREA_LABELS: Readonly<Record<RiskArea, string>> = {
  suicide: 'Suicide',
  'self-harm': 'Self-harm',
  'harm to others': 'Harm to others',
  'harm from others': 'Harm from others (safeguarding)',
  'self-neglect': 'Self-neglect',
  'substance use': 'Substance use',
  other: 'Other',
};

/** How a level ranks: an overall level below the highest area's rank needs a reason. */
export const RISK_LEVEL_RANK: Readonly<Record<RiskAssessmentLevel, number>> = { none: 0, low: 1, medium: 2, high: 3 };

/** The highest level among the assessed areas ("none" when there is none). */
export function highestAreaLevel(areas: readonly { level: RiskAssessmentLevel }[]): RiskAssessmentLevel {
  return areas.reduce<RiskAssessmentLevel>(
    (top, a) => (RISK_LEVEL_RANK[a.level] > RISK_LEVEL_RANK[top] ? a.level : top),
    'none',
  );
}

/**
 * What the server answers about risk assessments, the risk log and safety plans (deletions: SPEC.md §8, word for word).
 */
export const RISK_MESSAGES = {
  assessmentNotFound: 'Risk assessment not found.',
  itemNotFound: 'Risk item not found.',
  safetyPlanNotFound: 'Safety plan not found.',
  assessmentNewer:
    'Someone saved a newer version of this risk assessment since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
  safetyPlanNewer:
    'Someone saved a newer version of this safety plan since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
  itemChanged:
    'This risk item was changed elsewhere since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
  assessmentDeleted: 'Risk assessment was successfully deleted.',
  itemDeleted: 'Risk item was successfully deleted.',
  safetyPlanDeleted: 'Safety plan was successfully deleted.',
} as const;

/**
 * What a risk assessment or safety plan needs before it saves: the same sentences on the server (400) and in the forms
 * (SPEC.md §8 style: say what to fix).
 */
export const RISK_RULE_MESSAGES = {
  assessmentNoArea: 'Add at least one area of risk with its level (for example Suicide: Low) before saving.',
  assessmentNoPlan: 'Write the management plan: what will be done about this risk, by whom and when.',
  overallReasonMissing:
    "The overall level is lower than an area's level: give the reason for the overall level, or raise it.",
  safetyPlanNoWarningSign: 'Add at least one warning sign: what tells the client a crisis may be coming.',
  safetyPlanNoContact:
    'Add at least one person or service to contact in a crisis (who to ask for help, or professionals and crisis lines).',
} as const;

export const RISK_SEVERITIES = ['low', 'medium', 'high'] as const;
export type RiskSeverity = (typeof RISK_SEVERITIES)[number];

export const RISK_ITEM_CATEGORIES = [
  'suicidal ideation',
  'self-harm',
  'harm to others',
  'safeguarding',
  'substance use',
  'missed contact',
  'other',
] as const;
export type RiskItemCategory = (typeof RISK_ITEM_CATEGORIES)[number];
export const RISK_ITEM_CATEGORY_LABELS: Readonly<Record<RiskItemCategory, string>> = {
  'suicidal ideation': 'Suicidal ideation',
  'self-harm': 'Self-harm',
  'harm to others': 'Harm to others',
  safeguarding: 'Safeguarding',
  'substance use': 'Substance use',
  'missed contact': 'Missed contact',
  other: 'Other',
};

export const RISK_ITEM_STATUSES = ['open', 'closed'] as const;
export type RiskItemStatus = (typeof RISK_ITEM_STATUSES)[number];

/** When to look at it again: empty or null for no date. */
const reviewDate = (label: string) =>
  optionalDateInRange(label, DATE_RANGES.review).transform((value) => value ?? null);

function optionalText(max: number) {
  return textOf(max, { error: 'Enter text.' })
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => value ?? '');
}

function requiredText(max: number, missing: string) {
  return textOf(max, { error: missing }).trim().min(1, missing).max(max, `Use at most ${max} characters.`);
}

/** The newest version number the form was opened on (0 when there was none): a newer save meanwhile answers 409. */
const expectedCurrentVersionField = z
  .number({ error: 'Reload and try again.' })
  .int('Reload and try again.')
  .min(0, 'Reload and try again.');

// ---- risk assessments -----------------------------------------------------------------------------------------------

export const riskAreaSchema = z.object({
  area: z.enum(RISK_AREAS),
  level: z.enum(RISK_ASSESSMENT_LEVELS),
  riskFactors: z.string(),
  protectiveFactors: z.string(),
});
export type RiskAreaAssessment = z.infer<typeof riskAreaSchema>;

export const riskAreaInputSchema = z.strictObject({
  area: z.enum(RISK_AREAS, { error: 'Choose an area from the list.' }),
  level: z.enum(RISK_ASSESSMENT_LEVELS, { error: 'Choose the level of risk in this area.' }),
  riskFactors: optionalText(4000),
  protectiveFactors: optionalText(4000),
});
export type RiskAreaInput = z.input<typeof riskAreaInputSchema>;

export const riskAssessmentSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  version: z.number(),
  isCurrent: z.boolean(),
  assessedOn: z.string(),
  areas: z.array(riskAreaSchema),
  overallLevel: z.enum(RISK_ASSESSMENT_LEVELS),
  /** Why the overall level is below the highest area's level ('' when it is not). */
  overallLevelReason: z.string(),
  protectiveFactors: z.string(),
  managementPlan: z.string(),
  nextReviewDate: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type RiskAssessment = z.infer<typeof riskAssessmentSchema>;

export const riskAssessmentVersionSchema = riskAssessmentSchema.pick({
  id: true,
  clientId: true,
  version: true,
  isCurrent: true,
  assessedOn: true,
  overallLevel: true,
  createdByName: true,
  createdAt: true,
});
export type RiskAssessmentVersion = z.infer<typeof riskAssessmentVersionSchema>;

export const saveRiskAssessmentBodySchema = z
  .strictObject({
    expectedCurrentVersion: expectedCurrentVersionField,
    assessedOn: dateInRange('the assessment date', DATE_RANGES.happened),
    areas: z
      .array(riskAreaInputSchema, { error: 'Send the areas as a list.' })
      .max(RISK_AREAS.length, `Assess each area at most once.`)
      .optional()
      .default([]),
    overallLevel: z.enum(RISK_ASSESSMENT_LEVELS, { error: 'Choose the overall level of risk.' }),
    overallLevelReason: optionalText(2000),
    protectiveFactors: optionalText(4000),
    managementPlan: optionalText(8000),
    nextReviewDate: reviewDate('the next review date'),
  })
  .refine(...dateOrder('nextReviewDate', 'the next review date', 'assessedOn', 'the assessment date'))
  .refine((body) => new Set(body.areas.map((a) => a.area)).size === body.areas.length, {
    message: 'Assess each area only once.',
    path: ['areas'],
  })
  .refine((body) => body.areas.length > 0, { message: RISK_RULE_MESSAGES.assessmentNoArea, path: ['areas'] })
  .refine((body) => body.overallLevel === 'none' || body.managementPlan !== '', {
    message: RISK_RULE_MESSAGES.assessmentNoPlan,
    path: ['managementPlan'],
  })
  .refine(
    (body) =>
      RISK_LEVEL_RANK[body.overallLevel] >= RISK_LEVEL_RANK[highestAreaLevel(body.areas)] ||
      body.overallLevelReason !== '',
    { message: RISK_RULE_MESSAGES.overallReasonMissing, path: ['overallLevelReason'] },
  );
export type SaveRiskAssessmentBody = z.input<typeof saveRiskAssessmentBodySchema>;

// ---- risk log -------------------------------------------------------------------------------------------------------

export const riskItemSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  date: z.string(),
  category: z.enum(RISK_ITEM_CATEGORIES),
  severity: z.enum(RISK_SEVERITIES),
  description: z.string(),
  actionTaken: z.string(),
  reviewDate: z.string().nullable(),
  status: z.enum(RISK_ITEM_STATUSES),
  closedAt: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** Send it back when you update the item; a stale one answers 409. */
  version: z.number(),
});
export type RiskItem = z.infer<typeof riskItemSchema>;

const riskItemFields = {
  date: dateInRange('the date', DATE_RANGES.happened),
  category: z.enum(RISK_ITEM_CATEGORIES, { error: 'Choose a category from the list.' }),
  severity: z.enum(RISK_SEVERITIES, { error: 'Choose the severity.' }),
  description: requiredText(4000, 'Describe what happened or what concerns you.'),
  actionTaken: optionalText(4000),
  reviewDate: reviewDate('the review date'),
  status: z.enum(RISK_ITEM_STATUSES, { error: 'Choose open or closed.' }).optional().default('open'),
};

/** A risk item is reviewed on or after the day it was logged. */
const reviewAfterDate = dateOrder('reviewDate', 'the review date', 'date', 'the date of the item');

export const createRiskItemBodySchema = z.strictObject(riskItemFields).refine(...reviewAfterDate);
export type CreateRiskItemBody = z.input<typeof createRiskItemBodySchema>;

export const updateRiskItemBodySchema = z
  .strictObject({
    ...riskItemFields,
    version: versionField('Reload the risk item and try again.'),
  })
  .refine(...reviewAfterDate);
export type UpdateRiskItemBody = z.input<typeof updateRiskItemBodySchema>;

export const setRiskItemStatusBodySchema = z.strictObject({
  status: z.enum(RISK_ITEM_STATUSES, { error: 'Choose open or closed.' }),
  version: versionField('Reload the risk item and try again.'),
});
export type SetRiskItemStatusBody = z.input<typeof setRiskItemStatusBodySchema>;

// ---- safety plans ---------------------------------------------------------------------------------------------------

export const SAFETY_PLAN_LIST_MAX = 30;

export const safetyContactSchema = z.object({ name: z.string(), contact: z.string() });
export type SafetyContact = z.infer<typeof safetyContactSchema>;

export const safetyContactInputSchema = z.strictObject({
  name: requiredText(200, 'Enter a name, or remove this row.'),
  contact: optionalText(200),
});
export type SafetyContactInput = z.input<typeof safetyContactInputSchema>;

const safetyLines = z
  .array(requiredText(1000, 'Write something here, or remove this row.'), { error: 'Send a list.' })
  .max(SAFETY_PLAN_LIST_MAX, `Use at most ${SAFETY_PLAN_LIST_MAX} rows.`)
  .optional()
  .default([]);
const safetyContacts = z
  .array(safetyContactInputSchema, { error: 'Send a list.' })
  .max(SAFETY_PLAN_LIST_MAX, `Use at most ${SAFETY_PLAN_LIST_MAX} rows.`)
  .optional()
  .default([]);

export const safetyPlanSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  version: z.number(),
  isCurrent: z.boolean(),
  warningSigns: z.array(z.string()),
  copingStrategies: z.array(z.string()),
  peopleAndPlaces: z.array(safetyContactSchema),
  helpContacts: z.array(safetyContactSchema),
  professionalContacts: z.array(safetyContactSchema),
  environmentSafety: z.array(z.string()),
  reasonsForLiving: z.array(z.string()),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type SafetyPlan = z.infer<typeof safetyPlanSchema>;

export const safetyPlanVersionSchema = safetyPlanSchema.pick({
  id: true,
  clientId: true,
  version: true,
  isCurrent: true,
  createdByName: true,
  createdAt: true,
});
export type SafetyPlanVersion = z.infer<typeof safetyPlanVersionSchema>;

/** A safety plan is not empty: it names a warning sign and someone to contact in a crisis. */
function refineSafetyPlan<
  T extends z.ZodType<{ warningSigns: string[]; helpContacts: unknown[]; professionalContacts: unknown[] }>,
>(schema: T) {
  return schema
    .refine((plan) => plan.warningSigns.length > 0, {
      message: RISK_RULE_MESSAGES.safetyPlanNoWarningSign,
      path: ['warningSigns'],
    })
    .refine((plan) => plan.helpContacts.length + plan.professionalContacts.length > 0, {
      message: RISK_RULE_MESSAGES.safetyPlanNoContact,
      path: ['helpContacts'],
    });
}

export const saveSafetyPlanBodySchema = refineSafetyPlan(
  z.strictObject({
    expectedCurrentVersion: expectedCurrentVersionField,
    warningSigns: safetyLines,
    copingStrategies: safetyLines,
    peopleAndPlaces: safetyContacts,
    helpContacts: safetyContacts,
    professionalContacts: safetyContacts,
    environmentSafety: safetyLines,
    reasonsForLiving: safetyLines,
  }),
);
export type SaveSafetyPlanBody = z.input<typeof saveSafetyPlanBodySchema>;

/**
 * The safety-plan modal's form: each line of a list is a row `{ value }` (form libraries keep rows as objects); it parses
 * to the body of `saveSafetyPlan`.
 */
const safetyLineRows = z
  .array(z.strictObject({ value: requiredText(1000, 'Write something here, or remove this row.') }), {
    error: 'Send a list.',
  })
  .max(SAFETY_PLAN_LIST_MAX, `Use at most ${SAFETY_PLAN_LIST_MAX} rows.`)
  .transform((rows) => rows.map((row) => row.value));
export const safetyPlanFormSchema = refineSafetyPlan(
  z.strictObject({
    expectedCurrentVersion: expectedCurrentVersionField,
    warningSigns: safetyLineRows,
    copingStrategies: safetyLineRows,
    peopleAndPlaces: safetyContacts,
    helpContacts: safetyContacts,
    professionalContacts: safetyContacts,
    environmentSafety: safetyLineRows,
    reasonsForLiving: safetyLineRows,
  }),
);
export type SafetyPlanFormValues = z.input<typeof safetyPlanFormSchema>;

// ---- routes ---------------------------------------------------------------------------------------------------------

const clientParams = z.strictObject({ clientId: idParam });
const idParams = z.strictObject({ id: idParam });

export const riskRoutes = defineRoutes({
  getCurrentRiskAssessment: {
    method: 'GET',
    path: '/api/clients/risk-assessment/retrieve/:clientId',
    summary: "The client's current (newest) risk assessment, or null when there is none yet",
    access: CLINICAL_ROLES,
    params: clientParams,
    response: riskAssessmentSchema.nullable(),
  },
  listRiskAssessmentVersions: {
    method: 'GET',
    path: '/api/clients/risk-assessment-versions/retrieve/:clientId',
    summary: "Every version of the client's risk assessment, newest first",
    access: CLINICAL_ROLES,
    params: clientParams,
    response: z.object({ items: z.array(riskAssessmentVersionSchema) }),
  },
  getRiskAssessment: {
    method: 'GET',
    path: '/api/clients/risk-assessment/retrieve-by-id/:id',
    summary: 'One version of a risk assessment',
    access: CLINICAL_ROLES,
    params: idParams,
    response: riskAssessmentSchema,
  },
  saveRiskAssessment: {
    method: 'POST',
    path: '/api/clients/risk-assessment/create/:clientId',
    summary:
      "Save a risk assessment as the client's new current version and set the client's risk level; 409 when a newer version was saved since expectedCurrentVersion",
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'risk_assessment' },
    params: clientParams,
    body: saveRiskAssessmentBodySchema,
    response: riskAssessmentSchema,
  },
  deleteRiskAssessment: {
    method: 'DELETE',
    path: '/api/clients/risk-assessment/:id',
    summary: "Delete a version of a risk assessment; the client's risk level follows the newest remaining version",
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'risk_assessment' },
    params: idParams,
    response: messageSchema,
  },
  listRiskLog: {
    method: 'GET',
    path: '/api/clients/risk-log/retrieve/:clientId',
    summary: "The client's risk log: open items first, then by date descending",
    access: CLINICAL_ROLES,
    params: clientParams,
    response: z.object({ items: z.array(riskItemSchema) }),
  },
  getRiskItem: {
    method: 'GET',
    path: '/api/clients/single-risk-log/retrieve/:id',
    summary: 'One risk log item',
    access: CLINICAL_ROLES,
    params: idParams,
    response: riskItemSchema,
  },
  createRiskItem: {
    method: 'POST',
    path: '/api/clients/risk-log/create/:clientId',
    summary: "Add an item to the client's risk log",
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'risk_item' },
    params: clientParams,
    body: createRiskItemBodySchema,
    response: riskItemSchema,
  },
  updateRiskItem: {
    method: 'PUT',
    path: '/api/clients/single-risk-log/:id',
    summary: 'Change a risk log item (send its version; a stale one answers 409)',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'risk_item' },
    params: idParams,
    body: updateRiskItemBodySchema,
    response: riskItemSchema,
  },
  setRiskItemStatus: {
    method: 'PATCH',
    path: '/api/clients/single-risk-log/status/:id',
    summary: 'Close or reopen a risk log item (send its version)',
    access: CLINICAL_ROLES,
    activity: { action: 'status', record: 'risk_item' },
    params: idParams,
    body: setRiskItemStatusBodySchema,
    response: riskItemSchema,
  },
  deleteRiskItem: {
    method: 'DELETE',
    path: '/api/clients/single-risk-log/:id',
    summary: 'Delete a risk log item',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'risk_item' },
    params: idParams,
    response: messageSchema,
  },
  getCurrentSafetyPlan: {
    method: 'GET',
    path: '/api/clients/safety-plan/retrieve/:clientId',
    summary: "The client's current (newest) safety plan, or null when there is none yet",
    access: CLINICAL_ROLES,
    params: clientParams,
    response: safetyPlanSchema.nullable(),
  },
  listSafetyPlanVersions: {
    method: 'GET',
    path: '/api/clients/safety-plan-versions/retrieve/:clientId',
    summary: "Every version of the client's safety plan, newest first",
    access: CLINICAL_ROLES,
    params: clientParams,
    response: z.object({ items: z.array(safetyPlanVersionSchema) }),
  },
  getSafetyPlan: {
    method: 'GET',
    path: '/api/clients/safety-plan/retrieve-by-id/:id',
    summary: 'One version of a safety plan',
    access: CLINICAL_ROLES,
    params: idParams,
    response: safetyPlanSchema,
  },
  saveSafetyPlan: {
    method: 'POST',
    path: '/api/clients/safety-plan/create/:clientId',
    summary:
      "Save a safety plan as the client's new current version; 409 when a newer version was saved since expectedCurrentVersion",
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'safety_plan' },
    params: clientParams,
    body: saveSafetyPlanBodySchema,
    response: safetyPlanSchema,
  },
  deleteSafetyPlan: {
    method: 'DELETE',
    path: '/api/clients/safety-plan/:id',
    summary: 'Delete a version of a safety plan',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'safety_plan' },
    params: idParams,
    response: messageSchema,
  },
});
