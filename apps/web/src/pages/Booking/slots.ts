import type { PublicSlot } from '@halcyon/api/contract';
import { dayIn } from '@halcyon/api/time';

/** Free times grouped by the visitor's local day, days and times in order. */
export function slotsByDay(slots: readonly PublicSlot[], timeZone: string): { day: string; slots: PublicSlot[] }[] {
  const days = new Map<string, PublicSlot[]>();
  for (const slot of [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.therapistId - b.therapistId)) {
    const day = dayIn(slot.startsAt, timeZone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, list]) => ({ day, slots: list }));
}
