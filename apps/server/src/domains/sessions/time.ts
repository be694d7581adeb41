import { MAX_OCCURRENCES, type Recurrence } from '@halcyon/api/contract';
import { badRequest } from '../../platform/errors';

/** Wall-clock parts of an instant in a time zone (month 0-based, as Date.UTC takes it). */
export interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function wallOf(instant: number, timeZone: string): Wall {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month') - 1,
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
}

/** Local minus UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallOf(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time in `timeZone` names (Date.UTC-style overflow is allowed: day 32 is next month's 1st). */
export function instantOf(w: Wall, timeZone: string, ms = 0): number {
  const wall = Date.UTC(w.year, w.month, w.day, w.hour, w.minute, w.second, ms);
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return instant;
}

/** The local day [start, end) around `instant` in `timeZone`. */
export function dayBounds(instant: number, timeZone: string): { start: Date; end: Date } {
  const w = wallOf(instant, timeZone);
  const start = instantOf({ ...w, hour: 0, minute: 0, second: 0 }, timeZone);
  const end = instantOf({ ...w, day: w.day + 1, hour: 0, minute: 0, second: 0 }, timeZone);
  return { start: new Date(start), end: new Date(end) };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * The start instants of a recurring series, keeping the local time of day in the practice's time zone across daylight
 * saving changes. Monthly series keep the day of the month (the 31st becomes the month's last day). `count` is the total
 * number of occurrences; `until` is the last local date (inclusive). A series longer than MAX_OCCURRENCES is refused.
 */
export function occurrences(start: Date, recurrence: Recurrence, timeZone: string): Date[] {
  if (recurrence.frequency === 'none') return [start];
  const first = wallOf(start.getTime(), timeZone);
  const ms = start.getTime() % 1000;
  const out: Date[] = [];
  const limit = recurrence.count ?? MAX_OCCURRENCES + 1;
  for (let i = 0; out.length < limit; i += 1) {
    let { year, month, day } = first;
    if (recurrence.frequency === 'weekly') day += 7 * i;
    else if (recurrence.frequency === 'fortnightly') day += 14 * i;
    else {
      month += i;
      year += Math.floor(month / 12);
      month = ((month % 12) + 12) % 12;
      day = Math.min(day, daysInMonth(year, month));
    }
    const localDate = new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
    if (recurrence.until && localDate > recurrence.until) break;
    out.push(new Date(instantOf({ ...first, year, month, day }, timeZone, ms)));
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

/** "Mon 12 Jan 2026, 10:00" in the practice's time zone. */
export function formatWhen(date: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }).format(date);
  } catch {
    return date.toISOString();
  }
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
