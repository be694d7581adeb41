import type { DiaryEvent } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { dayOfWallDate, dayRange, localTimeZone, todayIn, wallDateOf, wallDateOfDay } from '@halcyon/api/time';
import {
  CALENDAR_EVENT_COLOURS,
  calendarDays,
  Sensitive,
  VisuallyHidden,
  type CalendarEvent,
  type CalendarEventColour,
  type CalendarView,
} from '@halcyon/design-system';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styles from './diary.module.css';

/** A diary event as the calendar grid draws it, with the event it came from. */
export interface DiaryCalendarEvent extends CalendarEvent {
  source: DiaryEvent;
}

const VARIANT: Readonly<Record<DiaryEvent['kind'], CalendarEvent['variant']>> = {
  session: 'session',
  appointment: 'default',
  'blocked time': 'blocked',
  'external busy': 'blocked',
};

/** What an event is called in the calendar (and read out): "Morgan Adeyemi · Individual therapy", "Blocked: Lunch". */
export function diaryEventTitle(event: DiaryEvent): string {
  const title =
    event.kind === 'external busy'
      ? `${event.title} (another calendar)`
      : event.kind === 'blocked time'
        ? `Blocked: ${event.title}`
        : event.client
          ? `${event.client.name} · ${event.title}`
          : event.title;
  return event.status === 'cancelled' ? `Cancelled: ${title}` : title;
}

/** A service's colour as the grid draws it (appointments' slate and blocked time's grey keep their kind's colour). */
function colourOf(event: DiaryEvent): CalendarEventColour | undefined {
  return CALENDAR_EVENT_COLOURS.find((colour) => colour === event.colour);
}

/** "TL" for Tomas Lindqvist: the therapist of an event where the month's row has no room for the name. */
function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 3)
    .join('');
}

/**
 * The diary's events for the calendar grid: times as the practice's wall clock (the grid lays out local times), the
 * kind as the grid's variant and the service's colour on its edge, cancelled sessions and external calendars' busy
 * times kept in place but not movable. `withTherapist` (the whole team's diary) puts each event's therapist in its title,
 * which the grid reads out while the event is moved with the keyboard.
 */
export function toCalendarEvents(
  items: readonly DiaryEvent[],
  timeZone: string,
  { withTherapist = false }: { withTherapist?: boolean } = {},
): DiaryCalendarEvent[] {
  return items.map((event) => ({
    id: event.id,
    title:
      withTherapist && event.therapist ? `${diaryEventTitle(event)} (${event.therapist.name})` : diaryEventTitle(event),
    colour: colourOf(event),
    start: wallDateOf(event.startDateTimeUTC, timeZone),
    end: wallDateOf(event.endDateTimeUTC, timeZone),
    allDay: event.allDay,
    variant: VARIANT[event.kind],
    // A busy time from an external calendar is shown, never moved (it changes in its own calendar).
    editable: event.status !== 'cancelled' && event.kind !== 'external busy',
    source: event,
  }));
}

/**
 * An event's content in the grid, which is also its accessible name (WCAG 2.5.3: what is seen is what is said): its time,
 * the client's name wrapped for the Privacy blur, and the title; with `withTherapist` (the whole team's diary) whose diary
 * it is: the name, or in a month's row its initials (the whole name is then read after the title). The parts a row has
 * no room for are hidden only visually, and the commas between them are read, never seen: "09:00–09:50 Morgan Adeyemi,
 * Individual therapy, Tomas Lindqvist".
 */
