import { z } from 'zod';
import { ADMIN_ONLY, ALL_ROLES, defineRoutes } from '../route';
import { idField, INT_MAX, messageSchema, optionalTextOf, queryIdField, requiredTextOf, versionField } from './common';
import { DATE_RANGES, instantInRange } from '../dates';
import {
  DIARY_EVENT_KINDS,
  EDIT_SCOPES,
  NO_RECURRENCE,
  RECURRENCE_FREQUENCIES,
  SCHEDULING_MESSAGES,
  ignoreConflictsField,
  recurrenceSchema,
} from '../scheduling';
import { SESSION_LOCATION_KINDS, SESSION_STATUSES, SESSION_TOO_LONG } from '../sessionVocabulary';
import { reminderOffsetsField } from './appointmentPolicies';

/**
 * The one diary (SPEC.md §7 Appointments; CATALOG.md Scheduling): a client's sessions, practice appointments (meetings,
 * supervision, admin) and blocked time read as one list of events, and the writes beside them (book, move or resize,
 * delete, with a recurring series' scope). The database refuses a therapist's overlapping busy events, so a booking that
 * clashes answers 409 naming the event it clashes with; it is saved over the clash only when the practice allows
 * double-booking (`scheduling preferences`) and the request says `ignoreConflicts` ("book anyway"). Every role may use the
 * diary (SPEC.md §6: Appointments and Schedule for all); an Assistant books for the team but never reads clinical note
 * content (a session's notes are left empty for them).
 */

// ---- vocabularies -----------------------------------------------------------------------------------------------------

/** Appointments and blocked time: the kinds `/api/appointments/create` adds (sessions are scheduled for a client). */
export const APPOINTMENT_KINDS = ['appointment', 'blocked time'] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

/**
 * Where an event's record lives, the first part of its id. Event ids are `<source>-<record id>`: `session-12` is the
 * client session 12, `appointment-7` the appointment (or blocked time) 7. Sessions and appointments number their rows
 * apart, so the source keeps the ids of the one diary unambiguous.
 */
export const DIARY_EVENT_SOURCES = ['session', 'appointment'] as const;
export type DiaryEventSource = (typeof DIARY_EVENT_SOURCES)[number];

/** The id of an event in the diary: `diaryEventId('session', 12)` is `session-12`. */
export function diaryEventId(source: DiaryEventSource, id: number): string {
  return `${source}-${id}`;
}

const EVENT_ID = new RegExp(`^(${DIARY_EVENT_SOURCES.join('|')})-([1-9][0-9]{0,9})$`);

/** The source and record id an event id names, or null when it is not an event id (or the number is out of range). */
export function parseDiaryEventId(value: string): { source: DiaryEventSource; id: number } | null {
  const match = EVENT_ID.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  return id <= INT_MAX ? { source: match[1] as DiaryEventSource, id } : null;
}

/**
 * The colours of the diary, by name (the web app maps each to its tokens): a session takes its service's colour, an
 * appointment `slate`, blocked time `grey`.
 */
export const SERVICE_COLOURS = ['teal', 'blue', 'violet', 'amber', 'rose', 'green'] as const;
export const DIARY_COLOURS = [...SERVICE_COLOURS, 'slate', 'grey'] as const;
export type DiaryColour = (typeof DIARY_COLOURS)[number];

