import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';
import {
  amountMinorField,
  idField,
  idParam,
  INT_MAX,
  longText,
  messageSchema,
  optionalTextOf,
  requiredTextOf,
  versionField,
} from './common';
import { DATE_RANGES, dateInRange, instantInRange } from '../dates';
import {
  NO_RECURRENCE,
  RECURRENCE_FREQUENCIES,
  SCHEDULING_MESSAGES,
  ignoreConflictsField,
  recurrenceSchema,
} from '../scheduling';
import { SESSION_LOCATION_KINDS, SESSION_MAX_MINUTES, SESSION_STATUSES, SESSION_TOO_LONG } from '../sessionVocabulary';
import { videoLinkField } from '../links';
import { INVOICE_STATES } from './billing';

export * from '../sessionVocabulary';
export * from '../scheduling';
export { VIDEO_LINK_MAX, VIDEO_LINK_MESSAGE, videoLinkField } from '../links';

/**
 * A client's sessions (SPEC.md §3, §7; CATALOG.md Clients > Sessions and the session modals): scheduled sessions (one-off
 * or a recurring series), attendance, cancellation (which releases the time slot), session notes (template, rich text as
 * sanitised HTML, draft -> signed and locked -> addenda), private process notes (kept apart: never in the sessions list),
 * and other services (non-session work such as report writing). Admin and Therapist only (SPEC.md §6). Appointments and
 * blocked time (the other kinds of the schedule-appointment modal) live under /api/appointments and every role may use them.
 */

// ---- vocabularies -----------------------------------------------------------------------------------------------------

