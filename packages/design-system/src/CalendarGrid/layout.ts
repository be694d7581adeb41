/** Date and layout helpers for CalendarGrid. Dates are local wall-clock times (the app converts time zones first). */

export const MINUTES_PER_DAY = 24 * 60;

export function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export type CalendarView = 'day' | 'week' | 'month';

function weekStart(day: Date, weekStartsOn: number): Date {
  return addDays(day, -((day.getDay() - weekStartsOn + 7) % 7));
}

/**
 * The days shown: one for the day view; seven from the week's first day for the week view; for the month view, whole
 * weeks from the week of the month's 1st to the week of its last day (35 or 42 days, 28 for a February that fits).
 */
export function visibleDays(date: Date, view: CalendarView, weekStartsOn: number): Date[] {
  const day = startOfDay(date);
  if (view === 'day') return [day];
  if (view === 'week') {
    const first = weekStart(day, weekStartsOn);
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  const first = weekStart(new Date(day.getFullYear(), day.getMonth(), 1), weekStartsOn);
  const last = new Date(day.getFullYear(), day.getMonth() + 1, 0);
  const count = Math.round((addDays(last, 1).getTime() - first.getTime()) / 86_400_000);
  return Array.from({ length: Math.ceil(count / 7) * 7 }, (_, i) => addDays(first, i));
}

/** The wall-clock time `days` days and `minutes` minutes after `date` (a day is a calendar day, whatever its length). */
export function shiftWallClock(date: Date, days: number, minutes: number): Date {
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() + days,
    date.getHours(),
    date.getMinutes() + minutes,
  );
}

/** Whole calendar days from `from`'s day to `to`'s day. */
export function daysBetween(from: Date, to: Date): number {
  return Math.round((startOfDay(to).getTime() - startOfDay(from).getTime()) / 86_400_000);
}

/** Minutes after midnight on `day`, clamped to the day (wall clock, so DST days still line up with the hour labels). */
export function minutesInDay(date: Date, day: Date): number {
  if (date.getTime() <= day.getTime()) return 0;
  if (date.getTime() >= addDays(day, 1).getTime()) return MINUTES_PER_DAY;
  return date.getHours() * 60 + date.getMinutes();
}

export function formatClock(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

export interface Span {
  start: number;
  end: number;
}

export interface Placed<T> {
  item: T;
  start: number;
  end: number;
  lane: number;
  lanes: number;
}

/**
 * Places overlapping items side by side: items that overlap (directly or through a chain) form a cluster; within a
 * cluster each item takes the first lane free at its start, and every item of the cluster shares the cluster's lane count.
 */
export function placeSideBySide<T>(items: (T & Span)[]): Placed<T>[] {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end);
  const placed: Placed<T>[] = [];
  let cluster: Placed<T>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -Infinity;
  const close = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    placed.push(...cluster);
    cluster = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(item.end);
    } else laneEnds[lane] = item.end;
    cluster.push({ item, start: item.start, end: item.end, lane, lanes: 1 });
    clusterEnd = Math.max(clusterEnd, item.end);
  }
  close();
  return placed;
}