/** A service's colour: the same name always gets the same colour (case and spacing aside), on the server and in a legend. */
export function serviceColour(serviceName: string): DiaryColour {
  let hash = 0;
  for (const char of serviceName.trim().toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return SERVICE_COLOURS[hash % SERVICE_COLOURS.length]!;
}

/** The longest an appointment or blocked time lasts (a holiday of a month): longer ones are split. */
export const APPOINTMENT_MAX_DAYS = 31;

/** The longest range `retrieve-events` reads at once: six weeks, what a month view shows. */
export const DIARY_RANGE_MAX_DAYS = 42;

/** The longest text of each field of an appointment: the schemas refuse more, and the forms stop there (`maxLength`). */
export const DIARY_TEXT_MAX = { title: 200, notes: 2000 } as const;

/**
 * What the server answers about the diary, in the words the forms show too. The deletion sentences are SPEC.md §8's,
 * word for word (the delete-item modal reads them from here), and so are the save confirmations.
 */
export const DIARY_MESSAGES = {
  ...SCHEDULING_MESSAGES,
  eventNotFound: 'Event not found.',
  appointmentNotFound: 'Appointment not found.',
  tooLong: `An appointment or blocked time lasts at most ${APPOINTMENT_MAX_DAYS} days: add another for the rest.`,
  sessionTooLong: SESSION_TOO_LONG,
  rangeBackwards: 'The end of the range must be after its start.',
  rangeTooLong: `Ask for at most ${DIARY_RANGE_MAX_DAYS} days of the diary at a time.`,
  eventChanged:
    'This event was changed elsewhere since you opened it. Nothing was saved: reload the diary and make your change again.',
  sessionDetailsElsewhere:
    "A session's service, notes and attendance are changed from the session itself; here it can be moved or resized.",
  sessionNotDeleted: 'A session is cancelled from the session itself, which releases its time and keeps its record.',
  cancelledLocked: 'This session is cancelled. Schedule a new session instead of moving this one.',
  appointmentScheduled: 'Appointment scheduled and added to your calendar.',
  blockedTimeAdded: 'Blocked time added to your calendar.',
  appointmentDeleted: 'Appointment successfully deleted.',
  blockedTimeDeleted: 'Blocked time was successfully deleted.',
  preferencesChanged:
    'The scheduling settings were changed elsewhere since you opened them. Nothing was saved: reload and try again.',
} as const;

// ---- fields -----------------------------------------------------------------------------------------------------------

const diaryInstant = (label: string, missing: string) => instantInRange(label, DATE_RANGES.session, missing);

/** A diary event's id in a path: `session-12` or `appointment-7` (see DIARY_EVENT_SOURCES). */
export const diaryEventIdParam = z
  .string()
  .refine((value) => parseDiaryEventId(value) !== null, 'must be an event id such as session-12 or appointment-7');

const whoSchema = z.object({ id: z.number(), name: z.string() });

/** The therapist whose calendar gets it; absent: the signed-in member. */
const therapistField = idField('Choose a team member.')
  .nullish()
  .transform((value) => value ?? null);

const versionOpened = versionField('Reload the diary and try again.');

// ---- responses --------------------------------------------------------------------------------------------------------

/**
 * One event of the diary: SPEC.md §3's appointment event (`id`, `startDateTimeUTC`) with what a calendar shows. For a
 * session, `title` is its service and `client` its client; for an appointment or blocked time, the title given and the
 * client it is about, if any. `version` is sent back with a move.
 */
export const diaryEventSchema = z.object({
  id: z.string(),
  kind: z.enum(DIARY_EVENT_KINDS),
  startDateTimeUTC: z.string(),
  endDateTimeUTC: z.string(),
  /** Covers whole local days (blocked time such as a training day). */
  allDay: z.boolean(),
  title: z.string(),
  client: whoSchema.nullable(),
  therapist: whoSchema.nullable(),
  /** A session's in person / video / phone; null for appointments and blocked time. */
  locationKind: z.enum(SESSION_LOCATION_KINDS).nullable(),
  location: z.string(),
  /** A video session's or an appointment's meeting link (https://), or null. */
  videoLink: z.string().nullable(),
  /** A session's status; appointments and blocked time are always `scheduled`. */
  status: z.enum(SESSION_STATUSES),
  colour: z.enum(DIARY_COLOURS),
  /** Events booked together as a recurring series share this id; the scope of a move or deletion reaches along it. */
  seriesId: z.string().nullable(),
  recurrence: z.enum(RECURRENCE_FREQUENCIES),
  /** Booked anyway over another event (the practice allows double-booking). */
  doubleBooked: z.boolean(),
  version: z.number(),
});
export type DiaryEvent = z.infer<typeof diaryEventSchema>;

export const diaryEventsSchema = z.object({
  items: z.array(diaryEventSchema),
  /** The practice's time zone, whose days and times the diary shows. */
  timeZone: z.string(),
});
export type DiaryEvents = z.infer<typeof diaryEventsSchema>;

/** One event with its details (`retrieve/{id}`): its notes (never for an Assistant on a session), who booked it. */
export const diaryEventDetailsSchema = diaryEventSchema.extend({
  notes: z.string(),
  /** How many events its series holds (1 when it does not repeat). */
  seriesSize: z.number().int().min(1),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiaryEventDetails = z.infer<typeof diaryEventDetailsSchema>;

export const appointmentSchema = z.object({
  id: z.number(),
  /** Its id in the diary (`appointment-<id>`). */
  eventId: z.string(),
  kind: z.enum(APPOINTMENT_KINDS),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  allDay: z.boolean(),
  seriesId: z.string().nullable(),
  recurrence: z.enum(RECURRENCE_FREQUENCIES),
  notes: z.string(),
  therapistId: z.number().nullable(),
  clientId: z.number().nullable(),
  doubleBooked: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

export const appointmentsCountSchema = z.object({ count: z.number().int().min(0) });
export type AppointmentsCount = z.infer<typeof appointmentsCountSchema>;

/**
 * How the practice books (Settings > Appointments). One row per practice; the scheduling areas add their settings here
 * (reminder timing, ...), each as one more field of `schedulingPreferenceFields`, which the answer and the body share.
 */
export const schedulingPreferenceFields = {
  /** A therapist's events may overlap when the person booking says "book anyway". */
  allowDoubleBooking: z.boolean({ error: 'Say whether double-booking is allowed.' }),
  /** When clients with e-mail reminders on are reminded, in minutes before the start (the policies' reminders). */
  reminderOffsetsMinutes: reminderOffsetsField,
};
export const schedulingPreferencesSchema = z.object({ ...schedulingPreferenceFields, version: z.number() });
export type SchedulingPreferences = z.infer<typeof schedulingPreferencesSchema>;

// ---- request bodies ---------------------------------------------------------------------------------------------------

/** The end after the start, and at most APPOINTMENT_MAX_DAYS later (a session's own limit is checked by the server). */
function checkSpan(body: { startsAt: string; endsAt: string }, ctx: z.RefinementCtx): void {
  const length = Date.parse(body.endsAt) - Date.parse(body.startsAt);
  if (!(length > 0)) ctx.addIssue({ code: 'custom', message: DIARY_MESSAGES.endBeforeStart, path: ['endsAt'] });
  else if (length > APPOINTMENT_MAX_DAYS * 86_400_000) {
    ctx.addIssue({ code: 'custom', message: DIARY_MESSAGES.tooLong, path: ['endsAt'] });
  }
}

/** The end must be after the start: the server answers 400 on `endsAt` otherwise (the form checks it too). */
export const createAppointmentBodySchema = z
  .strictObject({
    kind: z.enum(APPOINTMENT_KINDS, { error: 'Choose appointment or blocked time.' }),
    title: requiredTextOf(DIARY_TEXT_MAX.title, 'Give it a title.'),
    startsAt: diaryInstant('the date', 'Enter a date and start time.'),
    endsAt: diaryInstant('the end', 'Enter when it ends.'),
    allDay: z.boolean().optional().default(false),
    recurrence: recurrenceSchema.optional().default(NO_RECURRENCE),
    notes: optionalTextOf(DIARY_TEXT_MAX.notes),
    therapistId: therapistField,
    /** An optional client the appointment is about (Admin and Therapist only). */
    clientId: idField('Choose a client.')
      .nullish()
      .transform((value) => value ?? null),
    ignoreConflicts: ignoreConflictsField,
  })
  .superRefine(checkSpan);
export type CreateAppointmentBody = z.input<typeof createAppointmentBodySchema>;

/**
 * Move or resize an event (drag in /Schedule, or the keyboard alternative), and for an appointment or blocked time change
 * its title and notes. With `scope` `following` or `all`, every event of the series in scope keeps its own day shifted by
 * as many days as this one moved, at the new local time of day and length (so a weekly series stays weekly across a
 * clock change); `following` also splits those events off as a series of their own.
 */
export const moveDiaryEventBodySchema = z
  .strictObject({
    startsAt: diaryInstant('the date', 'Enter a date and start time.'),
    endsAt: diaryInstant('the end', 'Enter when it ends.'),
    title: requiredTextOf(DIARY_TEXT_MAX.title, 'Give it a title.').optional(),
    notes: optionalTextOf(DIARY_TEXT_MAX.notes).optional(),
    scope: z.enum(EDIT_SCOPES, { error: 'Choose which events to change.' }).optional().default('this'),
    version: versionOpened,
    ignoreConflicts: ignoreConflictsField,
    /** A session's: e-mail the client the new time (a session to come, a client with an e-mail address). */
    notifyClient: z.boolean().optional().default(false),
  })
  .superRefine(checkSpan);
export type MoveDiaryEventBody = z.input<typeof moveDiaryEventBodySchema>;

export const deleteDiaryEventQuerySchema = z.strictObject({
  scope: z.enum(EDIT_SCOPES, { error: 'Choose which events to delete.' }).optional().default('this'),
});

export const updateSchedulingPreferencesBodySchema = z.strictObject({
  ...z.object(schedulingPreferenceFields).partial().shape,
  version: versionField('Reload the settings and try again.'),
});
export type UpdateSchedulingPreferencesBody = z.input<typeof updateSchedulingPreferencesBodySchema>;

// ---- routes -----------------------------------------------------------------------------------------------------------

/** A range of the diary: `startIso` to `endIso` (ISO date-times), end after start, at most DIARY_RANGE_MAX_DAYS long. */
export const diaryRangeParams = z
  .strictObject({
    startIso: z.iso.datetime({ offset: true, error: 'must be an ISO date-time such as 2026-01-12T00:00:00.000Z' }),
    endIso: z.iso.datetime({ offset: true, error: 'must be an ISO date-time such as 2026-01-12T23:59:59.999Z' }),
  })
  .refine((range) => Date.parse(range.endIso) > Date.parse(range.startIso), {
    message: DIARY_MESSAGES.rangeBackwards,
    path: ['endIso'],
  })
  // Local days: six weeks across a fall-back clock change (a month view of November in New York) are an hour longer.
  .refine(
    (range) => Date.parse(range.endIso) - Date.parse(range.startIso) <= DIARY_RANGE_MAX_DAYS * 86_400_000 + 3_600_000,
    {
      message: DIARY_MESSAGES.rangeTooLong,
      path: ['endIso'],
    },
  );

/**
 * Whose diary a range reads: `therapistId` names one member (the /Schedule week or month of the member shown: what its
 * page holds, however large the team); absent, the whole practice's (a day in /Appointments, or "Everyone").
 */
export const diaryEventsQuerySchema = z.strictObject({
  therapistId: queryIdField('Choose a team member.').optional(),
});
export type DiaryEventsQuery = z.input<typeof diaryEventsQuerySchema>;

const eventParams = z.strictObject({ id: diaryEventIdParam });

export const diaryRoutes = defineRoutes({
  appointmentsCount: {
    method: 'GET',
    path: '/api/appointments/count',
    summary:
      "What waits for the signed-in member (the sidebar's badge): session requests still pending for them, plus today's " +
      'unconfirmed items, that is their sessions still scheduled (attendance not yet marked) and their appointments that ' +
      "start between now and the end of today in the practice's time zone. Blocked time is not counted",
    access: ALL_ROLES,
    response: appointmentsCountSchema,
  },
  retrieveDiaryEvents: {
    method: 'GET',
    path: '/api/appointments/retrieve-events/:startIso/:endIso',
    summary:
      'The events that overlap the range (sessions of every status, appointments and blocked time of every member, and ' +
      'their busy times imported from external calendars as kind `external busy` titled "Busy"), by ' +
      `start then id; with \`therapistId\`, only that member's (a member of another practice has none). SPEC.md §9: ` +
      `one local day is sent as 00:00:00 to 23:59:59.999 local time in UTC; a week or a month view asks for its days; ` +
      `the end must be after the start and the range at most ${DIARY_RANGE_MAX_DAYS} days (400)`,
    access: ALL_ROLES,
    params: diaryRangeParams,
    query: diaryEventsQuerySchema,
    response: diaryEventsSchema,
  },
  retrieveDiaryEvent: {
    method: 'GET',
    path: '/api/appointments/retrieve-single-event/:id',
    summary: 'One event of the diary by its id (`session-12`, `appointment-7`), as retrieve-events lists it',
    access: ALL_ROLES,
    params: eventParams,
    response: diaryEventSchema,
  },
  retrieveAppointment: {
    method: 'GET',
    path: '/api/appointments/retrieve/:id',
    summary:
      "An event's details (its notes, series size, who booked it) by its id; an Assistant gets no notes of a session",
    access: ALL_ROLES,
    params: eventParams,
    response: diaryEventDetailsSchema,
  },
  createAppointment: {
    method: 'POST',
    path: '/api/appointments/create',
    summary:
      "Add an appointment or blocked time (one-off or recurring) to a member's calendar (201); 409 names the event it " +
      'overlaps unless the practice allows double-booking and ignoreConflicts is set',
    access: ALL_ROLES,
    created: true,
    errors: [409],
    activity: { action: 'schedule', record: 'appointment', clientOptional: true },
    body: createAppointmentBodySchema,
    response: z.object({ items: z.array(appointmentSchema) }),
  },
  moveDiaryEvent: {
    method: 'PATCH',
    path: '/api/appointments/single-event/:id',
    summary:
      'Move or resize an event (and retitle an appointment), for this event, this and following, or the whole series; ' +
      'send its version (a stale one answers 409); 409 also names an event it would overlap',
    access: ALL_ROLES,
    activity: { action: 'reschedule', record: 'appointment', clientOptional: true },
    params: eventParams,
    body: moveDiaryEventBodySchema,
    response: z.object({ items: z.array(diaryEventSchema) }),
  },
  deleteDiaryEvent: {
    method: 'DELETE',
    path: '/api/appointments/single-event/:id',
    summary:
      'Delete an appointment or blocked time (this one, this and following, or the whole series); a session is cancelled ' +
      'from the session instead (409)',
    access: ALL_ROLES,
    errors: [409],
    activity: { action: 'delete', record: 'appointment', clientOptional: true },
    params: eventParams,
    query: deleteDiaryEventQuerySchema,
    response: messageSchema,
  },
  getSchedulingPreferences: {
    method: 'GET',
    path: '/api/settings/appointments/preferences',
    summary: "How the practice books: whether double-booking is allowed (every role reads it to offer 'book anyway')",
    access: ALL_ROLES,
    response: schedulingPreferencesSchema,
  },
  updateSchedulingPreferences: {
    method: 'PATCH',
    path: '/api/settings/appointments/preferences',
    summary: 'Change how the practice books (Admin; send the version read, a stale one answers 409)',
    access: ADMIN_ONLY,
    body: updateSchedulingPreferencesBodySchema,
    response: schedulingPreferencesSchema,
  },
});