/** What attendance can be set to (cancelling is its own action: it records who and why and releases the slot). */
export const ATTENDANCE_STATUSES = ['scheduled', 'attended', 'late', 'did not attend', 'late cancellation'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const CANCELLED_BY = ['client', 'therapist', 'practice'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
export const CANCELLED_BY_LABELS: Readonly<Record<CancelledBy, string>> = {
  client: 'The client',
  therapist: 'The therapist',
  practice: 'The practice',
};

export const SESSION_NOTE_TEMPLATES = ['SOAP', 'DAP', 'BIRP', 'free'] as const;
export type SessionNoteTemplate = (typeof SESSION_NOTE_TEMPLATES)[number];
export const SESSION_NOTE_TEMPLATE_LABELS: Readonly<Record<SessionNoteTemplate, string>> = {
  SOAP: 'SOAP (Subjective, Objective, Assessment, Plan)',
  DAP: 'DAP (Data, Assessment, Plan)',
  BIRP: 'BIRP (Behaviour, Intervention, Response, Plan)',
  free: 'Free text',
};
/** The headings each template starts the note with. */
export const SESSION_NOTE_TEMPLATE_SECTIONS: Readonly<Record<SessionNoteTemplate, readonly string[]>> = {
  SOAP: ['Subjective', 'Objective', 'Assessment', 'Plan'],
  DAP: ['Data', 'Assessment', 'Plan'],
  BIRP: ['Behaviour', 'Intervention', 'Response', 'Plan'],
  free: [],
};
/** The HTML a new note of this template starts with: one heading and an empty paragraph per section. */
export function sessionNoteTemplateHtml(template: SessionNoteTemplate): string {
  return SESSION_NOTE_TEMPLATE_SECTIONS[template].map((heading) => `<h3>${heading}</h3><p></p>`).join('');
}

export const SESSION_NOTE_STATUSES = ['draft', 'signed'] as const;
export type SessionNoteStatus = (typeof SESSION_NOTE_STATUSES)[number];

/** What cannot be done before a session has started: the server refuses with these, and the UI says them instead. */
export const SESSION_NOT_STARTED = {
  attendance: 'Attendance can be marked once the session has started.',
  sign: 'The note can be signed once its session has started.',
} as const;

/** The longest note, addendum or private note, in characters of HTML. */
export const NOTE_HTML_MAX = 200_000;

/** The longest text of each other field: the schemas below refuse more, and the forms stop there (`maxLength`). */
export const SESSION_TEXT_MAX = {
  serviceName: 200,
  location: 500,
  notes: 2000,
  cancelReason: 1000,
  noteTitle: 200,
  otherServiceName: 200,
} as const;

/**
 * What the server answers about sessions, notes, other services and appointments, in the words the forms show too.
 * The deletion sentences are SPEC.md §8's, word for word (the delete-item modal reads them from here).
 */
export const SESSION_MESSAGES = {
  serviceNotFound: 'Choose one of the practice’s services (Settings > Services).',
  ...SCHEDULING_MESSAGES,
  sessionNotFound: 'Session not found.',
  noteNotFound: 'Session note not found.',
  genericNoteNotFound: 'Note not found.',
  otherServiceNotFound: 'Service not found.',
  sessionChanged:
    'This session was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  noteChanged:
    'This note was changed elsewhere since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
  privateNoteChanged:
    'This private note was changed elsewhere since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
  otherServiceChanged:
    'This service was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  noteSigned: 'This note is signed and locked, so it cannot be changed. Add an addendum instead.',
  noteNotSigned: 'Addenda are added to signed notes. This note is still a draft: edit it instead.',
  noteEmpty: 'Write the note before signing it.',
  addendumEmpty: 'Write the addendum.',
  noteExists: 'This session already has a note. Open it from the Sessions tab to carry on.',
  signedNoteNotDeleted:
    'A signed note is part of the clinical record and cannot be deleted. Add an addendum to correct it.',
  sessionWithSignedNote:
    'This session has a signed note, which is part of the clinical record: cancel the session instead of deleting it.',
  alreadyCancelled: 'This session is already cancelled.',
  cancelledLocked: 'This session is cancelled. Schedule a new session instead of changing this one.',
  sessionDeleted: 'Session was successfully deleted.',
  noteDeleted: 'Session note was successfully deleted.',
  privateNoteDeleted: 'Private note was successfully deleted.',
  otherServiceDeleted: 'Service was successfully deleted.',
} as const;

// ---- fields -----------------------------------------------------------------------------------------------------------

const instantField = instantInRange('the session date', DATE_RANGES.session, 'Enter a date and start time.');

const durationField = z
  .number({ error: 'Enter the length in minutes.' })
  .int('Enter a whole number of minutes.')
  .min(5, 'A session lasts at least 5 minutes.')
  .max(SESSION_MAX_MINUTES, SESSION_TOO_LONG);

const versionOpened = versionField('Reload and try again.');

const noteHtmlField = longText({ error: 'Write the note.' }).max(
  NOTE_HTML_MAX,
  `The note is too long: keep it under ${NOTE_HTML_MAX.toLocaleString('en-GB')} characters.`,
);

// ---- responses --------------------------------------------------------------------------------------------------------

export const sessionCancellationSchema = z.object({
  id: z.number(),
  sessionId: z.number(),
  clientId: z.number(),
  cancelledBy: z.enum(CANCELLED_BY),
  reason: z.string(),
  lateFee: z.boolean(),
  notifyClient: z.boolean(),
  /** When the client was e-mailed (null when not asked, or the client has no e-mail address). */
  notifiedAt: z.string().nullable(),
  recordedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type SessionCancellation = z.infer<typeof sessionCancellationSchema>;

export const sessionNoteSummarySchema = z.object({
  id: z.number(),
  clientId: z.number(),
  sessionId: z.number().nullable(),
  template: z.enum(SESSION_NOTE_TEMPLATES),
  title: z.string(),
  status: z.enum(SESSION_NOTE_STATUSES),
  signedAt: z.string().nullable(),
  signedByName: z.string().nullable(),
  addendaCount: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SessionNoteSummary = z.infer<typeof sessionNoteSummarySchema>;

export const sessionNoteAddendumSchema = z.object({
  id: z.number(),
  contentHtml: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type SessionNoteAddendum = z.infer<typeof sessionNoteAddendumSchema>;

export const sessionNoteSchema = sessionNoteSummarySchema.extend({
  contentHtml: z.string(),
  addenda: z.array(sessionNoteAddendumSchema),
  createdByName: z.string().nullable(),
});
export type SessionNote = z.infer<typeof sessionNoteSchema>;

export const clientSessionSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  therapistId: z.number().nullable(),
  therapistName: z.string().nullable(),
  serviceName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number(),
  /** The session's fee in minor units (from its service, or as agreed); null when none was set. */
  priceMinor: z.number().nullable(),
  locationKind: z.enum(SESSION_LOCATION_KINDS),
  location: z.string(),
  /** The meeting link of a video session (null for other kinds, or until one is added). */
  videoLink: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
  /** Sessions scheduled together as a recurring series share this id. */
  seriesId: z.string().nullable(),
  recurrence: z.enum(RECURRENCE_FREQUENCIES),
  notes: z.string(),
  /** Charge the fee per the cancellation policy (a late cancellation or a missed session). */
  chargeFee: z.boolean(),
  cancellation: sessionCancellationSchema.nullable(),
  sessionNotes: z.array(sessionNoteSummarySchema),
  /** Whether a private (process) note exists; its text is only ever sent by the private-note route. */
  hasPrivateNote: z.boolean(),
  /**
   * The invoice that bills the session (a draft or an issued invoice: a voided one, a deleted draft or a credited line
   * lets it go); null while it is not invoiced. A draft has no number yet.
   */
  invoice: z
    .object({
      id: z.number(),
      number: z.string().nullable(),
      draft: z.boolean(),
      /** Where the invoice stands on the practice's today: draft, unpaid, partly paid, overdue, paid (void lets go). */
      state: z.enum(INVOICE_STATES),
    })
    .nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientSession = z.infer<typeof clientSessionSchema>;

/** A page of a client's sessions: 25 unless asked otherwise, at most 100. */
export const CLIENT_SESSIONS_PAGE_SIZE = 25;
export const CLIENT_SESSIONS_PAGE_SIZE_MAX = 100;
const SESSIONS_CURSOR_MESSAGE = 'Ask for the next page with the nextCursor of the page before.';
/** A cursor whose session was deleted (or is not this client's): the list has to start again. */
export const SESSIONS_CURSOR_GONE = 'The session this page continued from is gone: reload the sessions.';

export const clientSessionsQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'The page size must be a number.' })
    .int('The page size must be a whole number.')
    .min(1, 'The page size must be 1 or more.')
    .max(CLIENT_SESSIONS_PAGE_SIZE_MAX, `The page size must be at most ${CLIENT_SESSIONS_PAGE_SIZE_MAX}.`)
    .default(CLIENT_SESSIONS_PAGE_SIZE),
  /** The `nextCursor` of the page before: the id of its last (oldest) session. Left out: the newest page. */
  cursor: z.coerce
    .number({ error: SESSIONS_CURSOR_MESSAGE })
    .int(SESSIONS_CURSOR_MESSAGE)
    .positive(SESSIONS_CURSOR_MESSAGE)
    .max(INT_MAX, SESSIONS_CURSOR_MESSAGE)
    .optional(),
});
export type ClientSessionsQuery = z.input<typeof clientSessionsQuerySchema>;

export const clientSessionPageSchema = z.object({
  items: z.array(clientSessionSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().nullable(),
});
export type ClientSessionPage = z.infer<typeof clientSessionPageSchema>;

/** How many sessions the summary lists on each side of now. */
export const CLIENT_SESSION_SUMMARY_SESSIONS = 3;

export const clientSessionSummarySchema = z.object({
  /** Every session of the client, cancelled ones included. */
  total: z.number(),
  /** Sessions still scheduled (past or future: attendance not marked yet). */
  scheduled: z.number(),
  /** Attended (or attended late) sessions without a signed note. */
  needingSignedNote: z.number(),
  /** The next scheduled sessions from now, soonest first (at most CLIENT_SESSION_SUMMARY_SESSIONS). */
  upcoming: z.array(clientSessionSchema),
  /** The latest sessions before now, newest first (at most CLIENT_SESSION_SUMMARY_SESSIONS). */
  recent: z.array(clientSessionSchema),
});
export type ClientSessionSummary = z.infer<typeof clientSessionSummarySchema>;

export const privateSessionNoteSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  sessionId: z.number(),
  contentHtml: z.string(),
  version: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PrivateSessionNote = z.infer<typeof privateSessionNoteSchema>;

export const otherServiceSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  name: z.string(),
  date: z.string(),
  durationMinutes: z.number(),
  feeMinor: z.number(),
  currency: z.string(),
  notes: z.string(),
  version: z.number(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OtherService = z.infer<typeof otherServiceSchema>;

// ---- request bodies ---------------------------------------------------------------------------------------------------

const sessionFields = {
  serviceName: requiredTextOf(SESSION_TEXT_MAX.serviceName, 'Choose or enter the service.'),
  /**
   * The practice's service the session is booked as (Settings > Services): its price becomes the session's price.
   * Absent or null: a service typed in, and the price stays as it was.
   */
  serviceId: idField('Choose one of the practice’s services (Settings > Services).')
    .nullish()
    .transform((value) => value ?? null),
  /**
   * The session's fee in minor units of the service's currency (the client's agreed fee, a reduced rate). Absent or
   * null: the service's price, or the fee stays as it was.
   */
  priceMinor: amountMinorField('the fee')
    .nullish()
    .transform((value) => value ?? null),
  startsAt: instantField,
  durationMinutes: durationField,
  locationKind: z
    .enum(SESSION_LOCATION_KINDS, { error: 'Choose in person, video or phone.' })
    .optional()
    .default('in person'),
  location: optionalTextOf(SESSION_TEXT_MAX.location),
  /** For a video session: its meeting link (https://); ignored for other kinds. */
  videoLink: videoLinkField,
  /** The therapist who sees the client; absent: the signed-in member. */
  therapistId: idField('Choose a therapist.')
    .nullish()
    .transform((value) => value ?? null),
  notes: optionalTextOf(SESSION_TEXT_MAX.notes),
  /** Schedule even though the therapist already has something at that time (the conflict was shown and accepted). */
  ignoreConflicts: ignoreConflictsField,
};

export const scheduleSessionBodySchema = z.strictObject({
  ...sessionFields,
  recurrence: recurrenceSchema.optional().default(NO_RECURRENCE),
  /** E-mail the client a confirmation (when they have an e-mail address). */
  sendConfirmation: z.boolean().optional().default(false),
});
export type ScheduleSessionBody = z.input<typeof scheduleSessionBodySchema>;

export const updateSessionBodySchema = z.strictObject({
  ...sessionFields,
  version: versionOpened,
  /** E-mail the client the new time when the start changes (a session to come, a client with an e-mail address). */
  notifyClient: z.boolean().optional().default(false),
});
export type UpdateSessionBody = z.input<typeof updateSessionBodySchema>;

export const markAttendanceBodySchema = z.strictObject({
  status: z.enum(ATTENDANCE_STATUSES, { error: 'Choose how the session went.' }),
  chargeFee: z.boolean().optional().default(false),
  version: versionOpened,
});
export type MarkAttendanceBody = z.input<typeof markAttendanceBodySchema>;

export const cancelSessionBodySchema = z.strictObject({
  cancelledBy: z.enum(CANCELLED_BY, { error: 'Say who cancelled.' }),
  reason: optionalTextOf(SESSION_TEXT_MAX.cancelReason),
  lateFee: z.boolean().optional().default(false),
  notifyClient: z.boolean().optional().default(false),
  version: versionOpened,
});
export type CancelSessionBody = z.input<typeof cancelSessionBodySchema>;

export const createSessionNoteBodySchema = z.strictObject({
  template: z.enum(SESSION_NOTE_TEMPLATES, { error: 'Choose a template.' }).optional().default('free'),
  contentHtml: noteHtmlField.optional().default(''),
});
export type CreateSessionNoteBody = z.input<typeof createSessionNoteBodySchema>;

export const createGenericNoteBodySchema = createSessionNoteBodySchema.extend({
  title: requiredTextOf(SESSION_TEXT_MAX.noteTitle, 'Give the note a title.'),
});
export type CreateGenericNoteBody = z.input<typeof createGenericNoteBodySchema>;

export const updateSessionNoteBodySchema = z.strictObject({
  template: z.enum(SESSION_NOTE_TEMPLATES, { error: 'Choose a template.' }).optional(),
  title: requiredTextOf(SESSION_TEXT_MAX.noteTitle, 'Give the note a title.').optional(),
  contentHtml: noteHtmlField,
  version: versionOpened,
});
export type UpdateSessionNoteBody = z.input<typeof updateSessionNoteBodySchema>;

export const signSessionNoteBodySchema = z.strictObject({ version: versionOpened });
export type SignSessionNoteBody = z.input<typeof signSessionNoteBodySchema>;

export const addAddendumBodySchema = z.strictObject({
  contentHtml: noteHtmlField.min(1, SESSION_MESSAGES.addendumEmpty),
});
export type AddAddendumBody = z.input<typeof addAddendumBodySchema>;

export const savePrivateNoteBodySchema = z.strictObject({
  contentHtml: noteHtmlField,
  /** The version the form was opened on; 0 when there was no private note yet. */
  version: versionField('Reload and try again.', 0),
});
export type SavePrivateNoteBody = z.input<typeof savePrivateNoteBodySchema>;

const otherServiceFields = {
  name: requiredTextOf(SESSION_TEXT_MAX.otherServiceName, 'Enter what the service was, e.g. "Report writing".'),
  date: dateInRange('the date', DATE_RANGES.session),
  durationMinutes: z
    .number({ error: 'Enter the time spent in minutes.' })
    .int('Enter a whole number of minutes.')
    .min(0, 'The time cannot be negative.')
    .max(6000, 'Use at most 6000 minutes.'),
  feeMinor: z
    .number({ error: 'Enter the fee.' })
    .int('Enter the fee in whole pence or cents.')
    .min(0, 'The fee cannot be negative.')
    .max(100_000_000, 'The fee is too large.'),
  currency: z
    .string({ error: 'Choose a currency.' })
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as GBP.')
    .optional()
    .default('GBP'),
  notes: optionalTextOf(SESSION_TEXT_MAX.notes),
};
export const createOtherServiceBodySchema = z.strictObject(otherServiceFields);
export type CreateOtherServiceBody = z.input<typeof createOtherServiceBodySchema>;
export const updateOtherServiceBodySchema = z.strictObject({ ...otherServiceFields, version: versionOpened });
export type UpdateOtherServiceBody = z.input<typeof updateOtherServiceBodySchema>;

// ---- routes -----------------------------------------------------------------------------------------------------------

const clientParams = z.strictObject({ clientId: idParam });
const idParams = z.strictObject({ id: idParam });
const sessionParams = z.strictObject({ sessionId: idParam });

export const clientSessionsRoutes = defineRoutes({
  listClientSessions: {
    method: 'GET',
    path: '/api/clients/sessions/retrieve/:clientId',
    summary:
      "A page of the client's sessions, newest first, each with its session notes (summaries; never private notes); " +
      '`nextCursor` asks for the page after it',
    access: CLINICAL_ROLES,
    params: clientParams,
    query: clientSessionsQuerySchema,
    response: clientSessionPageSchema,
  },
  getClientSessionSummary: {
    method: 'GET',
    path: '/api/clients/sessions/summary/:clientId',
    summary:
      "The client's session counts and the next and last few sessions (the Overview and the Sessions tab's line)",
    access: CLINICAL_ROLES,
    params: clientParams,
    response: clientSessionSummarySchema,
  },
  getClientSession: {
    method: 'GET',
    path: '/api/clients/single-session/retrieve/:id',
    summary: 'One session with its notes and cancellation',
    access: CLINICAL_ROLES,
    params: idParams,
    response: clientSessionSchema,
  },
  scheduleSession: {
    method: 'POST',
    path: '/api/clients/sessions/create/:clientId',
    summary:
      "Schedule a session, or a recurring series (weekly, fortnightly, monthly; a count or an until date); 409 when it overlaps the therapist's calendar and ignoreConflicts is not set",
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'schedule', record: 'session' },
    params: clientParams,
    body: scheduleSessionBodySchema,
    response: z.object({ items: z.array(clientSessionSchema) }),
  },
  updateSession: {
    method: 'PUT',
    path: '/api/clients/single-session/:id',
    summary: 'Change or reschedule a session (send its version; a stale one answers 409)',
    access: CLINICAL_ROLES,
    activity: { action: 'reschedule', record: 'session' },
    params: idParams,
    body: updateSessionBodySchema,
    response: clientSessionSchema,
  },
  markSessionAttendance: {
    method: 'PATCH',
    path: '/api/clients/single-session/attendance/:id',
    summary: 'Mark attendance: attended, late, did not attend, late cancellation (or back to scheduled)',
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'attendance', record: 'session' },
    params: idParams,
    body: markAttendanceBodySchema,
    response: clientSessionSchema,
  },
  cancelSession: {
    method: 'POST',
    path: '/api/clients/single-session/cancel/:id',
    summary:
      'Cancel a session: records who cancelled and why, the late fee, optionally e-mails the client, and releases the time slot',
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'cancel', record: 'session' },
    params: idParams,
    body: cancelSessionBodySchema,
    response: clientSessionSchema,
  },
  getSessionCancellation: {
    method: 'GET',
    path: '/api/clients/sessions/retrieve-cancellation/:id',
    summary: "A session's cancellation (who, why, late fee), or null when the session is not cancelled",
    access: CLINICAL_ROLES,
    params: idParams,
    response: sessionCancellationSchema.nullable(),
  },
  deleteClientSession: {
    method: 'DELETE',
    path: '/api/clients/single-session/:id',
    summary: 'Delete a session with its notes (a signed note keeps the session: cancel it instead)',
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'delete', record: 'session' },
    params: idParams,
    response: messageSchema,
  },
  getSessionNote: {
    method: 'GET',
    path: '/api/clients/sessions/note/retrieve/:id',
    summary: 'One session note with its addenda',
    access: CLINICAL_ROLES,
    params: idParams,
    response: sessionNoteSchema,
  },
  createSessionNote: {
    method: 'POST',
    path: '/api/clients/sessions/note/create/:sessionId',
    summary: "Start the session's note as a draft (one note per session; 409 when it already has one)",
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'create', record: 'session_note', target: 'session' },
    params: sessionParams,
    body: createSessionNoteBodySchema,
    response: sessionNoteSchema,
  },
  updateSessionNote: {
    method: 'PUT',
    path: '/api/clients/sessions/note/:id',
    summary: 'Save a draft note (send its version; a stale one answers 409; a signed note is locked: 409)',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'session_note' },
    params: idParams,
    body: updateSessionNoteBodySchema,
    response: sessionNoteSchema,
  },
  signSessionNote: {
    method: 'POST',
    path: '/api/clients/sessions/note/sign/:id',
    summary: 'Sign and lock a note; afterwards it changes only by addenda',
    access: CLINICAL_ROLES,
    activity: { action: 'sign', record: 'session_note' },
    params: idParams,
    body: signSessionNoteBodySchema,
    response: sessionNoteSchema,
  },
  addSessionNoteAddendum: {
    method: 'POST',
    path: '/api/clients/sessions/note/addendum/:id',
    summary: 'Append an addendum to a signed note',
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'addendum', record: 'session_note' },
    params: idParams,
    body: addAddendumBodySchema,
    response: sessionNoteSchema,
  },
  deleteSessionNote: {
    method: 'DELETE',
    path: '/api/clients/sessions/note/:id',
    summary: 'Delete a draft note (a signed note is part of the record and cannot be deleted)',
    access: CLINICAL_ROLES,
    errors: [409],
    activity: { action: 'delete', record: 'session_note' },
    params: idParams,
    response: messageSchema,
  },
  listGenericNotes: {
    method: 'GET',
    path: '/api/clients/sessions/generic-notes/retrieve/:clientId',
    summary: "The client's notes not tied to a session (general clinical notes), newest first",
    access: CLINICAL_ROLES,
    params: clientParams,
    response: z.object({ items: z.array(sessionNoteSummarySchema) }),
  },
  getGenericNote: {
    method: 'GET',
    path: '/api/clients/sessions/generic-note/retrieve/:id',
    summary: 'One general clinical note (a note not tied to a session) with its addenda',
    access: CLINICAL_ROLES,
    params: idParams,
    response: sessionNoteSchema,
  },
  createGenericNote: {
    method: 'POST',
    path: '/api/clients/sessions/generic-note/create/:clientId',
    summary: 'Start a general clinical note (not tied to a session) as a draft',
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'clinical_note' },
    params: clientParams,
    body: createGenericNoteBodySchema,
    response: sessionNoteSchema,
  },
  getPrivateSessionNote: {
    method: 'GET',
    path: '/api/clients/sessions/private-note/retrieve/:sessionId',
    summary: "The session's private (process) note, or null when there is none",
    access: CLINICAL_ROLES,
    params: sessionParams,
    response: privateSessionNoteSchema.nullable(),
  },
  savePrivateSessionNote: {
    method: 'PUT',
    path: '/api/clients/sessions/private-note/:sessionId',
    summary: "Save the session's private note (version 0 creates it; a stale version answers 409)",
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'private_note', target: 'session' },
    params: sessionParams,
    body: savePrivateNoteBodySchema,
    response: privateSessionNoteSchema,
  },
  deletePrivateSessionNote: {
    method: 'DELETE',
    path: '/api/clients/sessions/private-note/:sessionId',
    summary: "Delete the session's private note",
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'private_note', target: 'session' },
    params: sessionParams,
    response: messageSchema,
  },
  listOtherServices: {
    method: 'GET',
    path: '/api/clients/other-services/retrieve/:id',
    summary: "The client's other services (reports, letters...), newest first; the id is the client's",
    access: CLINICAL_ROLES,
    params: idParams,
    response: z.object({ items: z.array(otherServiceSchema) }),
  },
  getOtherService: {
    method: 'GET',
    path: '/api/clients/other-service-details/retrieve/:id',
    summary: 'One other service',
    access: CLINICAL_ROLES,
    params: idParams,
    response: otherServiceSchema,
  },
  createOtherService: {
    method: 'POST',
    path: '/api/clients/other-services/create/:clientId',
    summary: 'Record an other service for the client',
    access: CLINICAL_ROLES,
    activity: { action: 'create', record: 'other_service' },
    params: clientParams,
    body: createOtherServiceBodySchema,
    response: otherServiceSchema,
  },
  updateOtherService: {
    method: 'PUT',
    path: '/api/clients/other-service-details/:id',
    summary: 'Change an other service (send its version)',
    access: CLINICAL_ROLES,
    activity: { action: 'update', record: 'other_service' },
    params: idParams,
    body: updateOtherServiceBodySchema,
    response: otherServiceSchema,
  },
  deleteOtherService: {
    method: 'DELETE',
    path: '/api/clients/other-service-details/:id',
    summary: 'Delete an other service',
    access: CLINICAL_ROLES,
    activity: { action: 'delete', record: 'other_service' },
    params: idParams,
    response: messageSchema,
  },
});
