import { z } from 'zod';
import { ALL_ROLES, CLINICAL_ROLES, defineRoutes } from '../route';
import { DIARY_EVENT_KINDS } from '../scheduling';
import { SESSION_LOCATION_KINDS, SESSION_STATUSES } from '../sessionVocabulary';
import { TASK_PRIORITIES, TASK_STATUSES } from './tasks';

/**
 * The /Dashboard cards (CATALOG.md Dashboards) that read the clients vertical: today's sessions, sessions that still need
 * a note, and clients flagged high-risk. Each answers a short list (what the card shows) and how many match, counted only
 * up to a cap, so a card never costs a count over the whole practice. An Admin (and, for today's sessions, an Assistant)
 * sees the whole practice; a Therapist sees their own.
 */

/** The most rows each card lists; the rest are "and N more". */
export const DASHBOARD_LIMITS = { todaySessions: 50, notesDue: 10, highRisk: 10, tasksDue: 10 } as const;
/** The tasks-due card lists open tasks due up to this many days from today (and every overdue one). */
export const TASKS_DUE_DAYS_AHEAD = 7;
/** Matches are counted up to this many (more: "more than N"). */
export const DASHBOARD_COUNT_CAP = 1000;

/** A card's rows and how many match in all (`totalCapped`: at least `total`, there are more). */
function cardListSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int().min(0), totalCapped: z.boolean() });
}

/**
 * One event of today's diary (the diary's read model): a session, an appointment or blocked time. `id` is the session's
 * or the appointment's own id; `eventId` the diary's (`session-12`, `appointment-7`). A session has its client; an
 * appointment may have one; blocked time none. `serviceName` is a session's service, or an appointment's title.
 */
export const todaySessionSchema = z.object({
  id: z.number(),
  eventId: z.string(),
  kind: z.enum(DIARY_EVENT_KINDS),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
  therapistId: z.number().nullable(),
  therapistName: z.string().nullable(),
  serviceName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** A session's in person / video / phone; null for appointments and blocked time. */
  locationKind: z.enum(SESSION_LOCATION_KINDS).nullable(),
  location: z.string(),
  /** A video session's meeting link (https), or null. */
  videoLink: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
});
export type TodaySession = z.infer<typeof todaySessionSchema>;
export const todaySessionsSchema = cardListSchema(todaySessionSchema).extend({
  /** The practice's time zone, whose day "today" is (every role may read it here, to show the times in it). */
  timeZone: z.string(),
});
export type TodaySessions = z.infer<typeof todaySessionsSchema>;

export const noteDueSessionSchema = z.object({
  id: z.number(),
  clientId: z.number(),
  clientName: z.string(),
  therapistName: z.string().nullable(),
  serviceName: z.string(),
  startsAt: z.string(),
  status: z.enum(SESSION_STATUSES),
  /** `draft`: a note was started but not signed; `none`: no note yet. */
  noteStatus: z.enum(['none', 'draft']),
});
export type NoteDueSession = z.infer<typeof noteDueSessionSchema>;
export const notesDueSchema = cardListSchema(noteDueSessionSchema);
export type NotesDue = z.infer<typeof notesDueSchema>;

export const highRiskClientSchema = z.object({
  id: z.number(),
  name: z.string(),
  therapistName: z.string().nullable(),
  riskReviewDue: z.string().nullable(),
  /** The review date has passed in the practice's time zone (as the client list shows it). */
  riskReviewOverdue: z.boolean(),
});
export type HighRiskClient = z.infer<typeof highRiskClientSchema>;
export const highRiskClientsSchema = cardListSchema(highRiskClientSchema);
export type HighRiskClients = z.infer<typeof highRiskClientsSchema>;

/** One of the signed-in member's open tasks due soon (the card's row: no description). */
export const dueTaskSchema = z.object({
  id: z.number(),
  title: z.string(),
  dueDate: z.string(),
  overdue: z.boolean(),
  priority: z.enum(TASK_PRIORITIES),
  status: z.enum(TASK_STATUSES),
  clientId: z.number().nullable(),
  clientName: z.string().nullable(),
});
export type DueTask = z.infer<typeof dueTaskSchema>;
export const tasksDueSchema = cardListSchema(dueTaskSchema);
export type TasksDue = z.infer<typeof tasksDueSchema>;

export const dashboardRoutes = defineRoutes({
  dashboardTodaySessions: {
    method: 'GET',
    path: '/api/dashboard/today-sessions',
    summary:
      "Today's diary in the practice's time zone (sessions, appointments, blocked time starting today), by start: the " +
      "Therapist's own; every therapist's for Admin and Assistant",
    access: ALL_ROLES,
    response: todaySessionsSchema,
  },
  dashboardNotesDue: {
    method: 'GET',
    path: '/api/dashboard/notes-due',
    summary:
      'Past sessions (attended, or scheduled and ended) without a signed note, newest first: the Therapist’s own; all for Admin',
    access: CLINICAL_ROLES,
    response: notesDueSchema,
  },
  dashboardHighRisk: {
    method: 'GET',
    path: '/api/dashboard/high-risk',
    summary:
      'Clients (not discharged or archived) whose current risk level is high, by name, with the overdue-review flag: the Therapist’s own clients; all for Admin',
    access: CLINICAL_ROLES,
    response: highRiskClientsSchema,
  },
  dashboardTasksDue: {
    method: 'GET',
    path: '/api/dashboard/tasks-due',
    summary: `The signed-in member's open tasks (to do or in progress) overdue or due within ${TASKS_DUE_DAYS_AHEAD} days, by due date: every role, an Assistant included (their own tasks only)`,
    access: ALL_ROLES,
    response: tasksDueSchema,
  },
});
