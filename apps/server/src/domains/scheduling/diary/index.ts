/**
 * The diary's way in for the other domains (sessions book through it; booking reads busy time; the dashboard reads
 * today's events): the one busy-time guard, the event read model, recurrence and the booking lookups.
 */
export {
  bookThroughDiary,
  busyRanges,
  busyRows,
  type Booker,
  type Booking,
  type BusyRange,
  type BusyValues,
  type Range,
} from './busy';
export { diaryEvents, diaryEventDetails, type EventFilter } from './events';
export { fullName, fullNameSql, memberName, practiceOf, therapistFor } from './members';
export { doubleBookingAllowed, schedulingPreferencesOf } from './preferences';
export { occurrences, shiftedStart } from './recurrence';
export { diaryRoutes } from './routes';
export type { DiaryParts } from './service';
