import { dayIndexOf, shiftDate, type AvailabilityDay } from '@halcyon/api/contract';
import { dayIn, instantAt } from '@halcyon/api/time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** 23:59 after midnight. */
const LAST_MINUTE = DAY - MINUTE;
/** An availability time as the settings save it: `HH:mm`, from 00:00 to 23:59. */
const WALL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** One weekly window of a member's availability (a day and its wall-clock times in the practice's zone). */
export interface WeeklyWindow extends AvailabilityDay {
  therapistId: number;
}

/** Time a member is busy (a session, an appointment, blocked time, an open request). */
export interface BusyRange {
  therapistId: number;
  start: Date;
  end: Date;
}

export interface SlotRules {
  durationMinutes: number;
  stepMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minimumNoticeHours: number;
  maxDaysAhead: number;
}

export interface Slot {
  therapistId: number;
  start: Date;
  end: Date;
}

export interface FreeSlotsInput {
  windows: readonly WeeklyWindow[];
  busy: readonly BusyRange[];
  rules: SlotRules;
  /** The practice's time zone: the windows' wall-clock times are read in it. */
  timeZone: string;
  /** The range asked for: slots that start at or after `from` and end by `to`. */
  from: Date;
  to: Date;
  now: Date;
  /** Each start once, with the member free then who is least busy in the range (see onePerStart). */
  onePerStart?: boolean;
}

/** Busy time as disjoint spans [start, end) in milliseconds, by start: overlapping or touching ranges merged. */
type Intervals = { start: number; end: number }[];

/** Each member's busy time merged into disjoint spans, by start (one sort per member, not one scan per slot). */
function busyIntervals(busy: readonly BusyRange[]): Map<number, Intervals> {
  const byMember = new Map<number, Intervals>();
  for (const range of busy) {
    let spans = byMember.get(range.therapistId);
    if (!spans) byMember.set(range.therapistId, (spans = []));
    spans.push({ start: range.start.getTime(), end: range.end.getTime() });
  }
  for (const [therapistId, spans] of byMember) {
    spans.sort((a, b) => a.start - b.start);
    const merged: Intervals = [];
    for (const span of spans) {
      const last = merged[merged.length - 1];
      if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
      else merged.push({ ...span });
    }
    byMember.set(therapistId, merged);
  }
  return byMember;
}

/** Does any span overlap [start, end)? A binary search for the first span ending after `start` (ends rise too). */
function overlapsAny(spans: Intervals | undefined, start: number, end: number): boolean {
  if (!spans) return false;
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (spans[middle]!.end > start) high = middle;
    else low = middle + 1;
  }
  const first = spans[low];
  return first !== undefined && first.start < end;
}

/** Days read in a zone so far (`zone day`): zone rules do not change while the server runs. Emptied past a bound. */
const steadyDays = new Map<string, { midnight: number; offset: number | null }>();
const STEADY_DAYS_KEPT = 20_000;

/**
 * A local day's midnight as UTC wall clock (ms), and its offset from UTC when the offset is the same at its first and
 * last minute (no clock change that day: its times are wall clock less the offset), else null. Two look-ups in the zone
 * per day, kept for the next call.
 */
function steadyDay(day: string, timeZone: string): { midnight: number; offset: number | null } {
  const key = `${timeZone} ${day}`;
  let found = steadyDays.get(key);
  if (!found) {
    const midnight = Date.parse(`${day}T00:00:00Z`);
    const first = instantAt(day, '00:00', timeZone)?.getTime();
    const last = instantAt(day, '23:59', timeZone)?.getTime();
    const steady = first !== undefined && last !== undefined && midnight - first === midnight + LAST_MINUTE - last;
    if (steadyDays.size >= STEADY_DAYS_KEPT) steadyDays.clear();
    steadyDays.set(key, (found = { midnight, offset: steady ? midnight - first : null }));
  }
  return found;
}

/**
 * The free start times of a service: every `stepMinutes` from the start of each availability window (its wall-clock
 * times read on each local day in the practice's zone, through `@halcyon/api/time`, so 09:00 is 09:00 on both sides of
 * a daylight-saving change and a 23- or 25-hour day has as many hours as it really has), while the session fits in the
 * window, starts after the minimum notice and within the days ahead allowed, and neither it nor its buffers overlap
 * the member's busy time. Sorted by start, then member; a member's time is offered once even if two windows overlap.
 * With `onePerStart`, each start once (see onePerStart). The starts are numbers until the last step: only the slots
 * answered become Dates (a team's week is hundreds of free starts, of which the booking page shows one per time).
 */
export function freeSlots(input: FreeSlotsInput): Slot[] {
  const found = candidateStarts(input);
  const chosen = input.onePerStart ? onePerStart(found, input.busy, input.from, input.to) : eachOnceByStart(found);
  const length = input.rules.durationMinutes * MINUTE;
  return chosen.map(({ therapistId, start }) => ({
    therapistId,
    start: new Date(start),
    end: new Date(start + length),
  }));
}

