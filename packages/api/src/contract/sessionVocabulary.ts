/**
 * The words of a session (statuses, where it happens, whether it has started) without its schemas: screens that only show
 * sessions (the dashboard) read them without loading the sessions domain. `domains/clientSessions.ts` re-exports them.
 */

export const SESSION_STATUSES = [
  'scheduled',
  'attended',
  'late',
  'did not attend',
  'late cancellation',
  'cancelled',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
/**
 * The statuses in which a session holds its therapist's time (a cancelled, missed or late-cancelled session released
 * it): the diary's clash rule (its busy-time trigger, migration 0022, names the same three), the demo generator and the
 * move dialog's warning all read it here.
 */
export const TIME_HOLDING_STATUSES = ['scheduled', 'attended', 'late'] as const satisfies readonly SessionStatus[];
export const holdsTime = (status: string): boolean => (TIME_HOLDING_STATUSES as readonly string[]).includes(status);

export const SESSION_STATUS_LABELS: Readonly<Record<SessionStatus, string>> = {
  scheduled: 'Scheduled',
  attended: 'Attended',
  late: 'Attended (late)',
  'did not attend': 'Did not attend',
  'late cancellation': 'Late cancellation',
  cancelled: 'Cancelled',
};

export const SESSION_LOCATION_KINDS = ['in person', 'video', 'phone'] as const;
export type SessionLocationKind = (typeof SESSION_LOCATION_KINDS)[number];
export const SESSION_LOCATION_KIND_LABELS: Readonly<Record<SessionLocationKind, string>> = {
  'in person': 'In person',
  video: 'Video',
  phone: 'Phone',
};

/** The longest a session lasts, in minutes (10 hours): the schedule form, a move in the diary and the diary's reads. */
export const SESSION_MAX_MINUTES = 600;
export const SESSION_TOO_LONG = `A session lasts at most ${SESSION_MAX_MINUTES} minutes (10 hours).`;

/** Has the session started (its start is now or in the past)? */
export const sessionHasStarted = (startsAt: string | Date, now: Date = new Date()): boolean =>
  new Date(startsAt).getTime() <= now.getTime();

/** The attendance action's name: "Mark attendance" while the session is scheduled, "Change attendance" once marked. */
export const attendanceActionLabel = (status: SessionStatus): string =>
  status === 'scheduled' ? 'Mark attendance' : 'Change attendance';
