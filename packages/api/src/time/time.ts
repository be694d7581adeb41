/**
 * The practice's time zone for the browser and the server: wall-clock time in a zone and the UTC instants it names, a
 * local day and its range, and dates and times formatted as a therapist reads them. One module, so that the web app
 * loads it as one chunk. A function given no zone (the practice's is not known yet) works in the zone where the code
 * runs. Built on @date-fns/tz rather than temporal-polyfill: its TZDateMini is a plain `Date` whose getters read the
 * zone's wall clock (a few KB; the polyfill is about 20 KB gzip) and steps over daylight-saving gaps the way `Date`
 * does. One thing is added here: which of the two instants a repeated (fall-back) wall time names, which TZDateMini
 * decides by the host's own zone; we take the first, as `Date` does.
 */
import { TZDateMini, tzOffset } from '@date-fns/tz';

/** The time zone where the code runs: the browser's in a browser, the machine's on the server. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A wall-clock reading in a time zone; `month` runs 1-12 as people write it. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

function instantOf(at: Date | number | string): number {
  return typeof at === 'number' ? at : new Date(at).getTime();
}

/** The wall clock of an instant in `timeZone`. */
export function wallClockOf(at: Date | number | string, timeZone?: string): WallClock {
  const local = new TZDateMini(instantOf(at), timeZone ?? localTimeZone());
  return {
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    second: local.getSeconds(),
    millisecond: local.getMilliseconds(),
  };
}

/**
 * The instant a wall-clock time in `timeZone` names. Fields overflow as `Date`'s do (day 32 is the next month's 1st); a
 * time a daylight-saving change skips moves on by the gap (01:30 on a spring-forward day is 02:30), and a time it repeats
 * is the first of the two.
 */
export function instantOfWallClock(
  wall: Partial<WallClock> & Pick<WallClock, 'year' | 'month' | 'day'>,
  timeZone: string = localTimeZone(),
): Date {
  const instant = +new TZDateMini(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
    wall.millisecond ?? 0,
    timeZone,
  );
  // A wall time that a fall-back change repeats: the same reading one change earlier is the first of the two.
  const fallBack = (tzOffset(timeZone, new Date(instant - DAY_MS)) - tzOffset(timeZone, new Date(instant))) * 60_000;
  if (fallBack > 0) {
    const reading = wallClockOf(instant, timeZone);
    const earlier = wallClockOf(instant - fallBack, timeZone);
    if ((Object.keys(reading) as (keyof WallClock)[]).every((field) => reading[field] === earlier[field])) {
      return new Date(instant - fallBack);
    }
  }
  return new Date(instant);
}

/** A `YYYY-MM-DD` day's parts; null when it is not written so or is no real day (2026-02-30, 2026-13-45). */
function parseDay(day: string): Pick<WallClock, 'year' | 'month' | 'day'> | null {
  const d = DAY.exec(day);
  if (!d) return null;
  const parts = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]) };
  const check = new Date(0);
  check.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  return check.getUTCMonth() === parts.month - 1 && check.getUTCDate() === parts.day ? parts : null;
}

/**
 * A `Date` whose own local fields (`getFullYear()` ... `getMinutes()`, read in the zone where the code runs) show the
 * wall clock of `at` in `timeZone`: for components that lay out local times without knowing zones, such as the design
 * system's CalendarGrid. Give such a date back to `instantOfWallDate` to find the instant it stands for.
 */
export function wallDateOf(at: Date | number | string, timeZone?: string): Date {
  const w = wallClockOf(at, timeZone);
  return new Date(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.millisecond);
}

/** The instant a wall date (see `wallDateOf`) stands for in `timeZone`. */
export function instantOfWallDate(wall: Date, timeZone?: string): Date {
  return instantOfWallClock(
    {
      year: wall.getFullYear(),
      month: wall.getMonth() + 1,
      day: wall.getDate(),
      hour: wall.getHours(),
      minute: wall.getMinutes(),
      second: wall.getSeconds(),
      millisecond: wall.getMilliseconds(),
    },
    timeZone,
  );
}

/** The calendar day (`YYYY-MM-DD`) a wall date (see `wallDateOf`) shows. */
export function dayOfWallDate(wall: Date): string {
  return `${pad(wall.getFullYear(), 4)}-${pad(wall.getMonth() + 1)}-${pad(wall.getDate())}`;
}

/** The calendar day (`YYYY-MM-DD`) `days` days after `day` (before, when negative); `day` itself when malformed. */
export function shiftDay(day: string, days: number): string {
  const d = parseDay(day);
  return d ? dayOfWallDate(new Date(d.year, d.month - 1, d.day + days)) : day;
}

/** The wall date (see `wallDateOf`) of a calendar day (`YYYY-MM-DD`) at midnight; null when malformed. */
export function wallDateOfDay(day: string): Date | null {
  const d = parseDay(day);
  return d ? new Date(d.year, d.month - 1, d.day) : null;
}

