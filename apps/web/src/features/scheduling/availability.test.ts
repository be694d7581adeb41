import { describe, expect, it } from 'vitest';
import { availabilityOn } from './availability';

describe('availabilityOn', () => {
  const week = Array.from({ length: 7 }, (_, i) => new Date(2026, 0, 12 + i));
  const hours = [
    {
      therapistId: 2,
      days: [
        { dayIndex: 0, startTime: '09:00', endTime: '17:00' },
        { dayIndex: 2, startTime: '13:00', endTime: '18:30' },
      ],
    },
    { therapistId: 1, days: [{ dayIndex: 0, startTime: '08:00', endTime: '12:00' }] },
  ];

  it("given a member's weekly hours, then each range lands on its weekday of the days shown (Monday is 0)", () => {
    expect(availabilityOn(hours, 2, week)).toEqual([
      { start: new Date(2026, 0, 12, 9, 0), end: new Date(2026, 0, 12, 17, 0) },
      { start: new Date(2026, 0, 14, 13, 0), end: new Date(2026, 0, 14, 18, 30) },
    ]);
  });

  it('given no member chosen, then nothing is shaded', () => {
    expect(availabilityOn(hours, null, week)).toEqual([]);
  });
});
