import { LONG_DATE_TIME } from '../dates';

/**
 * When something happens or happened, for an e-mail: "Tuesday 3 December at 10:00 (Europe/London)", in the practice's
 * time zone, which is named so a reader elsewhere can tell; the year shows when it is not this year.
 */
export function formatWhenForMail(date: Date, timeZone: string, now: Date = new Date()): string {
  try {
    const parts = (at: Date) =>
      Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', { ...LONG_DATE_TIME, timeZone })
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
