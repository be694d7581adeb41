export { CalendarGrid } from './CalendarGrid';
export type { AvailabilityRange, CalendarEvent, CalendarEventChange, CalendarGridProps } from './CalendarGrid';
export { visibleDays as calendarDays, type CalendarView } from './layout';
