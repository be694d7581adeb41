import fc from 'fast-check';
import { dayIndexOf, shiftDate } from '@halcyon/api/contract';
import { dayBounds, dayIn, instantAt, timeIn } from '@halcyon/api/time';
import { describe, expect, it } from 'vitest';
import { freeSlots, onePerStart, type BusyRange, type SlotRules, type WeeklyWindow } from './slots';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Three zones with daylight saving (north and south of the equator) and one without. */
const ZONES = [
  { zone: 'Europe/London', changes: ['2026-03-29', '2026-10-25'] },
  { zone: 'America/New_York', changes: ['2026-03-08', '2026-11-01'] },
  { zone: 'Australia/Sydney', changes: ['2026-04-05', '2026-10-04'] },
  { zone: 'Asia/Kolkata', changes: [] as string[] },
] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const windowArb = fc
  .record({
    therapistId: fc.integer({ min: 1, max: 3 }),
    dayIndex: fc.integer({ min: 0, max: 6 }),
    // Quarter hours, so windows also open and close inside the hour a change skips or repeats.
    start: fc.integer({ min: 0, max: 90 }).map((q) => q * 15),
    length: fc.integer({ min: 1, max: 40 }).map((q) => q * 15),
  })
  .map(({ therapistId, dayIndex, start, length }): WeeklyWindow => ({
    therapistId,
    dayIndex,
    startTime: timeOf(start),
    endTime: timeOf(Math.min(start + length, 23 * 60 + 59)),
  }))
  .filter((w) => w.endTime > w.startTime);

const rulesArb: fc.Arbitrary<SlotRules> = fc.record({
  durationMinutes: fc.constantFrom(30, 45, 50, 60, 90),
  stepMinutes: fc.constantFrom(15, 30, 60),
  bufferBeforeMinutes: fc.constantFrom(0, 5, 15),
  bufferAfterMinutes: fc.constantFrom(0, 10, 30),
  minimumNoticeHours: fc.constantFrom(0, 2, 24),
  maxDaysAhead: fc.integer({ min: 1, max: 30 }),
});

/** A week around one of the zone's changes (or any week of 2026 for a zone without one). */
const scenarioArb = fc.constantFrom(...ZONES).chain(({ zone, changes }) =>
  fc.record({
    zone: fc.constant(zone),
    firstDay: changes.length
      ? fc
          .constantFrom(...changes)
          .chain((change) => fc.integer({ min: -6, max: 0 }).map((d) => shiftDate(change, { days: d })))
      : fc.integer({ min: 0, max: 358 }).map((d) => shiftDate('2026-01-01', { days: d })),
    days: fc.integer({ min: 1, max: 8 }),
    windows: fc.array(windowArb, { minLength: 1, maxLength: 6 }),
    rules: rulesArb,
    // Now: up to two days before the range starts (notice and horizon then bite inside the range).
    nowBefore: fc.integer({ min: 0, max: 48 * 4 }).map((q) => q * 15 * MINUTE),
    busy: fc.array(
      fc.record({
        therapistId: fc.integer({ min: 1, max: 3 }),
        offset: fc.integer({ min: 0, max: 8 * 24 * 4 }).map((q) => q * 15 * MINUTE),
        length: fc.integer({ min: 1, max: 12 }).map((q) => q * 15 * MINUTE),
      }),
      { maxLength: 10 },
    ),
  }),
);

function setUp(s: {
  zone: string;
  firstDay: string;
  days: number;
  windows: WeeklyWindow[];
  rules: SlotRules;
  nowBefore: number;
  busy: { therapistId: number; offset: number; length: number }[];
}) {
  const from = instantAt(s.firstDay, '00:00', s.zone)!;
  const to = instantAt(shiftDate(s.firstDay, { days: s.days }), '00:00', s.zone)!;
  const now = new Date(from.getTime() - s.nowBefore);
  const busy: BusyRange[] = s.busy.map((b) => ({
    therapistId: b.therapistId,
    start: new Date(from.getTime() + b.offset),
    end: new Date(from.getTime() + b.offset + b.length),
  }));
  const slots = freeSlots({ windows: s.windows, busy, rules: s.rules, timeZone: s.zone, from, to, now });
  return { from, to, now, busy, slots };
}

