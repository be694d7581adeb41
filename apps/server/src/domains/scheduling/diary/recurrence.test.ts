import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_OCCURRENCES, SCHEDULING_MESSAGES, type Recurrence } from '@halcyon/api/contract';
import { dayIn, instantOfWallClock, wallClockOf } from '@halcyon/api/time';
import { HttpError } from '../../../platform/errors';
import { occurrences, shiftedStart } from './recurrence';

/** Zones with daylight saving on either side of the equator (the southern ones change in the opposite months). */
const ZONES = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Pacific/Auckland'] as const;
const DAY = 86_400_000;

const localDay = (at: Date, zone: string) => Date.parse(`${dayIn(at, zone)}T00:00:00Z`);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const series = fc.record({
  zone: fc.constantFrom(...ZONES),
  year: fc.integer({ min: 2025, max: 2027 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 31 }),
  // Clock changes happen between 01:00 and 03:00 in these zones: working hours are never skipped or repeated.
  hour: fc.integer({ min: 7, max: 21 }),
  minute: fc.constantFrom(0, 15, 30, 45),
  frequency: fc.constantFrom<('weekly' | 'fortnightly' | 'monthly')[]>('weekly', 'fortnightly', 'monthly'),
  count: fc.integer({ min: 1, max: 40 }),
});

describe('occurrences (rrule, local time of day kept across daylight saving)', () => {
  it('given any weekly, fortnightly or monthly series in four zones, then every event is at the same local time, the right days apart', () => {
    fc.assert(
      fc.property(series, ({ zone, year, month, day, hour, minute, frequency, count }) => {
        const first = { year, month, day: Math.min(day, daysInMonth(year, month)), hour, minute };
        const start = instantOfWallClock(first, zone);
        const recurrence: Recurrence = { frequency, count, until: null };
        const starts = occurrences(start, recurrence, zone);
        expect(starts).toHaveLength(count);
        expect(starts[0]!.getTime()).toBe(start.getTime());
        starts.forEach((at, i) => {
          expect(wallClockOf(at, zone)).toMatchObject({ hour, minute });
          if (frequency === 'monthly') {
            const months = year * 12 + (month - 1) + i;
            const y = Math.floor(months / 12);
            const m = (months % 12) + 1;
            expect(wallClockOf(at, zone)).toMatchObject({
              year: y,
              month: m,
              day: Math.min(first.day, daysInMonth(y, m)),
            });
          } else {
            const step = frequency === 'weekly' ? 7 : 14;
            expect((localDay(at, zone) - localDay(start, zone)) / DAY).toBe(step * i);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('given an until date, then the series stops on the last event on or before that local day', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 0, max: 400 }), (s, span) => {
        const start = instantOfWallClock(
          { year: s.year, month: s.month, day: Math.min(s.day, daysInMonth(s.year, s.month)), hour: s.hour },
          s.zone,
        );
        const until = new Date(localDay(start, s.zone) + span * DAY).toISOString().slice(0, 10);
        const starts = occurrences(start, { frequency: s.frequency, count: null, until }, s.zone);
        expect(starts.length).toBeGreaterThan(0);
        expect(starts.length).toBeLessThanOrEqual(MAX_OCCURRENCES);
        for (const at of starts) expect(dayIn(at, s.zone) <= until).toBe(true);
        // The next one would be after `until` (or past the limit).
        const more = occurrences(start, { frequency: s.frequency, count: starts.length + 1, until: null }, s.zone);
        expect(dayIn(more[more.length - 1]!, s.zone) > until).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    // Spring forward in each zone: 10:00 local keeps its local time, so the UTC time moves by an hour.
    ['Europe/London', '2026-03-23T10:00:00.000Z', ['2026-03-23T10:00:00.000Z', '2026-03-30T09:00:00.000Z']],
    ['America/New_York', '2026-03-02T15:00:00.000Z', ['2026-03-02T15:00:00.000Z', '2026-03-09T14:00:00.000Z']],
    ['Australia/Sydney', '2026-03-30T23:00:00.000Z', ['2026-03-30T23:00:00.000Z', '2026-04-07T00:00:00.000Z']],
    ['Pacific/Auckland', '2026-09-20T22:00:00.000Z', ['2026-09-20T22:00:00.000Z', '2026-09-27T21:00:00.000Z']],
  ])(
    'given a weekly series in %s across its clock change, then both are at the same local time',
    (zone, start, expected) => {
      const starts = occurrences(new Date(start), { frequency: 'weekly', count: 2, until: null }, zone);
      expect(starts.map((d) => d.toISOString())).toEqual(expected);
    },
  );

  it('given a monthly series on the 31st, then shorter months take their last day', () => {
    const starts = occurrences(
      new Date('2026-01-31T14:00:00.000Z'),
      { frequency: 'monthly', count: null, until: '2026-04-30' },
      'Europe/London',
    );
    expect(starts.map((d) => dayIn(d, 'Europe/London'))).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('given an until before the start or more than the most occurrences, then 400 on recurrence.until says what to fix', () => {
    const start = new Date('2026-01-12T10:00:00.000Z');
    const refusal = (recurrence: Recurrence) => {
      try {
        occurrences(start, recurrence, 'Europe/London');
      } catch (error) {
        return error instanceof HttpError ? [error.statusCode, error.detail, error.fields] : error;
      }
      return null;
    };
    expect(refusal({ frequency: 'weekly', count: null, until: '2026-01-01' })).toEqual([
      400,
      SCHEDULING_MESSAGES.untilBeforeFirst,
      { 'recurrence.until': SCHEDULING_MESSAGES.untilBeforeFirstField },
    ]);
    expect(refusal({ frequency: 'weekly', count: null, until: '2028-12-31' })).toEqual([
      400,
      SCHEDULING_MESSAGES.tooMany,
      { 'recurrence.until': SCHEDULING_MESSAGES.tooManyField },
    ]);
    expect(occurrences(start, { frequency: 'none', count: null, until: null }, 'Europe/London')).toEqual([start]);
  });
});

describe('shiftedStart (a series moved with one of its events)', () => {
  it('given a series moved from Monday 10:00 to Tuesday 14:00 local, then each event moves a day on, to 14:00 local across the change', () => {
    const zone = 'Europe/London';
    const from = new Date('2026-03-23T10:00:00.000Z');
    const to = new Date('2026-03-24T14:00:00.000Z');
    expect(shiftedStart(new Date('2026-03-30T09:00:00.000Z'), from, to, zone).toISOString()).toBe(
      '2026-03-31T13:00:00.000Z',
    );
    expect(shiftedStart(new Date('2026-03-16T10:00:00.000Z'), from, to, zone).toISOString()).toBe(
      '2026-03-17T14:00:00.000Z',
    );
  });
});
