import { MAX_OCCURRENCES, type Recurrence } from '@halcyon/api/contract';
import { instantOfWallClock, wallClockOf } from '@halcyon/api/time';
import { badRequest } from '../../platform/errors';

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The start instants of a recurring series, keeping the local time of day in the practice's time zone across daylight
 * saving changes. Monthly series keep the day of the month (the 31st becomes the month's last day). `count` is the total
 * number of occurrences; `until` is the last local date (inclusive). A series longer than MAX_OCCURRENCES is refused.
 */
export function occurrences(start: Date, recurrence: Recurrence, timeZone: string): Date[] {
  if (recurrence.frequency === 'none') return [start];
  const first = wallClockOf(start, timeZone);
  const out: Date[] = [];
  const limit = recurrence.count ?? MAX_OCCURRENCES + 1;
  for (let i = 0; out.length < limit; i += 1) {
    let { year, month, day } = first;
    if (recurrence.frequency === 'weekly') day += 7 * i;
    else if (recurrence.frequency === 'fortnightly') day += 14 * i;
    else {
      const months = year * 12 + (month - 1) + i;
      year = Math.floor(months / 12);
      month = (months % 12) + 1;
      day = Math.min(day, daysInMonth(year, month));
    }
    const localDate = new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
    if (recurrence.until && localDate > recurrence.until) break;
    out.push(instantOfWallClock({ ...first, year, month, day }, timeZone));
  }
  if (out.length === 0) {
    throw badRequest('The "until" date is before the first session: choose a later date.', {
      'recurrence.until': 'Choose a date on or after the first one.',
    });
  }
  if (out.length > MAX_OCCURRENCES) {
    throw badRequest(`That makes more than ${MAX_OCCURRENCES} occurrences: choose an earlier "until" date.`, {
      'recurrence.until': `Choose a date that gives at most ${MAX_OCCURRENCES} occurrences.`,
    });
  }
  return out;
}

/**
 * When a session is, for the client's e-mail: "Tuesday 3 December at 10:00 (Europe/London)", in the practice's time
 * zone, which is named so a client elsewhere can tell; the year shows when it is not this year.
 */
export function formatWhenForClient(date: Date, timeZone: string, now: Date = new Date()): string {
  try {
    const parts = (at: Date) =>
      Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone,
          weekday: 'long',
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        })
          .formatToParts(at)
          .map((part) => [part.type, part.value]),
      );
    const p = parts(date);
    const year = p.year === parts(now).year ? '' : ` ${p.year}`;
    return `${p.weekday} ${p.day} ${p.month}${year} at ${p.hour}:${p.minute} (${timeZone})`;
  } catch {
    return date.toISOString();
  }
}
