import { dayIndexOf, shiftDate, type AvailabilityDay } from '@halcyon/api/contract';
import { dayIn, instantAt } from '@halcyon/api/time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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

  const busyOf = new Map<number, BusyRange[]>();
  for (const range of busy) busyOf.set(range.therapistId, [...(busyOf.get(range.therapistId) ?? []), range]);
  const clashes = (therapistId: number, start: number, end: number) =>
    (busyOf.get(therapistId) ?? []).some(
      (range) =>
        range.start.getTime() < end + rules.bufferAfterMinutes * MINUTE &&
        range.end.getTime() > start - rules.bufferBeforeMinutes * MINUTE,
    );

  const seen = new Set<string>();
  const slots: Slot[] = [];
  const lastDay = dayIn(latestEnd, timeZone);
  for (let day = dayIn(earliest, timeZone); day <= lastDay; day = shiftDate(day, { days: 1 })) {
    const weekday = dayIndexOf(day);
    for (const window of windows) {
      if (window.dayIndex !== weekday) continue;
      const opens = instantAt(day, window.startTime, timeZone)?.getTime();
      const closes = instantAt(day, window.endTime, timeZone)?.getTime();
      if (opens === undefined || closes === undefined) continue;
      for (let start = opens; start + length <= closes; start += step) {
        const end = start + length;
        if (start < earliest || start > latestStart || end > latestEnd) continue;
        const key = `${window.therapistId}:${start}`;
        if (seen.has(key) || clashes(window.therapistId, start, end)) continue;
        seen.add(key);
        slots.push({ therapistId: window.therapistId, start: new Date(start), end: new Date(end) });
      }
    }
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime() || a.therapistId - b.therapistId);
}