describe('freeSlots across daylight-saving changes (London, New York, Sydney; Kolkata has none)', () => {
  it('given any week, availability, busy time and rules, then every slot lasts the service, fits in a window of its local day, keeps the notice and the horizon, and clears busy time with its buffers', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { from, to, now, busy, slots } = setUp(s);
        for (const slot of slots) {
          expect(slot.end.getTime() - slot.start.getTime()).toBe(s.rules.durationMinutes * MINUTE);
          expect(slot.start.getTime()).toBeGreaterThanOrEqual(
            Math.max(from.getTime(), now.getTime() + s.rules.minimumNoticeHours * HOUR),
          );
          expect(slot.start.getTime()).toBeLessThanOrEqual(now.getTime() + s.rules.maxDaysAhead * DAY);
          expect(slot.end.getTime()).toBeLessThanOrEqual(to.getTime());
          const day = dayIn(slot.start, s.zone);
          const inWindow = s.windows.some(
            (w) =>
              w.therapistId === slot.therapistId &&
              w.dayIndex === dayIndexOf(day) &&
              slot.start.getTime() >= instantAt(day, w.startTime, s.zone)!.getTime() &&
              slot.end.getTime() <= instantAt(day, w.endTime, s.zone)!.getTime(),
          );
          expect(inWindow).toBe(true);
          for (const b of busy.filter((r) => r.therapistId === slot.therapistId)) {
            const clear =
              b.end.getTime() <= slot.start.getTime() - s.rules.bufferBeforeMinutes * MINUTE ||
              b.start.getTime() >= slot.end.getTime() + s.rules.bufferAfterMinutes * MINUTE;
            expect(clear).toBe(true);
          }
        }
        // Sorted, and each member's time offered once.
        const keys = slots.map((slot) => `${slot.therapistId}:${slot.start.getTime()}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (let i = 1; i < slots.length; i += 1) {
          expect(slots[i]!.start.getTime()).toBeGreaterThanOrEqual(slots[i - 1]!.start.getTime());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('given any busy time (overlapping, touching or nested ranges), then exactly the slots that clash with it, buffers included, are taken away', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { busy, slots } = setUp(s);
        const everything = setUp({ ...s, busy: [] }).slots;
        const clashes = (slot: BusyRange) =>
          busy.some(
            (b) =>
              b.therapistId === slot.therapistId &&
              b.start.getTime() < slot.end.getTime() + s.rules.bufferAfterMinutes * MINUTE &&
              b.end.getTime() > slot.start.getTime() - s.rules.bufferBeforeMinutes * MINUTE,
          );
        expect(slots).toEqual(everything.filter((slot) => !clashes(slot)));
      }),
      { numRuns: 300 },
    );
  });

  it('given a busy range nested in a longer one, then the whole of the longer one stays taken', () => {
    const zone = 'Europe/London';
    const at = (time: string) => instantAt('2026-01-05', time, zone)!;
    const slots = freeSlots({
      windows: [{ therapistId: 1, dayIndex: dayIndexOf('2026-01-05'), startTime: '09:00', endTime: '17:00' }],
      busy: [
        { therapistId: 1, start: at('10:00'), end: at('13:00') },
        { therapistId: 1, start: at('10:30'), end: at('11:00') },
      ],
      rules: {
        durationMinutes: 60,
        stepMinutes: 60,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        minimumNoticeHours: 0,
        maxDaysAhead: 30,
      },
      timeZone: zone,
      from: at('00:00'),
      to: instantAt('2026-01-06', '00:00', zone)!,
      now: at('00:00'),
    });
    expect(slots.map((slot) => timeIn(slot.start, zone))).toEqual(['09:00', '13:00', '14:00', '15:00', '16:00']);
  });

  it('given nothing busy and no notice, then each window offers exactly the steps that fit in its real length (23- or 25-hour days included), each at the wall-clock time of its step', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const s = {
          ...scenario,
          busy: [],
          nowBefore: 0,
          rules: { ...scenario.rules, minimumNoticeHours: 0, maxDaysAhead: 60 },
          // One window per member and day, so no two windows offer the same time.
          windows: scenario.windows.filter(
            (w, i, all) => all.findIndex((o) => o.therapistId === w.therapistId && o.dayIndex === w.dayIndex) === i,
          ),
        };
        const { slots } = setUp(s);
        const step = s.rules.stepMinutes * MINUTE;
        const length = s.rules.durationMinutes * MINUTE;
        for (let d = 0; d < s.days; d += 1) {
          const day = shiftDate(s.firstDay, { days: d });
          for (const w of s.windows.filter((each) => each.dayIndex === dayIndexOf(day))) {
            const opens = instantAt(day, w.startTime, s.zone)!.getTime();
            const closes = instantAt(day, w.endTime, s.zone)!.getTime();
            const expected = closes - opens >= length ? Math.floor((closes - opens - length) / step) + 1 : 0;
            const found = slots.filter(
              (slot) =>
                slot.therapistId === w.therapistId && slot.start.getTime() >= opens && slot.end.getTime() <= closes,
            );
            expect(found).toHaveLength(expected);
            // On a day of 24 hours, each time offered is the window's wall-clock start plus whole steps.
            const { start, end } = dayBounds(day, s.zone);
            if (end.getTime() - start.getTime() === DAY) {
              found.forEach((slot, k) => {
                expect(minutesOf(timeIn(slot.start, s.zone))).toBe(minutesOf(w.startTime) + k * s.rules.stepMinutes);
              });
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each(ZONES.filter((z) => z.changes.length > 0))(
    'given hours of 09:00 to 12:00 every day in $zone, then the first time offered each day of the change weeks is 09:00 local',
    ({ zone, changes }) => {
      for (const change of changes) {
        const firstDay = shiftDate(change, { days: -3 });
        const windows = [0, 1, 2, 3, 4, 5, 6].map((dayIndex) => ({
          therapistId: 1,
          dayIndex,
          startTime: '09:00',
          endTime: '12:00',
        }));
        const { slots } = setUp({
          zone,
          firstDay,
          days: 7,
          windows,
          rules: {
            durationMinutes: 60,
            stepMinutes: 60,
            bufferBeforeMinutes: 0,
            bufferAfterMinutes: 0,
            minimumNoticeHours: 0,
            maxDaysAhead: 30,
          },
          nowBefore: 0,
          busy: [],
        });
        expect(slots).toHaveLength(21);
        const byDay = new Map<string, string[]>();
        for (const slot of slots) {
          const day = dayIn(slot.start, zone);
          byDay.set(day, [...(byDay.get(day) ?? []), timeIn(slot.start, zone)]);
        }
        expect([...byDay.values()]).toEqual(Array.from({ length: 7 }, () => ['09:00', '10:00', '11:00']));
        // The change really is in the week: the UTC hour of 09:00 local moves.
        const nine = slots.filter((slot) => timeIn(slot.start, zone) === '09:00');
        expect(new Set(nine.map((slot) => slot.start.getUTCHours())).size).toBe(2);
      }
    },
  );
});

describe('onePerStart (anyone on the practice link)', () => {
  it('given any team, availability and busy time, then each free start is offered once, with a member free then who is least busy in the range', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { from, to, busy, slots } = setUp(s);
        const chosen = onePerStart(slots, busy, from, to);
        const starts = (list: typeof slots) => [...new Set(list.map((slot) => slot.start.getTime()))];
        expect(chosen.map((slot) => slot.start.getTime())).toEqual(starts(slots));
        const load = (id: number) =>
          busy
            .filter((b) => b.therapistId === id)
            .reduce(
              (sum, b) =>
                sum +
                Math.max(0, Math.min(b.end.getTime(), to.getTime()) - Math.max(b.start.getTime(), from.getTime())),
              0,
            );
        for (const slot of chosen) {
          const free = slots.filter((other) => other.start.getTime() === slot.start.getTime());
          expect(free).toContainEqual(slot);
          const least = Math.min(...free.map((other) => load(other.therapistId)));
          expect(load(slot.therapistId)).toBe(least);
          // Ties go to the lowest id.
          expect(slot.therapistId).toBe(
            Math.min(...free.filter((o) => load(o.therapistId) === least).map((o) => o.therapistId)),
          );
        }
      }),
      { numRuns: 200 },
    );
  });
});
