import { z } from 'zod';

/**
 * One rule for every date a person enters (issue 11 item 4): a date is checked against a range, on the server and in the
 * form, from the same schema. Messages name the limits as a person reads them ("3 Nov 2026", "today"), never a format
 * such as YYYY-MM-DD: the date field shows the browser's own format, so a message must not assume one.
 */

/** A limit of a range: a fixed day (`YYYY-MM-DD`), or a distance from today (negative: in the past). */
export type DateLimit = string | { readonly years?: number; readonly months?: number; readonly days?: number };
export interface DateRange {
  readonly min?: DateLimit;
  readonly max?: DateLimit;
}

const TODAY = { days: 0 } as const;

/** The ranges of the clients vertical; a new date field picks one of these (or adds one here), never its own numbers. */
export const DATE_RANGES = {
  /** Sessions, appointments, blocked time, recurring series and other services: 10 years back to 2 years ahead. */
  session: { min: { years: -10 }, max: { years: 2 } },
  /** A date of birth: in the past. */
  birth: { min: '1900-01-01', max: TODAY },
  /** Something that has happened (an assessment, a measure completed, a risk event, a review held): up to today. */
  happened: { min: { years: -10 }, max: TODAY },
  /** A fact of the client's history (a referral, a diagnosis): up to today. */
  history: { min: '1900-01-01', max: TODAY },
  /** A plan's dates and targets, and when to review something next: 10 years back to 5 years ahead. */
  plan: { min: { years: -10 }, max: { years: 5 } },
  /** When to review a risk or a plan next: 10 years back (entered late) to 2 years ahead. */
  review: { min: { years: -10 }, max: { years: 2 } },
  /** Insurance cover: 30 years back to 10 years ahead. */
  cover: { min: { years: -30 }, max: { years: 10 } },
  /** An invoice's issue and due dates: 10 years back (billing old work) to 2 years ahead. */
  invoice: { min: { years: -10 }, max: { years: 2 } },
  /** Something to happen from today on (a measure's first send, a signature's due date): up to 2 years ahead. */
  upcoming: { min: TODAY, max: { years: 2 } },
  /** A task's due date: 5 years back (a task entered late, or an old one edited) to 5 years ahead. */
  due: { min: { years: -5 }, max: { years: 5 } },
  /** The period of a report (an accountant's export, a claim's dates): 10 years back to a year ahead. */
  report: { min: { years: -10 }, max: { years: 1 } },
} as const satisfies Record<string, DateRange>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Today (`YYYY-MM-DD`) where the code runs: the browser's day in a form, the server's day on the server. */
export function todayDate(now: Date = new Date()): string {
  return dayOf(now);
}

/** Is this a real calendar day written `YYYY-MM-DD` (not 2026-02-30)? */
export function isCalendarDate(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Moves a `YYYY-MM-DD` day by years, months and days (31 Jan + 1 month is the last day of February). */
export function shiftDate(value: string, by: { years?: number; months?: number; days?: number }): string {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const months = y * 12 + (m - 1) + (by.years ?? 0) * 12 + (by.months ?? 0);
  const year = Math.floor(months / 12);
  const month = months - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = new Date(Date.UTC(year, month, Math.min(d, last)) + (by.days ?? 0) * 86_400_000);
  return shifted.toISOString().slice(0, 10);
}

const limitDate = (limit: DateLimit, today: string) => (typeof limit === 'string' ? limit : shiftDate(today, limit));
const isToday = (limit: DateLimit | undefined) =>
  typeof limit === 'object' && !limit.years && !limit.months && !limit.days;

/**
 * The days a range allows today, for a date field's `min` and `max`; `notBefore` raises the minimum to another date of the
 * record (a review on or after the plan's start).
 */
export function dateLimits(
  range: DateRange,
  options: { notBefore?: string | null; now?: Date } = {},
): { min?: string; max?: string } {
  const today = todayDate(options.now);
  const min = range.min === undefined ? undefined : limitDate(range.min, today);
  const floor = options.notBefore && isCalendarDate(options.notBefore) ? options.notBefore : undefined;
  const lowest = floor && (!min || floor > min) ? floor : min;
  return {
    ...(lowest !== undefined && { min: lowest }),
    ...(range.max !== undefined && { max: limitDate(range.max, today) }),
  };
}

const HUMAN = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A `YYYY-MM-DD` day as a person reads it: "3 Nov 2026". */
export function humanDate(value: string): string {
  return isCalendarDate(value) ? HUMAN.format(new Date(`${value}T00:00:00Z`)) : value;
}

function limitWords(limit: DateLimit, today: string): string {
  return isToday(limit) ? 'today' : humanDate(limitDate(limit, today));
}

/** "Choose a date of birth between 1 Jan 1900 and today." */
export function dateRangeMessage(label: string, range: DateRange, now: Date = new Date()): string {
  const today = todayDate(now);
  if (range.min !== undefined && range.max !== undefined) {
    return `Choose ${label} between ${limitWords(range.min, today)} and ${limitWords(range.max, today)}.`;
  }
  if (range.min !== undefined) return `Choose ${label} on or after ${limitWords(range.min, today)}.`;
  if (range.max !== undefined) return `Choose ${label} on or before ${limitWords(range.max, today)}.`;
  return `Choose ${label}.`;
}

/** "The review date must be on or after the start date (3 Nov 2026)." */
export function dateOrderMessage(later: string, earlier: string, earlierValue?: string | null): string {
  const sentence = `${later.charAt(0).toUpperCase()}${later.slice(1)} must be on or after ${earlier}`;
  return earlierValue ? `${sentence} (${humanDate(earlierValue)}).` : `${sentence}.`;
}

/**
 * Does a day (`YYYY-MM-DD`) or an instant (ISO date-time) fall in the range? Limits relative to today get one day of slack
 * on each side, so a form in a time zone ahead of or behind the server's is never refused for the same day.
 */
export function inDateRange(value: string, range: DateRange, now: Date = new Date()): boolean {
  const today = todayDate(now);
  const time = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);
  // Not a date at all: the field's format rule says so, not the range.
  if (Number.isNaN(time)) return true;
  const day = DAY.test(value) ? value : new Date(time).toISOString().slice(0, 10);
  const slack = (limit: DateLimit, days: number) =>
    typeof limit === 'string' ? limit : shiftDate(limitDate(limit, today), { days });
  if (range.min !== undefined && day < slack(range.min, -1)) return false;
  if (range.max !== undefined && day > slack(range.max, 1)) return false;
  return true;
}

