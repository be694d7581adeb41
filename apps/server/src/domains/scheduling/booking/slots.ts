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
 */
export function freeSlots({ windows, busy, rules, timeZone, from, to, now }: FreeSlotsInput): Slot[] {
  const length = rules.durationMinutes * MINUTE;
  const step = Math.max(1, rules.stepMinutes) * MINUTE;
  const earliest = Math.max(from.getTime(), now.getTime() + rules.minimumNoticeHours * HOUR);
  const latestStart = now.getTime() + rules.maxDaysAhead * DAY;
  const latestEnd = to.getTime();
  if (earliest >= latestEnd || windows.length === 0) return [];

  const busyOf = busyIntervals(busy);
  const clashes = (therapistId: number, start: number, end: number) =>
    overlapsAny(
      busyOf.get(therapistId),
      start - rules.bufferBeforeMinutes * MINUTE,
      end + rules.bufferAfterMinutes * MINUTE,
    );

  // A day without a clock change (see steadyDay): its wall-clock times are that offset from UTC. A day with a change
  // reads each (day, time) in the zone, once.
  const instants = new Map<string, number | undefined>();
  const instantOn = (day: string, time: string) => {
    const { midnight, offset } = steadyDay(day, timeZone);
    const wall = WALL_TIME.exec(time);
    if (offset !== null && wall) return midnight + (Number(wall[1]) * 60 + Number(wall[2])) * MINUTE - offset;
    const key = `${day} ${time}`;
    if (!instants.has(key)) instants.set(key, instantAt(day, time, timeZone)?.getTime());
    return instants.get(key);
  };

  // Free starts as numbers; a member's start found twice (two of their windows overlap) is dropped once sorted.
  const found: { therapistId: number; start: number }[] = [];
  const lastDay = dayIn(latestEnd, timeZone);
  for (let day = dayIn(earliest, timeZone); day <= lastDay; day = shiftDate(day, { days: 1 })) {
    const weekday = dayIndexOf(day);
    for (const window of windows) {
      if (window.dayIndex !== weekday) continue;
      const opens = instantOn(day, window.startTime);
      const closes = instantOn(day, window.endTime);
      if (opens === undefined || closes === undefined) continue;
      for (let start = opens; start + length <= closes; start += step) {
        const end = start + length;
        if (start < earliest || start > latestStart || end > latestEnd) continue;
        if (!clashes(window.therapistId, start, end)) found.push({ therapistId: window.therapistId, start });
      }
    }
  }
  found.sort((a, b) => a.start - b.start || a.therapistId - b.therapistId);
  const slots: Slot[] = [];
  let previous: (typeof found)[number] | undefined;
  for (const slot of found) {
    if (previous?.start !== slot.start || previous.therapistId !== slot.therapistId) {
      slots.push({ therapistId: slot.therapistId, start: new Date(slot.start), end: new Date(slot.start + length) });
    }
    previous = slot;
  }
  return slots;
}

/**
 * The free times a visitor who asked for anyone is shown: each start once, with the member free then who has the least
 * busy time in the range (then the lowest id), so new clients spread over the team and the page holds one time per
 * button however large the team. `slots` come from `freeSlots` (by start, then member).
 */
export function onePerStart(slots: readonly Slot[], busy: readonly BusyRange[], from: Date, to: Date): Slot[] {
  const load = new Map<number, number>();
  for (const range of busy) {
    const ms = Math.min(range.end.getTime(), to.getTime()) - Math.max(range.start.getTime(), from.getTime());
    if (ms > 0) load.set(range.therapistId, (load.get(range.therapistId) ?? 0) + ms);
  }
  const loadOf = (slot: Slot) => load.get(slot.therapistId) ?? 0;
  const chosen: Slot[] = [];
  for (const slot of slots) {
    const last = chosen[chosen.length - 1];
    if (!last || last.start.getTime() !== slot.start.getTime()) chosen.push(slot);
    else if (loadOf(slot) < loadOf(last)) chosen[chosen.length - 1] = slot;
  }
  return chosen;
}
