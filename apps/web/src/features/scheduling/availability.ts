import type { AvailabilityRange } from '@halcyon/design-system';

/** A member's weekly hours as the availability settings hold them (`dayIndex` 0 is Monday; times `HH:mm`). */
export interface WeeklyHours {
  therapistId: number;
  days: readonly { dayIndex: number; startTime: string; endTime: string }[];
}

function at(day: Date, time: string): Date | null {
  const match = /^(\d{2}):(\d{2})/.exec(time);
  return match ? new Date(day.getFullYear(), day.getMonth(), day.getDate(), Number(match[1]), Number(match[2])) : null;
}

/**
 * The shaded availability of one member over the days shown (wall dates of the practice's zone, as the grid takes
 * them): each weekly range on each day of its weekday.
 */
export function availabilityOn(
  hours: readonly WeeklyHours[],
  therapistId: number | null,
  days: readonly Date[],
): AvailabilityRange[] {
  if (therapistId === null) return [];
  const ranges: AvailabilityRange[] = [];
  for (const entry of hours) {
    if (entry.therapistId !== therapistId) continue;
    for (const day of days) {
      const dayIndex = (day.getDay() + 6) % 7;
      for (const range of entry.days) {
        if (range.dayIndex !== dayIndex) continue;
        const start = at(day, range.startTime);
        const end = at(day, range.endTime);
        if (start && end && end > start) ranges.push({ start, end });
      }
    }
  }
  return ranges;
}