/** A member's free start, in milliseconds since the epoch. */
interface FreeStart {
  therapistId: number;
  start: number;
}

/** Minutes after midnight of an availability time (`HH:mm`), or null for a time the settings never save. */
function wallMinutes(time: string): number | null {
  const wall = WALL_TIME.exec(time);
  return wall ? Number(wall[1]) * 60 + Number(wall[2]) : null;
}

/**
 * The free starts of `freeSlots` in the order found (day by day, window by window): a member's start appears twice
 * when two of their windows overlap.
 */
function candidateStarts({ windows, busy, rules, timeZone, from, to, now }: FreeSlotsInput): FreeStart[] {
  const length = rules.durationMinutes * MINUTE;
  const step = Math.max(1, rules.stepMinutes) * MINUTE;
  const earliest = Math.max(from.getTime(), now.getTime() + rules.minimumNoticeHours * HOUR);
  const latestStart = now.getTime() + rules.maxDaysAhead * DAY;
  const latestEnd = to.getTime();
  if (earliest >= latestEnd || windows.length === 0) return [];

  const busyOf = busyIntervals(busy);
  const before = rules.bufferBeforeMinutes * MINUTE;
  const after = rules.bufferAfterMinutes * MINUTE;
  // Each window's times read once, not once a day.
  const timed = windows.map((window) => ({
    window,
    opens: wallMinutes(window.startTime),
    closes: wallMinutes(window.endTime),
    spans: busyOf.get(window.therapistId),
  }));

  // A day without a clock change (see steadyDay): its wall-clock times are that offset from UTC. A day with a change
  // reads each (day, time) in the zone, once.
  const instants = new Map<string, number | undefined>();
  const found: FreeStart[] = [];
  const lastDay = dayIn(latestEnd, timeZone);
  for (let day = dayIn(earliest, timeZone); day <= lastDay; day = shiftDate(day, { days: 1 })) {
    const weekday = dayIndexOf(day);
    const { midnight, offset } = steadyDay(day, timeZone);
    const instantOn = (time: string, minutes: number | null) => {
      if (offset !== null && minutes !== null) return midnight + minutes * MINUTE - offset;
      const key = `${day} ${time}`;
      if (!instants.has(key)) instants.set(key, instantAt(day, time, timeZone)?.getTime());
      return instants.get(key);
    };
    for (const { window, opens: opensAt, closes: closesAt, spans } of timed) {
      if (window.dayIndex !== weekday) continue;
      const opens = instantOn(window.startTime, opensAt);
      const closes = instantOn(window.endTime, closesAt);
      if (opens === undefined || closes === undefined) continue;
      for (let start = opens; start + length <= closes; start += step) {
        const end = start + length;
        if (start < earliest || start > latestStart || end > latestEnd) continue;
        // Neither the session nor its buffers may overlap the member's busy time.
        if (!overlapsAny(spans, start - before, end + after)) found.push({ therapistId: window.therapistId, start });
      }
    }
  }
  return found;
}

/** Free starts by start, then member, a member's start once. */
function eachOnceByStart(found: FreeStart[]): FreeStart[] {
  found.sort((a, b) => a.start - b.start || a.therapistId - b.therapistId);
  return found.filter(
    (slot, i) => i === 0 || found[i - 1]!.start !== slot.start || found[i - 1]!.therapistId !== slot.therapistId,
  );
}

/**
 * The free times a visitor who asked for anyone is shown: each start once, with the member free then who has the least
 * busy time in the range (then the lowest id), so new clients spread over the team and the page holds one time per
 * button however large the team. `slots` may come in any order and name a member's start more than once; the answer
 * is by start.
 */
export function onePerStart<S extends { therapistId: number; start: Date | number }>(
  slots: readonly S[],
  busy: readonly BusyRange[],
  from: Date,
  to: Date,
): S[] {
  const load = new Map<number, number>();
  for (const range of busy) {
    const ms = Math.min(range.end.getTime(), to.getTime()) - Math.max(range.start.getTime(), from.getTime());
    if (ms > 0) load.set(range.therapistId, (load.get(range.therapistId) ?? 0) + ms);
  }
  const loadOf = (slot: S) => load.get(slot.therapistId) ?? 0;
  const chosen = new Map<number, S>();
  for (const slot of slots) {
    const at = Number(slot.start);
    const best = chosen.get(at);
    if (
      !best ||
      loadOf(slot) < loadOf(best) ||
      (loadOf(slot) === loadOf(best) && slot.therapistId < best.therapistId)
    ) {
      chosen.set(at, slot);
    }
  }
  return [...chosen.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
}
