import type { DiaryEvent } from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { dayOfWallDate, dayRange, localTimeZone, todayIn, wallDateOf, wallDateOfDay } from '@halcyon/api/time';
import { calendarDays, Sensitive, type CalendarEvent, type CalendarView } from '@halcyon/design-system';
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

/**
 * The diary's events for the calendar grid: times as the practice's wall clock (the grid lays out local times), the
 * kind as the grid's colour, cancelled sessions and external calendars' busy times kept in place but not movable.
 */
export function toCalendarEvents(items: readonly DiaryEvent[], timeZone: string): DiaryCalendarEvent[] {
  return items.map((event) => ({
    id: event.id,
    title: diaryEventTitle(event),
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
 * An event's content in the grid: its time, the client's name wrapped for the Privacy blur, and the title. The grid
 * names the event with its full title for screen readers.
 */
export function renderDiaryEvent(
  event: CalendarEvent,
  source: DiaryEvent | undefined,
  layout: 'stacked' | 'inline' = 'stacked',
) {
  const time = event.allDay ? null : `${formatClock(event.start)}–${formatClock(event.end)}`;
  return (
    <span className={styles.event} data-status={source?.status} data-layout={layout}>
      {time && <span className={styles.time}>{time}</span>}
      {source?.client ? (
        <>
          <Sensitive focusable={false} className={styles.client}>
            {source.status === 'cancelled' ? `Cancelled: ${source.client.name}` : source.client.name}
          </Sensitive>
          <span className={styles.title}>{source.title}</span>
        </>
      ) : (
        <span className={styles.client}>{event.title}</span>
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

/**
 * The diary of the days a view shows around the page's day: ONE read of `retrieve-events` for the whole range (SPEC.md
 * §9's day range from the first day's start to the last day's end, in the practice's zone), whatever the number of
 * events; moving to the next range keeps the last one on screen until it answers. The zone is the settings' (Admin,
 * Therapist), else the one the diary's answer names (the Assistant cannot read the settings), else the browser's until
 * one is known.
 */
export function useDiary(view: CalendarView, clinical: boolean) {
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
  const diary = useRoute('retrieveDiaryEvents', { params }, { swr: { keepPreviousData: true } });
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
