import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';
import {
  DATE_RANGES,
  dateInRange,
  dateNotBefore,
  dateOrderMessage,
  optionalDateInRange,
  shiftDate,
  todayDate,
} from '../dates';
import { decimal, idParam, messageSchema, optionalTextOf, requiredTextOf, versionField } from './common';
import { storedFileSchema } from './files';

/**
 * Learning and compliance (issue 16 item 3; CATALOG.md /Learning-development, Settings > Profile-security): a member's
 * CPD activities with the hours of a year against their yearly target, their supervision sessions, and their licence and
 * compliance records (SPEC.md §3 "compliance item", §7 `profile-compliance`) with a reminder 60 days before one expires.
 * Each member keeps their own records: another member's id answers 404 like another practice's. Admins and Therapists
 * only (SPEC.md §6: Learning-development and Settings are kept from the Assistant).
 */

// ---- vocabularies -----------------------------------------------------------------------------------------------------

export const CPD_TYPES = [
  'course',
  'workshop',
  'conference',
  'webinar',
  'reading',
  'peer learning',
  'research',
  'other',
] as const;
export type CpdType = (typeof CPD_TYPES)[number];
export const CPD_TYPE_LABELS: Readonly<Record<CpdType, string>> = {
  course: 'Course',
  workshop: 'Workshop',
  conference: 'Conference',
  webinar: 'Webinar',
  reading: 'Reading',
  'peer learning': 'Peer learning',
  research: 'Research',
  other: 'Other',
};

export const SUPERVISION_FORMATS = ['individual', 'group'] as const;
export type SupervisionFormat = (typeof SUPERVISION_FORMATS)[number];
export const SUPERVISION_FORMAT_LABELS: Readonly<Record<SupervisionFormat, string>> = {
  individual: 'Individual',
  group: 'Group',
};

export const COMPLIANCE_KINDS = [
  'registration',
  'membership',
  'insurance',
  'DBS check',
  'licence',
  'certificate',
  'other',
] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];
export const COMPLIANCE_KIND_LABELS: Readonly<Record<ComplianceKind, string>> = {
  registration: 'Professional registration',
  membership: 'Membership-body accreditation',
  insurance: 'Professional indemnity insurance',
  'DBS check': 'DBS check',
  licence: 'Licence',
  certificate: 'Training certificate',
  other: 'Other',
};

/** Bodies the form suggests (any other may be typed). */
export const COMPLIANCE_BODY_SUGGESTIONS = ['BACP', 'UKCP', 'HCPC', 'BPS', 'NCPS', 'COSRT', 'BABCP'] as const;

/** How many days before its expiry a record's member is reminded (once per record and expiry date). */
export const COMPLIANCE_REMINDER_DAYS = 60;

/** A yearly target when the member has set none (the hours most UK membership bodies ask for). */
export const DEFAULT_CPD_TARGET_HOURS = 30;
export const CPD_TARGET_MAX_HOURS = 500;
/** The most hours one CPD activity or one supervision session may record. */
export const CPD_HOURS_MAX = 100;
export const SUPERVISION_HOURS_MAX = 12;

export const LEARNING_TEXT_MAX = {
  title: 200,
  provider: 200,
  reflection: 5000,
  supervisor: 100,
  notes: 5000,
  body: 100,
  number: 100,
} as const;

/** The dates of this area, as the dates module words them (issue 11: one rule for every date). */
export const LEARNING_DATE_RANGES = {
  /** A CPD activity or a supervision session: something that has happened, up to today. */
  happened: DATE_RANGES.happened,
  /** When a record was issued: up to today. */
  issued: DATE_RANGES.history,
  /** When a record expires: 10 years back (entered late) to 20 years ahead. */
  expiry: { min: { years: -10 }, max: { years: 20 } },
} as const;

/** What the server answers and the forms say; the deletion sentences are SPEC.md §8's, word for word. */
export const LEARNING_MESSAGES = {
  cpdNotFound: 'CPD activity not found.',
  supervisionNotFound: 'Supervision session not found.',
  complianceNotFound: 'License / compliance record not found.',
  cpdChanged:
    'This CPD activity was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  supervisionChanged:
    'This supervision session was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  complianceChanged:
    'This record was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  fileMissing: 'That file was not found. Upload it again.',
  cpdCreated: 'CPD activity created.',
  cpdUpdated: 'CPD activity updated.',
  cpdDeleted: 'CPD activity was successfully deleted.',
  supervisionCreated: 'Supervision session created.',
  supervisionUpdated: 'Supervision session updated.',
  supervisionDeleted: 'Supervision session was successfully deleted',
  complianceCreated: 'License / compliance record created.',
  complianceUpdated: 'License / compliance record updated.',
  complianceDeleted: 'License / compliance record was successfully deleted.',
  targetUpdated: 'CPD target updated.',
} as const;

