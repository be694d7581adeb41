import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CALENDAR_FEED_MESSAGES } from '@halcyon/api/contract';
import { CalendarImportError } from './fetch';
import { parseBusyTimes } from './parse';

const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8');

const window = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
const spans = (blocks: ReturnType<typeof parseBusyTimes>) =>
  blocks.map((b) => [b.startsAt.toISOString(), b.endsAt.toISOString(), b.allDay]);

function importError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CalendarImportError) return error.detail;
    throw error;
  }
  throw new Error('no CalendarImportError');
}

describe('reading busy times from an iCalendar file (ical.js)', () => {
  it('given a Google export, when the week of a moved and a cancelled occurrence is read, then only the busy times show, each at its instant', () => {
    const blocks = parseBusyTimes(
      fixture('personal-calendar.ics'),
      window('2026-10-19T00:00:00Z', '2026-10-27T00:00:00Z'),
      'Europe/London',
    );
    expect(spans(blocks)).toEqual([
      // The weekly Monday lesson, moved that week to 19:00 BST; the next Monday's is cancelled.
      ['2026-10-19T18:00:00.000Z', '2026-10-19T19:00:00.000Z', false],
      // An Outlook event in a Windows zone name, read through the file's VTIMEZONE (CEST, +02:00).
      ['2026-10-20T07:00:00.000Z', '2026-10-20T08:00:00.000Z', false],
      ['2026-10-21T12:00:00.000Z', '2026-10-21T13:00:00.000Z', false],
      // An all-day event: the practice's local day (BST).
      ['2026-10-22T23:00:00.000Z', '2026-10-23T23:00:00.000Z', true],
    ]);
  });

  it('given a weekly event across the end of summer time, then each occurrence keeps its local time (17:30 BST, then 17:30 GMT)', () => {
    const blocks = parseBusyTimes(
      fixture('personal-calendar.ics'),
      window('2026-10-05T00:00:00Z', '2026-11-03T00:00:00Z'),
      'Europe/London',
    );
    const lessons = spans(blocks).filter(([start]) => new Date(start as string).getUTCDay() === 1);
    expect(lessons).toEqual([
      ['2026-10-05T16:30:00.000Z', '2026-10-05T17:30:00.000Z', false],
      // 12 October is an EXDATE; 19 October moved; 26 October cancelled.
      ['2026-10-19T18:00:00.000Z', '2026-10-19T19:00:00.000Z', false],
      ['2026-11-02T17:30:00.000Z', '2026-11-02T18:30:00.000Z', false],
    ]);
  });

  it('given a window, then nothing outside it is kept and at most `max` busy times are', () => {
    const blocks = parseBusyTimes(
      fixture('personal-calendar.ics'),
      window('2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z'),
      'Europe/London',
      10,
    );
    expect(blocks).toHaveLength(10);
    expect(blocks[0]!.startsAt.toISOString()).toBe('2026-01-05T17:30:00.000Z');
  });

  it('given a TZID without its VTIMEZONE and a floating time, then the zone is read from its name, and the floating time in the practice zone', () => {
    const text = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Test//EN',
      'BEGIN:VEVENT',
      'UID:ny@test',
      'DTSTAMP:20261101T000000Z',
      'DTSTART;TZID=America/New_York:20261103T090000',
      'DURATION:PT1H',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:floating@test',
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261104T090000',
      'DTEND:20261104T093000',
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(
      spans(parseBusyTimes(text, window('2026-11-01T00:00:00Z', '2026-11-08T00:00:00Z'), 'Australia/Sydney')),
    ).toEqual([
      // 09:00 EST (UTC-5, after the clocks went back on 1 November).
      ['2026-11-03T14:00:00.000Z', '2026-11-03T15:00:00.000Z', false],
      // 09:00 in Sydney (AEDT, UTC+11).
      ['2026-11-03T22:00:00.000Z', '2026-11-03T22:30:00.000Z', false],
    ]);
  });

  it('given a broken file, then it says the file is not valid iCalendar', () => {
    expect(
      importError(() =>
        parseBusyTimes(fixture('broken.ics'), window('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'), 'Europe/London'),
      ),
    ).toBe(CALENDAR_FEED_MESSAGES.fileBroken);
  });

  it('given a web page instead of a calendar, then it says the address did not return a calendar file', () => {
    expect(
      importError(() =>
        parseBusyTimes(
          '<!doctype html><html><body>Sign in to continue</body></html>',
          window('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z'),
          'Europe/London',
        ),
      ),
    ).toBe(CALENDAR_FEED_MESSAGES.fileNotCalendar);
  });
});
