export { CALENDAR_EVENT_COLOURS, CalendarGrid } from './CalendarGrid';
export type {
  AvailabilityRange,
  CalendarEvent,
  CalendarEventChange,
  CalendarEventColour,
  CalendarGridProps,
} from './CalendarGrid';
export { visibleDays as calendarDays, type CalendarView } from './layout';