/** The notification a member gets once per record and expiry date, COMPLIANCE_REMINDER_DAYS before it. */
export const COMPLIANCE_EXPIRY_NOTIFICATION = {
  title: 'Licence or compliance record expiring',
  content: (what: string, expires: string) =>
    `Your ${what} expires on ${expires}. Renew it and upload the new document.`,
} as const;

// ---- rules shared by the forms, the server and the page ---------------------------------------------------------------

/** Hours in quarter hours, above 0 and at most `max` ("1.5" is one and a half hours). */
export function hoursField(what: string, max: number) {
  return z
    .number({ error: `Enter the hours of ${what}.` })
    .gt(0, `Enter more than 0 hours for ${what}.`)
    .max(max, `Enter at most ${max} hours for ${what}.`)
    .refine((hours) => Number.isInteger(hours * 4), 'Enter the hours in quarter hours, for example 1.25 or 1.5.');
}

/** Where a record stands on a day: no expiry date, expired, expiring within the reminder window, or current. */
export type ComplianceStatus = 'no expiry' | 'expired' | 'expiring' | 'current';
export const COMPLIANCE_STATUS_LABELS: Readonly<Record<ComplianceStatus, string>> = {
  'no expiry': 'No expiry',
  expired: 'Expired',
  expiring: 'Expiring soon',
  current: 'Current',
};
export function complianceStatus(expiryDate: string | null, today: string = todayDate()): ComplianceStatus {
  if (!expiryDate) return 'no expiry';
  if (expiryDate < today) return 'expired';
  if (expiryDate <= shiftDate(today, { days: COMPLIANCE_REMINDER_DAYS })) return 'expiring';
  return 'current';
}

/** The year a `YYYY-MM-DD` day falls in. */
export const yearOf = (day: string) => Number(day.slice(0, 4));

// ---- records ----------------------------------------------------------------------------------------------------------

const stamps = { version: z.number(), createdAt: z.string(), updatedAt: z.string() };

export const cpdActivitySchema = z.object({
  id: z.number(),
  title: z.string(),
  type: z.enum(CPD_TYPES),
  provider: z.string(),
  /** The day it took place (`YYYY-MM-DD`). */
  date: z.string(),
  hours: z.number(),
  reflection: z.string(),
  /** A certificate or notes: download it with `downloadFile`. */
  evidence: storedFileSchema.nullable(),
  ...stamps,
});
export type CpdActivity = z.infer<typeof cpdActivitySchema>;

export const cpdYearSchema = z.object({
  year: z.number(),
  /** The year's activities, newest first. */
  items: z.array(cpdActivitySchema),
  /** Their hours together. */
  hours: z.number(),
  /** The member's yearly target. */
  targetHours: z.number(),
});
export type CpdYear = z.infer<typeof cpdYearSchema>;

export const cpdTargetSchema = z.object({ targetHours: z.number() });
export type CpdTarget = z.infer<typeof cpdTargetSchema>;

export const supervisionSessionSchema = z.object({
  id: z.number(),
  date: z.string(),
  supervisor: z.string(),
  hours: z.number(),
  format: z.enum(SUPERVISION_FORMATS),
  notes: z.string(),
  ...stamps,
});
export type SupervisionSession = z.infer<typeof supervisionSessionSchema>;

export const supervisionYearSchema = z.object({
  year: z.number(),
  items: z.array(supervisionSessionSchema),
  hours: z.number(),
});
export type SupervisionYear = z.infer<typeof supervisionYearSchema>;

/** SPEC.md §3 "compliance item": a licence, registration, insurance or check, with its dates and document. */
export const complianceItemSchema = z.object({
  id: z.number(),
  kind: z.enum(COMPLIANCE_KINDS),
  /** The issuing body (BACP, UKCP, HCPC, an insurer). */
  body: z.string(),
  number: z.string(),
  issueDate: z.string(),
  /** null: it does not expire. */
  expiryDate: z.string().nullable(),
  document: storedFileSchema.nullable(),
  /** Remind the member COMPLIANCE_REMINDER_DAYS before it expires. */
  remind: z.boolean(),
  ...stamps,
});
export type ComplianceItem = z.infer<typeof complianceItemSchema>;

// ---- bodies -----------------------------------------------------------------------------------------------------------

const versionOpened = versionField('Reload and try again.');
const fileIdField = z
  .uuid({ error: 'Upload the file again.' })
  .nullish()
  .transform((value) => value ?? null);