export function renderDiaryEvent(
  event: CalendarEvent,
  source: DiaryEvent | undefined,
  layout: 'stacked' | 'inline' = 'stacked',
  withTherapist = false,
) {
  // The end is a part of its own: an event too narrow for "08:00–08:45" (a crowded week) shows "08:00" whole, not
  // "08:00–08:" cut off.
  const time = event.allDay ? null : (
    <>
      {formatClock(event.start)}
      <span className={styles.timeEnd} data-part="end">
        –{formatClock(event.end)}
      </span>
    </>
  );
  const therapist = withTherapist ? source?.therapist : null;
  const service = source?.client ? source.title : null;
  const comma = <VisuallyHidden>, </VisuallyHidden>;
  // Two lines at most, so a 50-minute session shows whole lines: time and who (or what), then the service and therapist.
  // The spaces between a line's parts are text for the name; the line's flex layout spaces them apart.
  return (
    <span className={styles.event} data-status={source?.status} data-layout={layout}>
      <span className={styles.line}>
        {time && (
          <>
            <span className={styles.time}>{time}</span>{' '}
          </>
        )}
        {therapist && layout === 'inline' && (
          <>
            <span className={styles.initials}>{initials(therapist.name)}</span>{' '}
          </>
        )}
        {source?.client ? (
          <Sensitive focusable={false} className={styles.client}>
            {source.status === 'cancelled' ? `Cancelled: ${source.client.name}` : source.client.name}
          </Sensitive>
        ) : (
          <span className={styles.client}>{source ? diaryEventTitle(source) : event.title}</span>
        )}
      </span>
      {layout === 'inline'
        ? (service || therapist) && (
            <VisuallyHidden>
              {service && `, ${service}`}
              {therapist && `, ${therapist.name}`}
            </VisuallyHidden>
          )
        : (service || therapist) && (
            <span className={styles.line}>
              {service && (
                <>
                  {comma}
                  <span className={styles.title}>{service}</span>
                </>
              )}
              {therapist && (
                <>
                  {comma}
                  <span className={styles.therapist}>
                    {/* Seen between the service and the therapist; the comma before is what is read. */}
                    {service && <span aria-hidden>· </span>}
                    {therapist.name}
                  </span>
                </>
              )}
            </span>
          )}
    </span>
  );
}

/** "10:00" in 24-hour time, as the grid shows it. */
export function formatClock(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The day the page shows (`?date=YYYY-MM-DD`, so back and forward and links keep it), today in the practice's zone by default. */
export function useDiaryDay(timeZone: string): [day: string, setDay: (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date');
  const day = asked && wallDateOfDay(asked) ? asked : todayIn(timeZone);
  const setDay = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('date', next);
        return updated;
      },
      { replace: true },
    );
  return [day, setDay];
}

/** Whose diary a page reads: one member's (their id), the whole practice's (`all`), or nobody's yet (null: not known). */
export type DiaryMember = number | 'all' | null;

/**
 * The diary of the days a view shows around the page's day: ONE read of `retrieve-events` for the whole range (SPEC.md
 * §9's day range from the first day's start to the last day's end, in the practice's zone) of `member`'s events (or the
 * whole practice's), whatever the number of events; moving to the next range keeps the last one on screen until it
 * answers. The zone is the settings' (Admin, Therapist), else the one the diary's answer names (the Assistant cannot
 * read the settings), else the browser's until one is known.
 */
export function useDiary(view: CalendarView, clinical: boolean, member: DiaryMember = 'all') {
  // The settings' zone for the roles that may read the settings (the Assistant would only be refused).
  const practice = useRoute('getPracticeSettings', clinical ? undefined : null).data?.timeZone;
  const [known, setKnown] = useState<string | undefined>(undefined);
  const zone = practice ?? known ?? localTimeZone();
  const [day, setDay] = useDiaryDay(zone);
  const days = useMemo(() => calendarDays(wallDateOfDay(day) ?? new Date(), view, 1), [day, view]);
  const first = days[0] ?? new Date();
  const last = days.at(-1) ?? first;
  const params = {
    startIso: dayRange(dayOfWallDate(first), zone).startIso,
    endIso: dayRange(dayOfWallDate(last), zone).endIso,
  };
  const query = typeof member === 'number' ? { therapistId: member } : {};
  const diary = useRoute('retrieveDiaryEvents', member === null ? null : { params, query }, {
    swr: { keepPreviousData: true },
  });
  const answered = diary.data?.timeZone;
  // Remembered for the next range's read (React's "adjust state while rendering": no effect, no extra pass).
  if (answered && answered !== known) setKnown(answered);
  return { day, setDay, days, diary, timeZone: answered ?? zone };
}

/** The practice's "now" as a wall date for the grid's now line, moving on every minute. */
export function usePracticeNow(timeZone: string): Date {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return useMemo(() => wallDateOf(now, timeZone), [now, timeZone]);
}

/** The hours the day grid shows: 07:00-20:00, widened to the earliest and latest event of the range. */
export function gridHours(events: readonly CalendarEvent[]): { startHour: number; endHour: number } {
  let startHour = 7;
  let endHour = 20;
  for (const event of events) {
    if (event.allDay) continue;
    const sameDay = event.start.toDateString() === event.end.toDateString();
    startHour = Math.min(startHour, sameDay ? event.start.getHours() : 0);
    endHour = Math.max(endHour, sameDay ? event.end.getHours() + (event.end.getMinutes() > 0 ? 1 : 0) : 24);
  }
  return { startHour, endHour };
}
