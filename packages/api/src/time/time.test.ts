import { describe, expect, it } from 'vitest';
import {
  dayBounds,
  dayIn,
  dayRange,
  formatDate,
  formatDateTime,
  formatLongDay,
  formatTime,
  formatWhen,
  instantAt,
  instantOfWallClock,
  instantOfWallDate,
  dayOfWallDate,
  wallDateOf,
  wallDateOfDay,
  shiftDay,
  timeIn,
  todayIn,
  wallClockOf,
} from '.';

const HOUR = 3_600_000;
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe('SPEC.md §9 day range in a time zone', () => {
  it.each([
    ['Europe/London', '2026-01-15', '2026-01-15T00:00:00.000Z', '2026-01-15T23:59:59.999Z', 24],
    ['Europe/London', '2026-07-01', '2026-06-30T23:00:00.000Z', '2026-07-01T22:59:59.999Z', 24],
    // Spring forward: 01:00 becomes 02:00, the day has 23 hours.
    ['Europe/London', '2026-03-29', '2026-03-29T00:00:00.000Z', '2026-03-29T22:59:59.999Z', 23],
    // Fall back: 02:00 becomes 01:00 again, the day has 25 hours.
    ['Europe/London', '2026-10-25', '2026-10-24T23:00:00.000Z', '2026-10-25T23:59:59.999Z', 25],
    ['America/New_York', '2026-01-15', '2026-01-15T05:00:00.000Z', '2026-01-16T04:59:59.999Z', 24],
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00.000Z', '2026-03-09T03:59:59.999Z', 23],
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00.000Z', '2026-11-02T04:59:59.999Z', 25],
    ['Asia/Kolkata', '2026-01-15', '2026-01-14T18:30:00.000Z', '2026-01-15T18:29:59.999Z', 24],
    ['Pacific/Auckland', '2026-01-15', '2026-01-14T11:00:00.000Z', '2026-01-15T10:59:59.999Z', 24],
    // New Zealand's summer time ends on 5 April 2026 (03:00 NZDT becomes 02:00 NZST).
    ['Pacific/Auckland', '2026-04-05', '2026-04-04T11:00:00.000Z', '2026-04-05T11:59:59.999Z', 25],
    ['Pacific/Auckland', '2026-09-27', '2026-09-26T12:00:00.000Z', '2026-09-27T10:59:59.999Z', 23],
  ])('given %s on %s, then the day runs from local 00:00:00.000 to 23:59:59.999', (zone, day, start, end, hours) => {
    const range = dayRange(day, zone);
    expect(range).toEqual({ startIso: start, endIso: end });
    expect(Date.parse(range.endIso) + 1 - Date.parse(range.startIso)).toBe(hours * HOUR);
    expect(wallClockOf(range.startIso, zone)).toMatchObject({ hour: 0, minute: 0, second: 0, millisecond: 0 });
    expect(wallClockOf(range.endIso, zone)).toMatchObject({ hour: 23, minute: 59, second: 59, millisecond: 999 });
    expect(dayIn(range.startIso, zone)).toBe(day);
    expect(dayIn(range.endIso, zone)).toBe(day);
  });

  it('given an instant, then its range is the local day it falls on in the zone, not in UTC', () => {
    // 20:00 UTC on 14 January is already 15 January in Auckland and still 14 January in New York.
    expect(dayRange('2026-01-14T20:00:00.000Z', 'Pacific/Auckland').startIso).toBe('2026-01-14T11:00:00.000Z');
    expect(dayRange(new Date('2026-01-14T20:00:00.000Z'), 'America/New_York').startIso).toBe(
      '2026-01-14T05:00:00.000Z',
    );
  });

  it('given no zone, then the range is the local day where the code runs', () => {
    const { startIso, endIso } = dayRange(new Date(2026, 2, 14, 15, 30));
    const start = new Date(startIso);
    const end = new Date(endIso);
    expect([start.getFullYear(), start.getMonth(), start.getDate(), start.getHours(), start.getMinutes()]).toEqual([
      2026, 2, 14, 0, 0,
    ]);
    expect([end.getDate(), end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([
      14, 23, 59, 59, 999,
    ]);
  });

  it('given a day, then its bounds are its first instant and the next day’s', () => {
    expect(dayBounds('2026-03-29', 'Europe/London')).toEqual({
      start: new Date('2026-03-29T00:00:00.000Z'),
      end: new Date('2026-03-29T23:00:00.000Z'),
    });
    expect(dayBounds(Date.parse('2026-11-01T12:00:00Z'), 'America/New_York')).toEqual({
      start: new Date('2026-11-01T04:00:00.000Z'),
      end: new Date('2026-11-02T05:00:00.000Z'),
    });
  });
});

describe('wall clock and instants in a time zone', () => {
  it.each([
    ['Europe/London', '2026-01-15', '09:30', '2026-01-15T09:30:00.000Z'],
    ['Europe/London', '2026-07-01', '09:30', '2026-07-01T08:30:00.000Z'],
    ['America/New_York', '2026-01-15', '09:30', '2026-01-15T14:30:00.000Z'],
    ['Asia/Kolkata', '2026-01-15', '09:30', '2026-01-15T04:00:00.000Z'],
    ['Pacific/Auckland', '2026-01-15', '09:30', '2026-01-14T20:30:00.000Z'],
    ['Pacific/Auckland', '2026-07-15', '09:30', '2026-07-14T21:30:00.000Z'],
    // A time the spring-forward change skips moves on by the gap.
    ['Europe/London', '2026-03-29', '01:30', '2026-03-29T01:30:00.000Z'],
    ['America/New_York', '2026-03-08', '02:30', '2026-03-08T07:30:00.000Z'],
    // A time the fall-back change repeats is the first of the two (summer time).
    ['Europe/London', '2026-10-25', '01:30', '2026-10-25T00:30:00.000Z'],
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['Pacific/Auckland', '2026-04-05', '02:30', '2026-04-04T13:30:00.000Z'],
    ['Pacific/Auckland', '2026-09-27', '02:30', '2026-09-26T14:30:00.000Z'],
  ])('given %s, %s at %s local, then the instant is %s', (zone, day, time, instant) => {
    expect(iso(instantAt(day, time, zone))).toBe(instant);
  });

  it('given a local time away from a change, then it reads back the same', () => {
    for (const zone of ['Europe/London', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland']) {
      const at = instantAt('2026-03-29', '10:15', zone);
      expect(at && [dayIn(at, zone), timeIn(at, zone)]).toEqual(['2026-03-29', '10:15']);
    }
  });

  it('given the repeated hour of a fall-back day, then both instants read 01:30', () => {
    expect(timeIn('2026-10-25T00:30:00Z', 'Europe/London')).toBe('01:30');
    expect(timeIn('2026-10-25T01:30:00Z', 'Europe/London')).toBe('01:30');
  });

  it('given a malformed day or time, then there is no instant', () => {
    expect(instantAt('', '10:00', 'Europe/London')).toBeNull();
    expect(instantAt('2026-01-15', '', 'Europe/London')).toBeNull();
    expect(instantAt('15/01/2026', '10:00', 'Europe/London')).toBeNull();
  });

  it('given wall-clock fields past their range, then they carry over as Date’s do', () => {
    expect(iso(instantOfWallClock({ year: 2026, month: 1, day: 32, hour: 9 }, 'Asia/Kolkata'))).toBe(
      '2026-02-01T03:30:00.000Z',
    );
    expect(iso(instantOfWallClock({ year: 2026, month: 13, day: 1 }, 'Europe/London'))).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it('given an instant, then its wall clock is read in the zone', () => {
    expect(wallClockOf('2026-06-30T23:30:00.000Z', 'Europe/London')).toEqual({
      year: 2026,
      month: 7,
      day: 1,
      hour: 0,
      minute: 30,
      second: 0,
      millisecond: 0,
    });
  });

  it('given the same instant, then "today" is the local day of each zone', () => {
    const now = Date.parse('2026-01-14T19:00:00Z');
    expect(todayIn('Pacific/Auckland', now)).toBe('2026-01-15');
    expect(todayIn('Asia/Kolkata', now)).toBe('2026-01-15');
    expect(todayIn('Europe/London', now)).toBe('2026-01-14');
    expect(todayIn('America/New_York', new Date(now))).toBe('2026-01-14');
  });
});

describe('dates and times for a therapist, in the practice time zone', () => {
  const at = '2026-01-12T10:00:00.000Z';

  it('given a session start, then "when" names the weekday, day and time in the zone', () => {
    expect(formatWhen(at, 'Europe/London')).toMatch(/^Mon,? 12 Jan 2026, 10:00$/);
    expect(formatWhen(new Date(at), 'Pacific/Auckland')).toMatch(/^Mon,? 12 Jan 2026, 23:00$/);
  });

  it('given an instant, then the date and time, the date or the time show in the zone', () => {
    expect(formatDateTime(at, 'Asia/Kolkata')).toBe('12 Jan 2026, 15:30');
    expect(formatDateTime('2026-01-12T12:00:00Z', 'Pacific/Auckland')).toBe('13 Jan 2026, 01:00');
    expect(formatDate('2026-01-12T12:00:00Z', 'Pacific/Auckland')).toBe('13 Jan 2026');
    expect(formatTime(at, 'America/New_York')).toBe('05:00');
  });

  it('given a plain day, then it shows as that calendar day in every zone', () => {
    expect(formatDate('2026-03-03', 'Pacific/Auckland')).toBe('3 Mar 2026');
    expect(formatDate('2026-03-03', 'America/New_York')).toBe('3 Mar 2026');
  });

  it('given a day as a heading, then it names the weekday and the month in full, a plain day in every zone', () => {
    expect(formatLongDay('2026-11-30', 'Pacific/Auckland')).toMatch(/^Monday,? 30 November 2026$/);
    expect(formatLongDay('2026-11-30', 'America/Los_Angeles')).toMatch(/^Monday,? 30 November 2026$/);
    expect(formatLongDay('2026-11-30T23:30:00Z', 'Pacific/Auckland')).toMatch(/^Tuesday,? 1 December 2026$/);
    expect(formatLongDay(null)).toBe('');
  });

  it('given nothing or text that is no date, then nothing or the text itself', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatWhen(undefined, 'Europe/London')).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('soon', 'Europe/London')).toBe('soon');
  });

  it('given an unknown zone, then it formats in the zone where the code runs instead of failing', () => {
    expect(formatTime(at, 'Mars/Olympus_Mons')).toBe(formatTime(at));
  });
});

describe("wall dates (local Date fields showing a zone's wall clock, for the calendar grid)", () => {
  it.each([
    ['Europe/London', '2026-07-01T08:30:00.000Z', [2026, 6, 1, 9, 30]],
    ['America/New_York', '2026-01-15T03:00:00.000Z', [2026, 0, 14, 22, 0]],
    ['Pacific/Auckland', '2026-04-04T13:15:00.000Z', [2026, 3, 5, 2, 15]],
  ] as const)('given %s, then %s shows its wall clock and comes back to the same instant', (zone, at, fields) => {
    const wall = wallDateOf(at, zone);
    expect([wall.getFullYear(), wall.getMonth(), wall.getDate(), wall.getHours(), wall.getMinutes()]).toEqual(fields);
    expect(instantOfWallDate(wall, zone).toISOString()).toBe(at);
  });

  it('given a day, then its wall date is midnight of that day and reads back as the day', () => {
    const wall = wallDateOfDay('2026-03-29');
    expect(wall && dayOfWallDate(wall)).toBe('2026-03-29');
    expect(wall?.getHours()).toBe(0);
    expect(wallDateOfDay('29/03/2026')).toBeNull();
    // Impossible days do not roll over into the next month or year.
    for (const day of ['2026-02-30', '2026-13-45', '2026-00-10', '2025-02-29'])
      expect(wallDateOfDay(day), day).toBeNull();
    expect(wallDateOfDay('2028-02-29')?.getDate()).toBe(29);
  });

  it('given a day, then shifting it by days crosses months, years and clock changes by calendar days', () => {
    expect(shiftDay('2026-03-28', 1)).toBe('2026-03-29');
    expect(shiftDay('2026-03-29', 1)).toBe('2026-03-30');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('not a day', 1)).toBe('not a day');
  });
});
