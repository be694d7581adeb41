import { z } from 'zod';
import { ALL_ROLES, CLINICAL_ROLES, defineRoutes } from '../route';
import { DIARY_EVENT_KINDS } from '../scheduling';
import { SESSION_LOCATION_KINDS, SESSION_STATUSES } from '../sessionVocabulary';
import { CLIENT_STATUSES } from './clients';
import { COMPLIANCE_KINDS, COMPLIANCE_REMINDER_DAYS } from './learning';
import { MEASURE_CODES } from './measureDefinitions';
import { TASK_PRIORITIES, TASK_STATUSES } from './tasks';

/**
 * The /Dashboard cards (CATALOG.md Dashboards) that read the clients vertical: today's sessions, sessions that still need
 * a note, and clients flagged high-risk. Each answers a short list (what the card shows) and how many match, counted only
 * up to a cap, so a card never costs a count over the whole practice. An Admin (and, for today's sessions, an Assistant)
 * sees the whole practice; a Therapist sees their own.
 */

/** The most rows each card lists; the rest are "and N more". */
export const DASHBOARD_LIMITS = {
  todaySessions: 50,
  notesDue: 10,
  highRisk: 10,
  tasksDue: 10,
  pendingRequests: 10,
  complianceExpiring: 10,
} as const;
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

/** A session request waiting for the team's answer (status pending), as the card lists it. */
export const pendingRequestSchema = z.object({
  id: z.number(),
  /** The requester's name as they gave it. */
  name: z.string(),
  serviceName: z.string(),
  startsAt: z.string(),
  therapistName: z.string().nullable(),
  createdAt: z.string(),
});
export type PendingRequest = z.infer<typeof pendingRequestSchema>;
export const pendingRequestsSchema = cardListSchema(pendingRequestSchema);
export type PendingRequests = z.infer<typeof pendingRequestsSchema>;

/** One of the member's licence or compliance records expiring within COMPLIANCE_REMINDER_DAYS (or already expired). */
export const expiringComplianceItemSchema = z.object({
  id: z.number(),
  kind: z.enum(COMPLIANCE_KINDS),
  body: z.string(),
  expiryDate: z.string(),
  /** The expiry date has passed in the practice's time zone. */
  expired: z.boolean(),
});
export type ExpiringComplianceItem = z.infer<typeof expiringComplianceItemSchema>;
export const complianceExpiringSchema = cardListSchema(expiringComplianceItemSchema);
export type ComplianceExpiring = z.infer<typeof complianceExpiringSchema>;

/**
 * How long the server keeps a dashboard figure that sums over the whole practice (overdue invoices, the insights) before
 * working it out again: the figures say when they were worked out (`computedAt`).
 */
export const DASHBOARD_FIGURES_TTL_SECONDS = { overdueInvoices: 60, insights: 600 } as const;

/** The practice's issued invoices past their due date that still owe something: how many and how much, per currency. */
export const overdueInvoicesSchema = z.object({
  items: z.array(z.object({ currency: z.string(), count: z.number().int().min(0), totalMinor: z.number().int() })),
  computedAt: z.string(),
});
export type OverdueInvoices = z.infer<typeof overdueInvoicesSchema>;

/** How many months and weeks the /Dashboard2 charts cover (this month or week included). */
export const INSIGHT_MONTHS = 12;
export const INSIGHT_WEEKS = 12;

/**
 * /Dashboard2's figures (CATALOG.md practice insights), each worked out by one grouped query. A chart the role may not see
 * (SPEC.md §6: the Assistant has no clients or learning pages) is null. A Therapist's figures are their own clients' and
 * sessions'; an Admin's (and for income and sessions an Assistant's) the practice's. Months are `YYYY-MM`, weeks start on
 * Monday (`YYYY-MM-DD`), both in the practice's time zone.
 */
export const insightsSchema = z.object({
  computedAt: z.string(),
  /** Per currency: payments received in each month, and what the invoices issued in that month still owe today. */
  income: z.array(
    z.object({
      currency: z.string(),
      months: z.array(
        z.object({ month: z.string(), incomeMinor: z.number().int(), outstandingMinor: z.number().int() }),
      ),
    }),
  ),
  /** Sessions per week by attendance; `noShowRate` is did-not-attend over sessions that were due to happen (0 to 1). */
  sessionsPerWeek: z.array(
    z.object({
      weekStart: z.string(),
      attended: z.number().int(),
      didNotAttend: z.number().int(),
      cancelled: z.number().int(),
      scheduled: z.number().int(),
      noShowRate: z.number().nullable(),
    }),
  ),
  clientsByStatus: z.array(z.object({ status: z.enum(CLIENT_STATUSES), count: z.number().int() })).nullable(),
  /** Clients added per month (new referrals and enquiries). */
  newReferrals: z.array(z.object({ month: z.string(), count: z.number().int() })).nullable(),
  /**
   * Per measure, over clients with two or more completed scores in the last INSIGHT_MONTHS months: the average first and
   * latest score and their difference (latest minus first).
   */
  outcomeChange: z
    .array(
      z.object({
        measure: z.enum(MEASURE_CODES),
        clients: z.number().int(),
        averageFirst: z.number(),
        averageLatest: z.number(),
        averageChange: z.number(),
      }),
    )
    .nullable(),
  /** The signed-in member's CPD hours per month of this year, with the running total and the year's target. */
  cpd: z
    .object({
      year: z.number().int(),
      targetHours: z.number(),
      months: z.array(z.object({ month: z.string(), hours: z.number(), cumulativeHours: z.number() })),
    })
    .nullable(),
});
export type Insights = z.infer<typeof insightsSchema>;

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
  dashboardPendingRequests: {
    method: 'GET',
    path: '/api/dashboard/pending-requests',
    summary:
      'Session requests waiting for an answer (pending), by the time asked for: the Therapist’s own; the practice’s for Admin and Assistant',
    access: ALL_ROLES,
    response: pendingRequestsSchema,
  },
  dashboardComplianceExpiring: {
    method: 'GET',
    path: '/api/dashboard/compliance-expiring',
    summary: `The member's own licence and compliance records expired or expiring within ${COMPLIANCE_REMINDER_DAYS} days, soonest first`,
    access: CLINICAL_ROLES,
    response: complianceExpiringSchema,
  },
  dashboardOverdueInvoices: {
    method: 'GET',
    path: '/api/dashboard/overdue-invoices',
    summary: `The practice's overdue invoices (issued, past due, still owing): how many and the total per currency, worked out at most every ${DASHBOARD_FIGURES_TTL_SECONDS.overdueInvoices} s`,
    access: ALL_ROLES,
    response: overdueInvoicesSchema,
  },
  dashboardInsights: {
    method: 'GET',
    path: '/api/dashboard/insights',
    summary: `The /Dashboard2 charts' figures (income, sessions per week, clients by status, new referrals, outcome change, CPD), worked out at most every ${DASHBOARD_FIGURES_TTL_SECONDS.insights} s; the Assistant's clinical and learning figures are null`,
    access: ALL_ROLES,
    response: insightsSchema,
  },
});