const cpdFields = {
  title: requiredTextOf(LEARNING_TEXT_MAX.title, 'Enter a title.'),
  type: z.enum(CPD_TYPES, { error: 'Choose the type of activity.' }),
  provider: optionalTextOf(LEARNING_TEXT_MAX.provider),
  date: dateInRange('the date of the activity', LEARNING_DATE_RANGES.happened),
  hours: hoursField('the activity', CPD_HOURS_MAX),
  reflection: optionalTextOf(LEARNING_TEXT_MAX.reflection),
  /** A file uploaded with POST /api/files; null removes it. */
  evidenceFileId: fileIdField,
};
export const createCpdActivityBodySchema = z.strictObject(cpdFields);
export type CreateCpdActivityBody = z.input<typeof createCpdActivityBodySchema>;
export const updateCpdActivityBodySchema = z.strictObject({ ...cpdFields, version: versionOpened });
export type UpdateCpdActivityBody = z.input<typeof updateCpdActivityBodySchema>;

export const updateCpdTargetBodySchema = z.strictObject({
  targetHours: z
    .number({ error: 'Enter your yearly target in hours.' })
    .int('Enter a whole number of hours.')
    .min(0, 'The target cannot be negative.')
    .max(CPD_TARGET_MAX_HOURS, `Enter at most ${CPD_TARGET_MAX_HOURS} hours.`),
});
export type UpdateCpdTargetBody = z.input<typeof updateCpdTargetBodySchema>;

const supervisionFields = {
  date: dateInRange('the date of the session', LEARNING_DATE_RANGES.happened),
  supervisor: requiredTextOf(LEARNING_TEXT_MAX.supervisor, "Enter the supervisor's name."),
  hours: hoursField('the session', SUPERVISION_HOURS_MAX),
  format: z.enum(SUPERVISION_FORMATS, { error: 'Choose individual or group.' }),
  notes: optionalTextOf(LEARNING_TEXT_MAX.notes),
};
export const createSupervisionSessionBodySchema = z.strictObject(supervisionFields);
export type CreateSupervisionSessionBody = z.input<typeof createSupervisionSessionBodySchema>;
export const updateSupervisionSessionBodySchema = z.strictObject({ ...supervisionFields, version: versionOpened });
export type UpdateSupervisionSessionBody = z.input<typeof updateSupervisionSessionBodySchema>;

const complianceFields = {
  kind: z.enum(COMPLIANCE_KINDS, { error: 'Choose what kind of record it is.' }),
  body: requiredTextOf(LEARNING_TEXT_MAX.body, 'Enter the body that issued it, such as BACP, UKCP or HCPC.'),
  number: optionalTextOf(LEARNING_TEXT_MAX.number),
  issueDate: dateInRange('the issue date', LEARNING_DATE_RANGES.issued),
  expiryDate: optionalDateInRange('the expiry date', LEARNING_DATE_RANGES.expiry).transform((value) => value ?? null),
  documentFileId: fileIdField,
  remind: z.boolean({ error: 'Choose whether to be reminded.' }).optional().default(true),
};
/** The expiry comes after the issue ("The expiry date must be on or after the issue date."). */
const expiryAfterIssue = (body: { issueDate: string; expiryDate: string | null }, ctx: z.RefinementCtx) => {
  if (!dateNotBefore(body.expiryDate, body.issueDate)) {
    ctx.addIssue({
      code: 'custom',
      path: ['expiryDate'],
      message: dateOrderMessage('the expiry date', 'the issue date', body.issueDate),
    });
  }
};
export const createComplianceItemBodySchema = z.strictObject(complianceFields).superRefine(expiryAfterIssue);
const { documentFileId: _documentFileId, ...complianceFormFields } = complianceFields;
/** The modal's fields: the create body without the document, which the form uploads on save and then sends. */
export const complianceItemFormSchema = z.strictObject(complianceFormFields).superRefine(expiryAfterIssue);
export type CreateComplianceItemBody = z.input<typeof createComplianceItemBodySchema>;
export const updateComplianceItemBodySchema = z
  .strictObject({ ...complianceFields, version: versionOpened })
  .superRefine(expiryAfterIssue);
export type UpdateComplianceItemBody = z.input<typeof updateComplianceItemBodySchema>;

// ---- routes -----------------------------------------------------------------------------------------------------------

const idParams = z.strictObject({ id: idParam });
/** The year shown (default: this year), from 2000 to next year. */
export const learningYearQuerySchema = z.strictObject({
  year: decimal(
    z.coerce
      .number({ error: 'Choose a year.' })
      .int('Choose a year.')
      .min(2000, 'Choose a year from 2000.')
      .max(2100, 'Choose a year before 2100.'),
  ).optional(),
});
export type LearningYearQuery = z.input<typeof learningYearQuerySchema>;