/** Is `later` on or after `earlier` (either may be missing, then there is nothing to compare)? */
export function dateNotBefore(later: string | null | undefined, earlier: string | null | undefined): boolean {
  return !later || !earlier || later.slice(0, 10) >= earlier.slice(0, 10);
}

/**
 * The order of two dates of one form, as `refine` arguments: `.refine(...dateOrder('reviewDate', 'the review date',
 * 'startDate', 'the start date'))` puts "The review date must be on or after the start date." on `reviewDate`.
 */
export function dateOrder<L extends string, E extends string>(
  later: L,
  laterLabel: string,
  earlier: E,
  earlierLabel: string,
): [(body: { [K in L | E]?: string | null }) => boolean, { path: string[]; message: string }] {
  return [
    (body) => dateNotBefore(body[later], body[earlier]),
    { path: [later], message: dateOrderMessage(laterLabel, earlierLabel) },
  ];
}

/** A period to list or filter by: a first and a last day (`YYYY-MM-DD`), either of them open (empty or missing). */
export interface Period {
  from?: string | null | undefined;
  to?: string | null | undefined;
}

/**
 * What is wrong with a period, by end: each day given is in the range ("Choose the first day between 26 Nov 2016 and
 * 26 Nov 2028."), and the last day is on or after the first. Empty when it is fine. The server's list queries and the
 * filter modal's date ranges both check a period with this, so they say the same.
 */
export function periodProblems(
  period: Period,
  range: DateRange,
  now: Date = new Date(),
): { from?: string; to?: string } {
  const problems: { from?: string; to?: string } = {};
  const ends = [
    ['from', 'the first day'],
    ['to', 'the last day'],
  ] as const;
  for (const [end, label] of ends) {
    const day = period[end];
    if (day && !inDateRange(day, range, now)) problems[end] = dateRangeMessage(label, range, now);
  }
  if (!problems.from && !problems.to && !dateNotBefore(period.to, period.from)) {
    problems.to = dateOrderMessage('the last day', 'the first day');
  }
  return problems;
}

/**
 * A required day (`YYYY-MM-DD`) in a range: `dateInRange('the session date', DATE_RANGES.session)`. The label is how the
 * messages name the field ("Enter the review date.", "Choose the review date between 24 Nov 2016 and today.").
 */
export function dateInRange(label: string, range: DateRange) {
  return (
    z
      .string({ error: `Enter ${label}.` })
      .trim()
      .min(1, { error: `Enter ${label}.`, abort: true })
      .refine(isCalendarDate, { error: `Enter ${label} as a full date: day, month and year.`, abort: true })
      .superRefine((value, ctx) => {
        if (!inDateRange(value, range)) ctx.addIssue({ code: 'custom', message: dateRangeMessage(label, range) });
      })
      // The published schema (OpenAPI, and the examples the tests build from it) says it is a calendar date.
      .meta({ format: 'date' })
  );
}

/** An optional day in a range: empty or null clears it (the output is then null); left out, it stays undefined. */
export function optionalDateInRange(label: string, range: DateRange) {
  return z
    .string({ error: `Enter ${label} as a date.` })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value?.trim() ? value.trim() : null))
    .pipe(dateInRange(label, range).nullish());
}

/** A required instant (ISO date-time with offset) whose day is in the range: a session's start. */
export function instantInRange(label: string, range: DateRange, missing = `Enter ${label}.`) {
  return z.iso.datetime({ offset: true, error: missing }).superRefine((value, ctx) => {
    if (!inDateRange(value, range)) ctx.addIssue({ code: 'custom', message: dateRangeMessage(label, range) });
  });
}
