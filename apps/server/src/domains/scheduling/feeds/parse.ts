import ICAL from 'ical.js';
import { CALENDAR_FEED_MESSAGES, EXTERNAL_CALENDAR_LIMITS } from '@halcyon/api/contract';
import { instantOfWallClock } from '@halcyon/api/time';
import { CalendarImportError } from './fetch';

/** A busy time read from an external calendar: when only (what it was stays in the other calendar). */
export interface BusyBlock {
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
}

export interface BusyWindow {
  from: Date;
  to: Date;
}

/** Most recurrence steps taken for one event (a daily event begun years ago steps through them all to reach the window). */
const MAX_STEPS_PER_EVENT = 20_000;

const zones = new Map<string, boolean>();
function isIanaZone(zone: string): boolean {
  let known = zones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    zones.set(zone, known);
  }
  return known;
}

/**
 * The instant an iCalendar time names. UTC as is; a TZID that is an IANA zone through our own zone rules (a file's
 * VTIMEZONE copy can be out of date, and one may be missing); another TZID (a Windows name) through the file's VTIMEZONE;
 * a floating time or a date (all day) in the practice's zone. `tzid` is the property's own TZID parameter (ical.js
 * forgets a TZID it has no definition for).
 */
function instantOf(time: ICAL.Time, tzid: string | null, practiceZone: string): Date {
  const wall = { year: time.year, month: time.month, day: time.day };
  if (time.isDate) return instantOfWallClock(wall, practiceZone);
  const clock = { ...wall, hour: time.hour, minute: time.minute, second: time.second };
  const zone = time.zone?.tzid;
  if (zone === 'UTC') return new Date(time.toUnixTime() * 1000);
  if (tzid && isIanaZone(tzid)) return instantOfWallClock(clock, tzid);
  if (zone && zone !== 'floating') return new Date(time.toUnixTime() * 1000);
  return instantOfWallClock(clock, practiceZone);
}

/** The TZID parameter of an event's DTSTART or DTEND, if any. */
function tzidOf(event: ICAL.Event, property: 'dtstart' | 'dtend'): string | null {
  const value = event.component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
}

/** Does an event (or one occurrence's exception) leave the time free: cancelled, or marked "free" (TRANSP:TRANSPARENT)? */
function leavesTimeFree(event: ICAL.Event): boolean {
  const status = String(event.component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(event.component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status === 'CANCELLED' || transp === 'TRANSPARENT';
}

function readCalendar(text: string): ICAL.Component {
  if (!/BEGIN:VCALENDAR/i.test(text.slice(0, 4096))) {
    throw new CalendarImportError(CALENDAR_FEED_MESSAGES.fileNotCalendar);
  }
  try {
    const parsed: unknown = ICAL.parse(text);
    // One calendar is jCal's array; several at the top level is not a calendar feed.
    if (!Array.isArray(parsed) || Array.isArray(parsed[0])) throw new Error('not one calendar');
    const component = new ICAL.Component(parsed);
    if (component.name !== 'vcalendar') throw new Error('not a VCALENDAR');
    return component;
  } catch {
    throw new CalendarImportError(CALENDAR_FEED_MESSAGES.fileBroken);
  }
}

/**
 * The busy times of an iCalendar file that overlap `window`, clipped to it: every event that holds its time, recurring
 * events expanded (RRULE, RDATE, EXDATE and moved or cancelled occurrences), sorted by start, at most `max`. A file that is not
 * iCalendar, or that ical.js cannot read, is a CalendarImportError saying so.
 */
export function parseBusyTimes(
  text: string,
  window: BusyWindow,
  practiceZone: string,
  max: number = EXTERNAL_CALENDAR_LIMITS.maxBusy,
): BusyBlock[] {
  const calendar = readCalendar(text);
  const blocks: BusyBlock[] = [];
  const from = window.from.getTime();
  const to = window.to.getTime();
  /** Keeps one occurrence of `event` (the series, or the exception that replaces it) when it overlaps the window. */
  const keep = (event: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
    const allDay = start.isDate;
    const startZone = tzidOf(event, 'dtstart');
    const startsAt = instantOf(start, startZone, practiceZone);
    let endsAt = instantOf(end, tzidOf(event, 'dtend') ?? startZone, practiceZone);
    // An all-day event without an end lasts its day (RFC 5545 3.6.1).
    if (allDay && endsAt <= startsAt) endsAt = instantOf(start.clone().adjust(1, 0, 0, 0), null, practiceZone);
    if (endsAt.getTime() > startsAt.getTime() && endsAt.getTime() > from && startsAt.getTime() < to) {
      // Clipped to the window: a busy time is never longer than the window (the diary's read model counts on it).
      blocks.push({
        startsAt: new Date(Math.max(startsAt.getTime(), from)),
        endsAt: new Date(Math.min(endsAt.getTime(), to)),
        allDay,
      });
    }
  };
  try {
    const vevents = calendar.getAllSubcomponents('vevent');
    const uidOf = (vevent: ICAL.Component) => String(vevent.getFirstPropertyValue('uid') ?? '');
    const masters = new Set(vevents.filter((v) => !v.hasProperty('recurrence-id')).map(uidOf));
    // Moved or cancelled occurrences (RECURRENCE-ID), by the UID of their series.
    const exceptions = new Map<string, ICAL.Component[]>();
    for (const vevent of vevents) {
      if (vevent.hasProperty('recurrence-id'))
        exceptions.set(uidOf(vevent), [...(exceptions.get(uidOf(vevent)) ?? []), vevent]);
    }
    for (const vevent of vevents) {
      const exception = vevent.hasProperty('recurrence-id');
      // A moved occurrence is read with its series; one whose series is not in the file stands alone.
      if (exception && masters.has(uidOf(vevent))) continue;
      const event = new ICAL.Event(vevent, { exceptions: exception ? [] : (exceptions.get(uidOf(vevent)) ?? []) });
      if (!event.startDate) continue;
      if (!event.isRecurring()) {
        if (!leavesTimeFree(event)) keep(event, event.startDate, event.endDate);
        continue;
      }
      const iterator = event.iterator();
      for (
        let step = 0, next = iterator.next();
        next && step < MAX_STEPS_PER_EVENT;
        step += 1, next = iterator.next()
      ) {
        if (instantOf(next, tzidOf(event, 'dtstart'), practiceZone).getTime() >= to) break;
        const occurrence = event.getOccurrenceDetails(next);
        if (leavesTimeFree(occurrence.item)) continue;
        keep(occurrence.item, occurrence.startDate, occurrence.endDate);
        if (blocks.length > max * 2) break;
      }
    }
  } catch (error) {
    if (error instanceof CalendarImportError) throw error;
    throw new CalendarImportError(CALENDAR_FEED_MESSAGES.fileBroken);
  }
  blocks.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.endsAt.getTime() - b.endsAt.getTime());
  return blocks.slice(0, max);
}
