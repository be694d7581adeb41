/** A sample week (Monday 2 March 2026) shared by the CalendarGrid stories and tests. Not exported from the package. */
import type { AvailabilityRange, CalendarEvent } from './CalendarGrid';

export const monday = new Date(2026, 2, 2);
const at = (day: number, hour: number, minute = 0) => new Date(2026, 2, 2 + day, hour, minute);

export const weekEvents: CalendarEvent[] = [
  { id: 'e1', title: 'Session with A. Client', start: at(0, 10), end: at(0, 10, 50), variant: 'session' },
  { id: 'e2', title: 'Session with B. Client', start: at(0, 11), end: at(0, 11, 50), variant: 'session' },
  { id: 'e3', title: 'Supervision', start: at(0, 10, 30), end: at(0, 11, 30) },
  { id: 'e4', title: 'Blocked: admin', start: at(1, 13), end: at(1, 15), variant: 'blocked' },
  { id: 'e5', title: 'Session request from C. Client', start: at(2, 9), end: at(2, 9, 50), variant: 'request' },
  { id: 'e6', title: 'Training day', start: at(3, 0), end: at(4, 0), allDay: true },
  // A service's colour on its edge.
  {
    id: 'e7',
    title: 'Session with D. Client',
    start: at(4, 16),
    end: at(4, 16, 50),
    variant: 'session',
    colour: 'violet',
  },
];

export const weekAvailability: AvailabilityRange[] = [0, 1, 2, 3, 4].map((day) => ({
  start: at(day, 9),
  end: at(day, 17),
}));

/** "Now" on Monday at 10:40, so the line crosses the overlapping sessions. */
export const mondayMorning = at(0, 10, 40);
