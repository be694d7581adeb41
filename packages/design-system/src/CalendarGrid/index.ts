export { CalendarGrid } from './CalendarGrid';
export type { AvailabilityRange, CalendarEvent, CalendarGridProps } from './CalendarGrid';
