/**
 * The words, limits and pure rules of online booking without its schemas (zod): the public booking page and the screens
 * that only show requests read them without loading the booking domain. `domains/booking.ts` re-exports them.
 */

/** An availability day as stored and sent: `dayIndex` 0 Monday .. 6 Sunday, times `HH:mm` in the practice's zone. */
export interface AvailabilityDay {
  dayIndex: number;
  startTime: string;
  endTime: string;
}

/** `dayIndex` of an availability day: 0 is Monday, 6 is Sunday (the week as a UK practice reads it). */
export const WEEKDAY_LABELS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** The `dayIndex` (0 Monday .. 6 Sunday) of a calendar day `YYYY-MM-DD`. */
export function dayIndexOf(day: string): number {
  return (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
}

export const SESSION_REQUEST_STATUSES = ['pending', 'amended', 'accepted', 'declined'] as const;
export type SessionRequestStatus = (typeof SESSION_REQUEST_STATUSES)[number];
export const SESSION_REQUEST_STATUS_LABELS: Readonly<Record<SessionRequestStatus, string>> = {
  pending: 'Waiting for you',
  amended: 'New time proposed',
  accepted: 'Accepted',
  declined: 'Declined',
};
/** The statuses that still wait for someone (the inbox, the appointments count, a slot held on the booking page). */
export const OPEN_REQUEST_STATUSES = ['pending', 'amended'] as const satisfies readonly SessionRequestStatus[];

/** The booking rules a practice starts with (online booking off until someone turns it on). */
export const DEFAULT_BOOKING_RULES = {
  enabled: false,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 10,
  minimumNoticeHours: 24,
  maxDaysAhead: 60,
  slotStepMinutes: 30,
} as const;

/** The steps a booking page offers start times at. */
export const SLOT_STEPS = [15, 30, 60] as const;
/** The longest range of free slots one public call returns (a visitor's week, with room for time zones). */
export const SLOTS_RANGE_DAYS_MAX = 15;
/** The most requests a list call returns (the inbox shows the newest). */
export const SESSION_REQUESTS_LIMIT = 100;

export const BOOKING_TEXT_MAX = {
  name: 200,
  phone: 32,
  message: 2000,
  reason: 1000,
  location: 200,
  serviceName: 200,
  slug: 60,
} as const;

/** Sentences the server answers and the forms show (SPEC.md §8's word for word). */
export const BOOKING_MESSAGES = {
  availabilityDeleted: 'Appointment availability successfully deleted.',
  availabilityNotFound: 'Availability not found.',
  availabilityChanged:
    'This availability was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  availabilitySaved: 'Availability saved.',
  availabilityOthers: 'Only an Admin can set the availability of another member.',
  availabilityService: 'Choose services of your practice (Settings > Services).',
  rulesSaved: 'Online booking settings saved.',
  rulesChanged:
    'The online booking settings were changed elsewhere since you opened them. Nothing was saved: reload them and make your change again.',
  slugTaken: 'That booking address is already in use: choose another.',
  requestNotFound: 'Session request not found.',
  requestChanged:
    'This request was changed elsewhere since you opened it. Nothing was saved: reload it and decide again.',
  requestDecided: 'This request has already been answered.',
  timeNotFree: 'That time is no longer free in the diary: propose another time instead.',
  noBookingLink: 'Turn on online booking in Settings > Appointments first: then there is a link to share.',
  noClientEmail: 'This client has no e-mail address: enter one instead.',
  requestAccepted: 'Session request accepted and confirmed.',
  requestAmended: 'New time proposed. We have e-mailed the requester a link to accept it.',
  requestDeclined: 'Session request declined.',
  bookingLinkShared: 'Booking link shared.',
  endBeforeStart: 'The end must be after the start.',
  overlappingDays: 'Two times of the same day overlap: join them or change one.',
  therapistNotMember: 'Choose a therapist who is an active member of your practice.',
  pageNotFound: 'This booking page does not exist or is not taking bookings at the moment.',
  slotTaken: 'That time has just been taken. Please choose another.',
  slotNotOffered: 'That time is not offered: choose one of the times shown.',
  serviceNotOffered: 'Choose one of the services offered.',
  requestSent:
    'Thank you. Your request has been sent. We have e-mailed you a copy, and you will hear back once it is answered.',
  linkInvalid: 'This link is not valid.',
  linkUsed: 'This proposal has already been answered, or it has expired. Please book another time.',
  amendedAccepted: 'Thank you. Your session is confirmed, and we have e-mailed you the details.',
  rangeTooLong: `Ask for at most ${SLOTS_RANGE_DAYS_MAX} days of times at once.`,
} as const;

export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Do two times of one day overlap? (Touching, 12:00 to 12:00, does not.) */
export function overlappingDay(days: readonly AvailabilityDay[]): number {
  const sorted = days.map((d, index) => ({ ...d, index })).sort(compareDays);
  for (let i = 1; i < sorted.length; i += 1) {
    const before = sorted[i - 1]!;
    const day = sorted[i]!;
    if (before.dayIndex === day.dayIndex && day.startTime < before.endTime) return day.index;
  }
  return -1;
}

/** Days in week order, then by start (how they are stored, so the first day is the earliest: SPEC.md §5's order). */
export function compareDays(a: AvailabilityDay, b: AvailabilityDay): number {
  return a.dayIndex - b.dayIndex || a.startTime.localeCompare(b.startTime);
}

export const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** A slug made from a name ("Harbour Counselling" -> "harbour-counselling"); may be shorter than a slug needs. */
export function slugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, BOOKING_TEXT_MAX.slug)
    .replace(/-+$/, '');
}
