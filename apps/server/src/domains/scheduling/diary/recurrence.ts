import { createRequire } from 'node:module';
import type * as RRuleModule from 'rrule';
import { MAX_OCCURRENCES, SCHEDULING_MESSAGES, type Recurrence } from '@halcyon/api/contract';
import { instantOfWallClock, wallClockOf, type WallClock } from '@halcyon/api/time';
import { badRequest } from '../../../platform/errors';

// rrule ships CommonJS with ES-module typings and no "exports" map, so Node's ES-module loader cannot see its named
// exports (jkbrzt/rrule#419, #548) and the server's bundle leaves npm packages external: it is required, typed as itself.
const { RRule } = createRequire(import.meta.url)('rrule') as typeof RRuleModule;

/**
 * A wall-clock reading as rrule's "floating" time: a Date whose UTC fields are the local fields. rrule then steps days,
 * weeks and months without any time zone, and each occurrence is turned back into an instant in the practice's zone,
 * so a series keeps its local time of day across daylight-saving changes.
 */
const floating = (wall: Pick<WallClock, 'year' | 'month' | 'day'> & Partial<WallClock>) =>
  new Date(
    Date.UTC(
      wall.year,
      wall.month - 1,
      wall.day,
      wall.hour ?? 0,
      wall.minute ?? 0,
      wall.second ?? 0,
      wall.millisecond ?? 0,
    ),
  );

const fromFloating = (date: Date): WallClock => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth() + 1,
  day: date.getUTCDate(),
  hour: date.getUTCHours(),
  minute: date.getUTCMinutes(),
  second: date.getUTCSeconds(),
  millisecond: date.getUTCMilliseconds(),
});

/** The RFC 5545 rule of a series starting at `first` (local wall clock). */
function ruleOf(first: WallClock, recurrence: Recurrence): RRuleModule.RRule {
  const [year, month, day] = recurrence.until ? recurrence.until.split('-').map(Number) : [];
  return new RRule({
    freq: recurrence.frequency === 'monthly' ? RRule.MONTHLY : RRule.WEEKLY,
    interval: recurrence.frequency === 'fortnightly' ? 2 : 1,
    dtstart: floating(first),
    // A monthly series on the 29th-31st falls on the month's last day when the month is shorter (RFC 5545 would skip
    // the month): the last of the days from the 28th to the series' day that the month has.
    ...(recurrence.frequency === 'monthly' &&
      first.day > 28 && {
        bymonthday: Array.from({ length: first.day - 27 }, (_, i) => 28 + i),
        bysetpos: -1,
      }),
    ...(recurrence.count !== null && { count: recurrence.count }),
    // `until` is the last local day, inclusive.
    ...(year !== undefined && {
      until: floating({ year, month: month!, day: day!, hour: 23, minute: 59, second: 59 }),
    }),
  });
}

/**
 * The start instants of a recurring series (weekly, fortnightly, monthly; a count or an until date), keeping the local
 * time of day in the practice's time zone across daylight-saving changes; a time a change skips moves on by the gap.
 * Monthly series keep the day of the month (the 31st becomes a shorter month's last day). A series of more than
 * MAX_OCCURRENCES, or none at all (an until before the start), is refused with a 400 on `recurrence.until`.
 */
export function occurrences(start: Date, recurrence: Recurrence, timeZone: string): Date[] {
  if (recurrence.frequency === 'none') return [start];
  const first = wallClockOf(start, timeZone);
  const walls = ruleOf(first, recurrence).all((_date, i) => i <= MAX_OCCURRENCES);
  if (walls.length === 0) {
    throw badRequest(SCHEDULING_MESSAGES.untilBeforeFirst, {
      'recurrence.until': SCHEDULING_MESSAGES.untilBeforeFirstField,
    });
  }
  if (walls.length > MAX_OCCURRENCES) {
    throw badRequest(SCHEDULING_MESSAGES.tooMany, { 'recurrence.until': SCHEDULING_MESSAGES.tooManyField });
  }
  return walls.map((wall) => instantOfWallClock(fromFloating(wall), timeZone));
}

/**
 * Where an event of a series goes when one of them moves from `from` to `to`: on its own local day shifted by as many
 * days as the moved one's local day moved, at the new local time of day (so a weekly series moved from Monday 10:00 to
 * Tuesday 11:00 stays weekly, at 11:00 local on either side of a clock change).
 */
export function shiftedStart(eventStart: Date, from: Date, to: Date, timeZone: string): Date {
  const before = wallClockOf(from, timeZone);
  const after = wallClockOf(to, timeZone);
  const own = wallClockOf(eventStart, timeZone);
  const dayOf = (wall: WallClock) => floating({ year: wall.year, month: wall.month, day: wall.day }).getTime();
  const days = Math.round((dayOf(after) - dayOf(before)) / 86_400_000);
  return instantOfWallClock({ ...after, year: own.year, month: own.month, day: own.day + days }, timeZone);
}