export const learningRoutes = defineRoutes({
  listCpdActivities: {
    method: 'GET',
    path: '/api/learning/cpd',
    summary: "The member's CPD activities of a year (default this year), newest first, with their hours and the target",
    access: CLINICAL_ROLES,
    query: learningYearQuerySchema,
    response: cpdYearSchema,
  },
  getCpdActivity: {
    method: 'GET',
    path: '/api/learning/cpd/:id',
    summary: 'One CPD activity of the member',
    access: CLINICAL_ROLES,
    params: idParams,
    response: cpdActivitySchema,
  },
  createCpdActivity: {
    method: 'POST',
    path: '/api/learning/cpd',
    summary: 'Record a CPD activity (hours above 0, a date up to today, an optional evidence file)',
    access: CLINICAL_ROLES,
    body: createCpdActivityBodySchema,
    response: cpdActivitySchema,
  },
  updateCpdActivity: {
    method: 'PUT',
    path: '/api/learning/cpd/:id',
    summary: 'Change a CPD activity (send its version; a stale one answers 409)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateCpdActivityBodySchema,
    response: cpdActivitySchema,
  },
  deleteCpdActivity: {
    method: 'DELETE',
    path: '/api/learning/cpd/:id',
    summary: 'Delete a CPD activity',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  getCpdTarget: {
    method: 'GET',
    path: '/api/learning/cpd-target',
    summary: "The member's yearly CPD target in hours",
    access: CLINICAL_ROLES,
    response: cpdTargetSchema,
  },
  updateCpdTarget: {
    method: 'PUT',
    path: '/api/learning/cpd-target',
    summary: "Set the member's yearly CPD target in hours",
    access: CLINICAL_ROLES,
    body: updateCpdTargetBodySchema,
    response: cpdTargetSchema,
  },
  exportCpdCsv: {
    method: 'GET',
    path: '/api/learning/cpd-export/csv',
    summary: "The member's CPD log of a year as CSV (one row per activity, then supervision sessions)",
    access: CLINICAL_ROLES,
    query: learningYearQuerySchema,
    response: z.unknown(),
    raw: true,
  },
  exportCpdPdf: {
    method: 'GET',
    path: '/api/learning/cpd-export/pdf',
    summary: "The member's CPD log of a year as a PDF for a membership-body audit",
    access: CLINICAL_ROLES,
    query: learningYearQuerySchema,
    response: z.unknown(),
    raw: true,
  },
  listSupervisionSessions: {
    method: 'GET',
    path: '/api/learning/supervision',
    summary: "The member's supervision sessions of a year (default this year), newest first, with their hours",
    access: CLINICAL_ROLES,
    query: learningYearQuerySchema,
    response: supervisionYearSchema,
  },
  getSupervisionSession: {
    method: 'GET',
    path: '/api/learning/supervision/:id',
    summary: 'One supervision session of the member',
    access: CLINICAL_ROLES,
    params: idParams,
    response: supervisionSessionSchema,
  },
  createSupervisionSession: {
    method: 'POST',
    path: '/api/learning/supervision',
    summary: 'Record a supervision session',
    access: CLINICAL_ROLES,
    body: createSupervisionSessionBodySchema,
    response: supervisionSessionSchema,
  },
  updateSupervisionSession: {
    method: 'PUT',
    path: '/api/learning/supervision/:id',
    summary: 'Change a supervision session (send its version; a stale one answers 409)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateSupervisionSessionBodySchema,
    response: supervisionSessionSchema,
  },
  deleteSupervisionSession: {
    method: 'DELETE',
    path: '/api/learning/supervision/:id',
    summary: 'Delete a supervision session',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  listComplianceItems: {
    method: 'GET',
    path: '/api/settings/profile-compliance',
    summary: "The member's licence and compliance records, soonest expiry first (records without expiry last)",
    access: CLINICAL_ROLES,
    response: z.object({ items: z.array(complianceItemSchema) }),
  },
  getComplianceItem: {
    method: 'GET',
    path: '/api/settings/profile-compliance/:id',
    summary: 'One licence or compliance record of the member',
    access: CLINICAL_ROLES,
    params: idParams,
    response: complianceItemSchema,
  },
  createComplianceItem: {
    method: 'POST',
    path: '/api/settings/profile-compliance',
    summary: 'Add a licence or compliance record (the expiry on or after the issue date)',
    access: CLINICAL_ROLES,
    body: createComplianceItemBodySchema,
    response: complianceItemSchema,
  },
  updateComplianceItem: {
    method: 'PUT',
    path: '/api/settings/profile-compliance/:id',
    summary: 'Change a licence or compliance record (send its version; a stale one answers 409)',
    access: CLINICAL_ROLES,
    params: idParams,
    body: updateComplianceItemBodySchema,
    response: complianceItemSchema,
  },
  deleteComplianceItem: {
    method: 'DELETE',
    path: '/api/settings/profile-compliance/:id',
    summary: 'Delete a licence or compliance record',
    access: CLINICAL_ROLES,
    params: idParams,
    response: messageSchema,
  },
});