/** The local calendar day (`YYYY-MM-DD`) of an instant in `timeZone`. */
export function dayIn(at: Date | number | string, timeZone?: string): string {
  const w = wallClockOf(at, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The local time (`HH:mm`) of an instant in `timeZone`. */
export function timeIn(at: Date | number | string, timeZone?: string): string {
  const w = wallClockOf(at, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** Today's local calendar day (`YYYY-MM-DD`) in `timeZone`. */
export function todayIn(timeZone?: string, now: Date | number = Date.now()): string {
  return dayIn(now, timeZone);
}

/** The instant of a local day (`YYYY-MM-DD`) and time (`HH:mm` or `HH:mm:ss`) in `timeZone`; null when either is malformed. */
export function instantAt(day: string, time: string, timeZone?: string): Date | null {
  const d = parseDay(day);
  const t = TIME.exec(time);
  if (!d || !t) return null;
  return instantOfWallClock({ ...d, hour: Number(t[1]), minute: Number(t[2]), second: Number(t[3] ?? 0) }, timeZone);
}

/**
 * The local day of `at` (an instant, or a `YYYY-MM-DD` day) in `timeZone` as [start, end): its first instant and the
 * next day's. A day is 23, 24 or 25 hours long across daylight-saving changes.
 */
export function dayBounds(at: Date | number | string, timeZone?: string): { start: Date; end: Date } {
  const day = (typeof at === 'string' && parseDay(at)) || wallClockOf(at, timeZone);
  return {
    start: instantOfWallClock({ year: day.year, month: day.month, day: day.day }, timeZone),
    end: instantOfWallClock({ year: day.year, month: day.month, day: day.day + 1 }, timeZone),
  };
}

/**
 * SPEC.md §9: one local day, 00:00:00.000 to 23:59:59.999 local time, as UTC ISO strings (the day range of
 * `/api/appointments/retrieve-events/{startIso}/{endIso}`). `at` is an instant or a `YYYY-MM-DD` day; without a zone,
 * the day where the code runs.
 */
export function dayRange(at: Date | number | string, timeZone?: string): { startIso: string; endIso: string } {
  const { start, end } = dayBounds(at, timeZone);
  return { startIso: start.toISOString(), endIso: new Date(end.getTime() - 1).toISOString() };
}

/**
 * Dates and times as a therapist reads them, in the practice's time zone (CATALOG.md). Intl does the formatting; each
 * formatter is built once per style and zone, since a list page formats hundreds of values.
 */
const STYLES = {
  /** "Mon 12 Jan 2026, 10:00" */
  when: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  /** "12 Jan 2026, 10:00" */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** "12 Jan 2026" */
  date: { dateStyle: 'medium' },
  /** "Monday 12 January 2026" */
  longDay: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** "10:00" */
  time: { timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Style = keyof typeof STYLES;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: Style, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', { ...STYLES[style], timeZone });
    } catch {
      // An unknown time zone: the one where the code runs.
      format = new Intl.DateTimeFormat('en-GB', STYLES[style]);
    }
    formatters.set(key, format);
  }
  return format;
}

/** An instant in a style; an empty string for nothing, the text itself when it is not a date. */
function formatInstant(style: Style, at: Date | string | null | undefined, timeZone: string | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return typeof at === 'string' ? at : '';
  return formatter(style, timeZone).format(date);
}

/** "Mon 12 Jan 2026, 10:00" in `timeZone`: when a session is. */
export function formatWhen(at: Date | string | null | undefined, timeZone?: string): string {
  return formatInstant('when', at, timeZone);
}

/** "12 Jan 2026, 10:00" in `timeZone`: when something was done or is due. */
export function formatDateTime(at: Date | string | null | undefined, timeZone?: string): string {
  return formatInstant('dateTime', at, timeZone);
}

/** "10:00" in `timeZone`. */
export function formatTime(at: Date | string | null | undefined, timeZone?: string): string {
  return formatInstant('time', at, timeZone);
}

/** A plain day (`YYYY-MM-DD`) in a style, as that calendar day whatever the time zone; an instant in `timeZone`. */
function formatDay(style: Style, at: Date | string | null | undefined, timeZone: string | undefined): string {
  if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(at)) {
    const day = new Date(`${at}T12:00:00Z`);
    return Number.isNaN(day.getTime()) ? at : formatter(style, 'UTC').format(day);
  }
  return formatInstant(style, at, timeZone);
}

/** "12 Jan 2026"; a plain day (`YYYY-MM-DD`) is shown as that calendar day, whatever the time zone. */
export function formatDate(at: Date | string | null | undefined, timeZone?: string): string {
  return formatDay('date', at, timeZone);
}

/** "Monday 12 January 2026": a day as a heading (a diary day, a day of times to book), a plain day as formatDate. */
export function formatLongDay(at: Date | string | null | undefined, timeZone?: string): string {
  return formatDay('longDay', at, timeZone);
}
