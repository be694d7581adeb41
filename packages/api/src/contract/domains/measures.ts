import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';
import { emailField, idParam, longText, messageSchema, text, textOf, tokenField, versionField } from './common';
import { DATE_RANGES, dateInRange } from '../dates';
import { MEASURE_CODES, MEASURES, answerProblems, type MeasureCode } from './measureDefinitions';

export * from './measureDefinitions';

/**
 * Outcome measures, a client's assessments and insights, the initial assessment, clinical profile and diagnosis
 * (SPEC.md §3, §4 "Assessment: saved as draft or submitted", §7 Clients). Clinical content: Admin and Therapist only.
 */

const clientIdParams = z.strictObject({ clientId: idParam });
const idParams = z.strictObject({ id: idParam });

/** Optional long free text; an empty string clears it (answers null). */
function clinicalText(max: number, label: string) {
  return textOf(max, { error: `Enter ${label} as text.` })
    .trim()
    .max(max, `Use at most ${max} characters for ${label}.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
}

const versionOpened = versionField('Send the version you opened.');

/** The longest text of each field: the schemas below refuse more, and the forms stop there (`maxLength`). */
export const MEASURE_TEXT_MAX = {
  notes: 5000,
  initialAssessmentSection: 10_000,
  clinicalProfileSection: 20_000,
  diagnosisCode: 20,
  diagnosis: 300,
} as const;

export const measureCodeField = z.enum(MEASURE_CODES, { error: 'Choose one of the listed measures.' });

/**
 * What the server answers about measures, the initial assessment and the clinical profile; the public measure page
 * shows the link sentences too.
 */
export const MEASURES_MESSAGES = {
  assessmentNotFound: 'Assessment not found.',
  scheduleNotFound: 'Scheduled measure not found.',
  sectionNotFound: 'Clinical profile section not found.',
  diagnosisNotFound: 'Diagnosis not found.',
  assessmentStale:
    'This assessment was changed elsewhere since you opened it. Note your answers, reload, and apply them again.',
  submittedFinal: 'This assessment was submitted and can no longer be changed. Record a new one instead.',
  initialStale:
    'The initial assessment was changed elsewhere since you opened it. Copy your text, reload, and apply it again.',
  sectionStale: 'This section was changed elsewhere since you opened it. Copy your text, reload, and apply it again.',
  diagnosisStale: 'This diagnosis was changed elsewhere since you opened it. Reload and apply your change again.',
  noEmail:
    "This client has no e-mail address. Add one in the client's details, or enter the address to send the link to.",
  linkInvalid:
    'This link is not valid. Please check that you copied the whole address, or ask your therapist for a new link.',
  linkUsed:
    'This questionnaire has already been completed with this link. Thank you. If you need to fill it in again, please ask your therapist for a new link.',
  linkExpired: 'This link has expired. Please ask your therapist to send you a new one.',
  thanks: 'Thank you. Your answers have been sent to your therapist.',
  deleted: 'Assessment was successfully deleted.',
  scheduleCancelled: 'Scheduled measure stopped.',
  diagnosisDeleted: 'Diagnosis removed.',
  diagnosisMissing: 'Enter the diagnosis.',
} as const;

// ---- assessments ----------------------------------------------------------------------------------------------------

export const ASSESSMENT_STATUSES = ['draft', 'submitted'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
export const ASSESSMENT_SOURCES = ['therapist', 'client'] as const;

const bandSchema = z.object({ label: z.string(), level: z.number().int() });

export const assessmentSummarySchema = z.object({
  id: z.number(),
  clientId: z.number(),
  measure: measureCodeField,
  status: z.enum(ASSESSMENT_STATUSES),
  /** Null for a draft with unanswered items. */
  score: z.number().nullable(),
  band: bandSchema.nullable(),
  aboveCutoff: z.boolean().nullable(),
  /** The day the measure was completed (YYYY-MM-DD). */
  completedOn: z.string(),
  /** `client`: the client filled it in through a link. */
  source: z.enum(ASSESSMENT_SOURCES),
  riskFlags: z.array(z.string()),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssessmentSummary = z.infer<typeof assessmentSummarySchema>;

export const assessmentSchema = assessmentSummarySchema.extend({
  answers: z.array(z.number().nullable()),
  notes: z.string().nullable(),
});
export type Assessment = z.infer<typeof assessmentSchema>;

const answersField = z
  .array(z.number({ error: 'Each answer is a number or null.' }).int().min(0).max(10).nullable(), {
    error: 'Send the answers as a list.',
  })
  .max(40, 'Too many answers.');

/** Answers checked against the chosen measure: right count, listed values, and all answered to submit. */
function checkAnswers(
  value: { measure: MeasureCode; answers: readonly (number | null)[]; status: AssessmentStatus },
  ctx: z.RefinementCtx,
) {
  for (const problem of answerProblems(value.measure, value.answers, { complete: value.status === 'submitted' })) {
    ctx.addIssue({
      code: 'custom',
      message: problem.message,
      path: problem.index < 0 ? ['answers'] : ['answers', problem.index],
    });
  }
}

export const createAssessmentBodySchema = z
  .strictObject({
    measure: measureCodeField,
    status: z.enum(ASSESSMENT_STATUSES, { error: 'Choose draft or submitted.' }),
    answers: answersField,
    completedOn: dateInRange('the date it was completed', DATE_RANGES.happened).optional(),
    notes: clinicalText(MEASURE_TEXT_MAX.notes, 'the notes'),
  })
  .superRefine((value, ctx) => {
    // The server checks again with the same rule, after it has found the client.
    if (value.answers.length === MEASURES[value.measure].items.length) checkAnswers(value, ctx);
  });
export type CreateAssessmentBody = z.input<typeof createAssessmentBodySchema>;

export const updateAssessmentBodySchema = z.strictObject({
  status: z.enum(ASSESSMENT_STATUSES, { error: 'Choose draft or submitted.' }),
  answers: answersField,
  completedOn: dateInRange('the date it was completed', DATE_RANGES.happened).optional(),
  notes: clinicalText(MEASURE_TEXT_MAX.notes, 'the notes'),
  version: versionOpened,
});
export type UpdateAssessmentBody = z.input<typeof updateAssessmentBodySchema>;

// ---- insights -------------------------------------------------------------------------------------------------------

export const measureInsightSchema = z.object({
  measure: measureCodeField,
  name: z.string(),
  minScore: z.number(),
  maxScore: z.number(),
  clinicalCutoff: z.number(),
  /** Which way is better: `lower` on symptom measures, `higher` on WEMWBS, the ORS and SRS. */
  better: z.enum(['lower', 'higher']),
  reliableChangeThreshold: z.number().nullable(),
  /** Submitted assessments, oldest first. */
  series: z.array(
    z.object({ assessmentId: z.number(), date: z.string(), score: z.number(), band: z.string().nullable() }),
  ),
  baseline: z.number(),
  latest: z.number(),
  /** latest - baseline: an improvement is negative where lower is better, positive where higher is. */
  change: z.number(),
  outcome: z.enum(['reliable improvement', 'reliable deterioration', 'no reliable change']).nullable(),
  latestBand: z.string().nullable(),
  /** The latest score is in the clinical range (at or above the cut-off, or below it where higher is better). */
  latestAboveCutoff: z.boolean(),
});
export type MeasureInsight = z.infer<typeof measureInsightSchema>;

export const assessmentInsightsSchema = z.object({ measures: z.array(measureInsightSchema) });
export type AssessmentInsights = z.infer<typeof assessmentInsightsSchema>;

// ---- scheduling and links -------------------------------------------------------------------------------------------

/** How long a link to fill in a measure stays valid. */
export const MEASURE_LINK_TTL_DAYS = 7;

export const assessmentScheduleSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  measure: measureCodeField,
  startDate: z.string(),
  /** Null: not repeated by weeks. */
  repeatEveryWeeks: z.number().nullable(),
  /** Repeated after every this many attended sessions (after the first send on the start date); null when not. */
  repeatEverySessions: z.number().nullable(),
  /** The next day a link is due by date; null once sent when the schedule repeats by sessions or not at all. */
  nextSendOn: z.string().nullable(),
  lastSentAt: z.string().nullable(),
  active: z.boolean(),
  sendTo: z.string().nullable(),
  createdAt: z.string(),
});
export type AssessmentSchedule = z.infer<typeof assessmentScheduleSchema>;

/** The most sessions or weeks between two sends of a scheduled measure. */
export const SCHEDULE_REPEAT_MAX = 52;

export const createAssessmentScheduleBodySchema = z
  .strictObject({
    measure: measureCodeField,
    startDate: dateInRange('the first date', DATE_RANGES.upcoming),
    /** Null (or left out with `repeatEverySessions`): not repeated by weeks. */
    repeatEveryWeeks: z
      .number({ error: 'Enter the number of weeks between sends.' })
      .int('Enter a whole number of weeks.')
      .min(1, 'Repeat at least every week.')
      .max(SCHEDULE_REPEAT_MAX, `Repeat at most every ${SCHEDULE_REPEAT_MAX} weeks.`)
      .nullable()
      .default(null),
    /** Send again after every this many attended sessions (late counts as attended). */
    repeatEverySessions: z
      .number({ error: 'Enter the number of sessions between sends.' })
      .int('Enter a whole number of sessions.')
      .min(1, 'Repeat at least every session.')
      .max(SCHEDULE_REPEAT_MAX, `Repeat at most every ${SCHEDULE_REPEAT_MAX} sessions.`)
      .nullable()
      .default(null),
    /** Defaults to the client's e-mail address. */
    email: z.optional(emailField),
  })
  .refine((body) => body.repeatEveryWeeks === null || body.repeatEverySessions === null, {
    message: 'Repeat every few weeks or every few sessions, not both.',
    path: ['repeatEverySessions'],
  });
export type CreateAssessmentScheduleBody = z.input<typeof createAssessmentScheduleBodySchema>;

export const sendMeasureBodySchema = z.strictObject({
  measure: measureCodeField,
  /** Defaults to the client's e-mail address. */
  email: z.optional(emailField),
  message: clinicalText(1000, 'the message'),
});
export type SendMeasureBody = z.input<typeof sendMeasureBodySchema>;

export const measureLinkSentSchema = z.object({ detail: z.string(), sentTo: z.string(), expiresAt: z.string() });

/** What the client's page shows: which measure, from which practice. No other client data travels with the link. */
export const publicMeasureSchema = z.object({
  measure: measureCodeField,
  practiceName: z.string(),
  expiresAt: z.string(),
});
export type PublicMeasure = z.infer<typeof publicMeasureSchema>;

export const submitPublicMeasureBodySchema = z
  .strictObject({ answers: answersField })
  .describe('Every scored question answered, in order');
export type SubmitPublicMeasureBody = z.input<typeof submitPublicMeasureBodySchema>;

// ---- initial assessment ---------------------------------------------------------------------------------------------

export const INITIAL_ASSESSMENT_FIELDS = [
  'presentingProblem',
  'history',
  'mentalState',
  'riskScreen',
  'goals',
  'formulation',
] as const;

export const INITIAL_ASSESSMENT_LABELS: Readonly<Record<(typeof INITIAL_ASSESSMENT_FIELDS)[number], string>> = {
  presentingProblem: 'Presenting problem',
  history: 'History',
  mentalState: 'Mental state',
  riskScreen: 'Risk screen',
  goals: 'Goals',
  formulation: 'Formulation',
};

export const initialAssessmentSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  presentingProblem: z.string().nullable(),
  history: z.string().nullable(),
  mentalState: z.string().nullable(),
  riskScreen: z.string().nullable(),
  goals: z.string().nullable(),
  formulation: z.string().nullable(),
  assessedOn: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type InitialAssessment = z.infer<typeof initialAssessmentSchema>;

export const saveInitialAssessmentBodySchema = z.strictObject({
  presentingProblem: clinicalText(MEASURE_TEXT_MAX.initialAssessmentSection, 'the presenting problem'),
  history: clinicalText(MEASURE_TEXT_MAX.initialAssessmentSection, 'the history'),
  mentalState: clinicalText(MEASURE_TEXT_MAX.initialAssessmentSection, 'the mental state'),
  riskScreen: clinicalText(MEASURE_TEXT_MAX.initialAssessmentSection, 'the risk screen'),
  goals: clinicalText(MEASURE_TEXT_MAX.initialAssessmentSection, 'the goals'),
  formulation: clinicalText(MEASURE_TEXT_MAX.initialAssessmentSection, 'the formulation'),
  assessedOn: dateInRange('the assessment date', DATE_RANGES.happened).nullable().optional(),
  /** The version you opened; null when there was none yet. */
  version: versionOpened.nullable(),
});
export type SaveInitialAssessmentBody = z.input<typeof saveInitialAssessmentBodySchema>;

// ---- clinical profile and diagnosis ---------------------------------------------------------------------------------

export const CLINICAL_PROFILE_SECTION_TYPES = [
  'presenting-issues',
  'history',
  'medication',
  'formulation',
  'strengths',
  'other',
] as const;
export type ClinicalProfileSectionType = (typeof CLINICAL_PROFILE_SECTION_TYPES)[number];

export const CLINICAL_PROFILE_SECTION_LABELS: Readonly<Record<ClinicalProfileSectionType, string>> = {
  'presenting-issues': 'Presenting issues',
  history: 'History',
  medication: 'Medication',
  formulation: 'Formulation',
  strengths: 'Strengths and resources',
  other: 'Other notes',
};

export const sectionTypeField = z.enum(CLINICAL_PROFILE_SECTION_TYPES, { error: 'Choose one of the listed sections.' });

export const clinicalProfileSectionSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  sectionType: sectionTypeField,
  content: z.string(),
  version: z.number(),
  updatedAt: z.string(),
});
export type ClinicalProfileSection = z.infer<typeof clinicalProfileSectionSchema>;

export const saveClinicalProfileSectionBodySchema = z.strictObject({
  content: longText({ error: 'Enter the section as text.' })
    .trim()
    .max(MEASURE_TEXT_MAX.clinicalProfileSection, `Use at most ${MEASURE_TEXT_MAX.clinicalProfileSection} characters.`),
  version: versionOpened.nullable(),
});
export type SaveClinicalProfileSectionBody = z.input<typeof saveClinicalProfileSectionBodySchema>;

export const DIAGNOSIS_SYSTEMS = ['ICD-10', 'ICD-11', 'DSM-5'] as const;

export const diagnosisSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  system: z.enum(DIAGNOSIS_SYSTEMS),
  code: z.string().nullable(),
  description: z.string(),
  isPrimary: z.boolean(),
  diagnosedOn: z.string().nullable(),
  notes: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type Diagnosis = z.infer<typeof diagnosisSchema>;

const diagnosisFields = {
  system: z.enum(DIAGNOSIS_SYSTEMS, { error: 'Choose ICD-10, ICD-11 or DSM-5.' }),
  code: text({ error: 'Enter the code as text.' })
    .trim()
    .max(MEASURE_TEXT_MAX.diagnosisCode, `Use at most ${MEASURE_TEXT_MAX.diagnosisCode} characters for the code.`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional(),
  description: text({ error: MEASURES_MESSAGES.diagnosisMissing })
    .trim()
    .min(1, MEASURES_MESSAGES.diagnosisMissing)
    .max(MEASURE_TEXT_MAX.diagnosis, `Use at most ${MEASURE_TEXT_MAX.diagnosis} characters for the diagnosis.`),
  isPrimary: z.boolean({ error: 'Say whether this is the primary diagnosis.' }).optional(),
  diagnosedOn: dateInRange('the date of diagnosis', DATE_RANGES.history).nullable().optional(),
  notes: clinicalText(MEASURE_TEXT_MAX.notes, 'the notes'),
};

export const createDiagnosisBodySchema = z.strictObject(diagnosisFields);
export type CreateDiagnosisBody = z.input<typeof createDiagnosisBodySchema>;
export const updateDiagnosisBodySchema = z.strictObject({ ...diagnosisFields, version: versionOpened });
export type UpdateDiagnosisBody = z.input<typeof updateDiagnosisBodySchema>;

// ---- routes ---------------------------------------------------------------------------------------------------------

export const measuresRoutes = defineRoutes({
  // initial assessment (one per client)
  initialAssessment: {
    method: 'GET',
    path: '/api/clients/initial-assessment/retrieve/:clientId',
    summary: "The client's initial assessment, or null when none is recorded",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: initialAssessmentSchema.nullable(),
  },
  saveInitialAssessment: {
    method: 'PUT',
    path: '/api/clients/initial-assessment/:clientId',
    summary: "Create or update the client's initial assessment (send the version you opened; 409 when stale)",
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'initial_assessment' },
    params: clientIdParams,
    body: saveInitialAssessmentBodySchema,
    response: initialAssessmentSchema,
  },
  // assessments
  assessments: {
    method: 'GET',
    path: '/api/clients/assessments/retrieve/:clientId',
    summary: "The client's assessments (drafts and submitted), newest first",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: z.array(assessmentSummarySchema),
  },
  singleAssessment: {
    method: 'GET',
    path: '/api/clients/single-assessment/retrieve/:id',
    summary: 'One assessment with its answers',
    access: CLINICAL_ROLES,
    params: idParams,
    response: assessmentSchema,
  },
  assessmentInsights: {
    method: 'GET',
    path: '/api/clients/assessment-insights/retrieve/:clientId',
    summary: 'Per measure: submitted scores over time, baseline, latest, change and reliable change',
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: assessmentInsightsSchema,
  },
  createAssessment: {
    method: 'POST',
    path: '/api/clients/assessments/:clientId',
    summary: 'Record a measure as a draft or submitted; the server computes the score',
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'assessment' },
    params: clientIdParams,
    body: createAssessmentBodySchema,
    response: assessmentSchema,
  },
  updateAssessment: {
    method: 'PUT',
    path: '/api/clients/single-assessment/:id',
    summary: 'Change a draft assessment, or submit it (submitted ones are final)',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'assessment' },
    params: idParams,
    body: updateAssessmentBodySchema,
    response: assessmentSchema,
  },
  deleteAssessment: {
    method: 'DELETE',
    path: '/api/clients/single-assessment/:id',
    summary: 'Delete an assessment',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'assessment' },
    params: idParams,
    response: messageSchema,
  },
  // scheduled measures and links
  assessmentSchedules: {
    method: 'GET',
    path: '/api/clients/assessment-schedules/retrieve/:clientId',
    summary: "The client's scheduled measures",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: z.array(assessmentScheduleSchema),
  },
  createAssessmentSchedule: {
    method: 'POST',
    path: '/api/clients/assessment-schedules/:clientId',
    summary: 'Schedule a measure to be e-mailed to the client as a link, once, every N weeks or every N sessions',
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'assessment_schedule' },
    params: clientIdParams,
    body: createAssessmentScheduleBodySchema,
    response: assessmentScheduleSchema,
  },
  cancelAssessmentSchedule: {
    method: 'DELETE',
    path: '/api/clients/single-assessment-schedule/:id',
    summary: 'Stop a scheduled measure',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'assessment_schedule' },
    params: idParams,
    response: messageSchema,
  },
  sendMeasureLink: {
    method: 'POST',
    path: '/api/clients/assessments/send/:clientId',
    summary: 'E-mail the client a single-use link to fill in a measure now',
    access: CLINICAL_ROLES,
    activity: { action: 'send', record: 'measure_link' },
    params: clientIdParams,
    body: sendMeasureBodySchema,
    response: measureLinkSentSchema,
  },
  publicMeasure: {
    method: 'GET',
    path: '/api/measure-links/:token',
    summary: 'The measure a client was sent (no sign-in; 410 when the link was used or has expired)',
    access: 'public',
    errors: [410],
    params: z.strictObject({ token: tokenField }),
    response: publicMeasureSchema,
  },
  submitPublicMeasure: {
    method: 'POST',
    path: '/api/measure-links/:token',
    summary: "The client's answers; stored as a submitted assessment and the therapist is notified",
    access: 'public',
    errors: [410],
    params: z.strictObject({ token: tokenField }),
    body: submitPublicMeasureBodySchema,
    response: messageSchema,
  },
  // clinical profile and diagnosis
  clinicalProfile: {
    method: 'GET',
    path: '/api/clients/clinical-profile/retrieve/:clientId',
    summary: "The client's clinical profile sections",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: z.array(clinicalProfileSectionSchema),
  },
  clinicalProfileSection: {
    method: 'GET',
    path: '/api/clients/single-clinical-profile/retrieve-by-id/:id',
    summary: 'One clinical profile section',
    access: CLINICAL_ROLES,
    params: idParams,
    response: clinicalProfileSectionSchema,
  },
  clinicalProfileSectionByType: {
    method: 'GET',
    path: '/api/clients/single-clinical-profile/retrieve-by-type/:type/:clientId',
    summary: "The client's clinical profile section of one type, or null",
    access: CLINICAL_ROLES,
    params: z.strictObject({ type: sectionTypeField, clientId: idParam }),
    response: clinicalProfileSectionSchema.nullable(),
  },
  saveClinicalProfileSection: {
    method: 'PUT',
    path: '/api/clients/clinical-profile/:clientId/:type',
    summary: 'Create or update one clinical profile section (send the version you opened; 409 when stale)',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'clinical_profile' },
    params: z.strictObject({ clientId: idParam, type: sectionTypeField }),
    body: saveClinicalProfileSectionBodySchema,
    response: clinicalProfileSectionSchema,
  },
  diagnoses: {
    method: 'GET',
    path: '/api/clients/diagnosis/retrieve/:clientId',
    summary: "The client's diagnoses, primary first",
    access: CLINICAL_ROLES,
    params: clientIdParams,
    response: z.array(diagnosisSchema),
  },
  createDiagnosis: {
    method: 'POST',
    path: '/api/clients/diagnosis/:clientId',
    summary: 'Add a diagnosis (a new primary one makes the others secondary)',
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'diagnosis' },
    params: clientIdParams,
    body: createDiagnosisBodySchema,
    response: diagnosisSchema,
  },
  updateDiagnosis: {
    method: 'PUT',
    path: '/api/clients/single-diagnosis/:id',
    summary: 'Change a diagnosis (send the version you opened; 409 when stale)',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'diagnosis' },
    params: idParams,
    body: updateDiagnosisBodySchema,
    response: diagnosisSchema,
  },
  deleteDiagnosis: {
    method: 'DELETE',
    path: '/api/clients/single-diagnosis/:id',
    summary: 'Remove a diagnosis',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'diagnosis' },
    params: idParams,
    response: messageSchema,
  },
});
