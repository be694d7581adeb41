import { VisuallyHidden } from '../VisuallyHidden';
import {
  forwardRef,
  useEffect,
  useId,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { addDays, formatClock, minutesInDay, MINUTES_PER_DAY, placeSideBySide, sameDay, visibleDays } from './layout';
import { cx } from '../Field/cx';
import styles from './CalendarGrid.module.css';

export interface CalendarEvent {
  id: string;
  /** E.g. "Session with A. Client". */
  title: string;
  /** Local time. */
  start: Date;
  end: Date;
  allDay?: boolean;
  /** Colours the event: sessions, blocked time, pending requests. */
  variant?: 'default' | 'session' | 'blocked' | 'request';
}

/** A shaded range, e.g. the practitioner's availability. */
export interface AvailabilityRange {
  start: Date;
  end: Date;
}

export interface CalendarGridProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onClick'> {
  view: 'day' | 'week';
  /** Any day of the range to show. */
  date: Date;
  events: CalendarEvent[];
  availability?: AvailabilityRange[];
  /** 0 = Sunday, 1 = Monday (default). */
  weekStartsOn?: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  /** First and last hour shown (default 0-24). */
  startHour?: number;
  endHour?: number;
  /** Slot length for `onSlotClick` (default 30 minutes). */
  slotMinutes?: 15 | 30 | 60;
  /** The current time for the "now" line (defaults to the clock, refreshed every minute). */
  now?: Date;
  onEventClick?: (event: CalendarEvent) => void;
  /** Makes the empty time slots buttons; receives the slot's start. */
  onSlotClick?: (start: Date) => void;
  /** Custom event content (e.g. wrapped in `Sensitive`); the accessible name stays time + title. */
  renderEvent?: (event: CalendarEvent) => ReactNode;
  /** Formats times in names and labels (default 24-hour "10:00"). */
  formatTime?: (date: Date) => string;
  /** Locale for day names. */
  locale?: string;
  allDayLabel?: string;
}

const MINUTE = 60_000;

function percent(value: number): string {
  return `${(value * 100).toFixed(4)}%`;
}

function useClock(fixed: Date | undefined): Date {
  const [now, setNow] = useState(() => fixed ?? new Date());
  useEffect(() => {
    if (fixed) return;
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, [fixed]);
  return fixed ?? now;
}

/**
 * A day or week time grid: an hours column, a column per day, events placed by their start and end (overlapping
 * ones side by side), an all-day row, a "now" line and shaded availability. Events are buttons named
 * "10:00–10:50 Session with A. Client"; with `onSlotClick` the empty slots are buttons too, reached with one Tab
 * stop and moved with the arrow keys.
 */
export const CalendarGrid = forwardRef<HTMLDivElement, CalendarGridProps>(function CalendarGrid(
  {
    view,
    date,
    events,
    availability = [],
    weekStartsOn = 1,
    startHour = 0,
    endHour = 24,
    slotMinutes = 30,
    now: nowProp,
    onEventClick,
    onSlotClick,
    renderEvent,
    formatTime = formatClock,
    locale,
    allDayLabel = 'All day',
    className,
    style,
    ...rest
  },
  ref,
) {
  const baseId = useId();
  const now = useClock(nowProp);
  const days = visibleDays(date, view, weekStartsOn);
  const rangeStart = startHour * 60;
  const rangeEnd = Math.min(endHour * 60, MINUTES_PER_DAY);
  const rangeLength = Math.max(rangeEnd - rangeStart, 1);
  const hours = Array.from({ length: Math.ceil(rangeLength / 60) }, (_, i) => startHour + i);
  const slotsPerDay = Math.ceil(rangeLength / slotMinutes);
  const [slotState, setActiveSlot] = useState({ day: 0, slot: 0 });
  // Clamped: switching from week to day view or changing hours can leave the remembered slot outside the grid.
  const activeSlot = {
    day: Math.min(slotState.day, days.length - 1),
    slot: Math.min(slotState.slot, slotsPerDay - 1),
  };

  const dayLabel = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' });
  const dayShort = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric' });
  const eventName = (event: CalendarEvent) =>
    event.allDay
      ? `${allDayLabel}: ${event.title}`
      : `${formatTime(event.start)}–${formatTime(event.end)} ${event.title}`;

  const slotStart = (dayIndex: number, slot: number) => {
    const day = days[dayIndex] ?? days[0] ?? date;
    const minutes = rangeStart + slot * slotMinutes;
    return new Date(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(minutes / 60), minutes % 60);
  };
  const isAvailable = (start: Date) =>
    availability.some((range) => range.start.getTime() <= start.getTime() && start.getTime() < range.end.getTime());

  const focusSlot = (dayIndex: number, slot: number) => {
    const day = Math.max(0, Math.min(dayIndex, days.length - 1));
    const s = Math.max(0, Math.min(slot, slotsPerDay - 1));
    setActiveSlot({ day, slot: s });
    document.getElementById(`${baseId}-slot-${day}-${s}`)?.focus();
  };
  const onSlotKeyDown = (event: KeyboardEvent<HTMLButtonElement>, dayIndex: number, slot: number) => {
    const step = Math.max(1, Math.round(60 / slotMinutes));
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusSlot(dayIndex, slot + 1),
      ArrowUp: () => focusSlot(dayIndex, slot - 1),
      ArrowRight: () => focusSlot(dayIndex + 1, slot),
      ArrowLeft: () => focusSlot(dayIndex - 1, slot),
      PageDown: () => focusSlot(dayIndex, slot + step),
      PageUp: () => focusSlot(dayIndex, slot - step),
      Home: () => focusSlot(dayIndex, 0),
      End: () => focusSlot(dayIndex, slotsPerDay - 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  };

  const vertical = (start: number, end: number): CSSProperties =>
    ({
      '--top': percent((Math.max(start, rangeStart) - rangeStart) / rangeLength),
      '--height': percent((Math.min(end, rangeEnd) - Math.max(start, rangeStart)) / rangeLength),
    }) as CSSProperties;

  return (
    <div
      ref={ref}
      className={cx(styles.root, className)}
      data-variant={view}
      style={{ ...style, '--days': days.length, '--hours': hours.length } as CSSProperties}
      {...rest}
    >
      <div className={styles.head}>
        <div className={styles.row}>
          <div className={styles.corner} />
          {days.map((day, d) => (
            <div
              key={day.toISOString()}
              id={`${baseId}-day-${d}`}
              className={styles.dayHeader}
              data-today={sameDay(day, now) ? 'true' : undefined}
            >
              {view === 'day' ? (
                dayLabel.format(day)
              ) : (
                <>
                  <span aria-hidden>{dayShort.format(day)}</span>
                  <VisuallyHidden>{dayLabel.format(day)}</VisuallyHidden>
                </>
              )}
            </div>
          ))}
        </div>
        <div className={styles.row}>
          <div className={styles.allDayLabel}>{allDayLabel}</div>
          {days.map((day) => (
            <div key={day.toISOString()} className={styles.allDayCell}>
              {events
                .filter((event) => event.allDay && event.start.getTime() < addDays(day, 1).getTime() && event.end > day)
                .map((event) => (
                  <button
                    key={event.id}
                    type="button"
                    className={styles.allDayEvent}
                    data-variant={event.variant ?? 'default'}
                    aria-label={eventName(event)}
                    onClick={() => onEventClick?.(event)}
                  >
                    {renderEvent ? renderEvent(event) : event.title}
                  </button>
                ))}
            </div>
          ))}
        </div>
      </div>
      <div className={styles.body}>
        <div className={styles.hours} aria-hidden>
          {hours.map((hour) => (
            <div key={hour} className={styles.hour}>
              {formatTime(new Date(2000, 0, 1, hour))}
            </div>
          ))}
        </div>
        {days.map((day, d) => {
          const nextDay = addDays(day, 1);
          const timed = events
            .filter((event) => !event.allDay && event.start < nextDay && event.end > day)
            .map((event) => ({ ...event, start: minutesInDay(event.start, day), end: minutesInDay(event.end, day) }))
            .filter((event) => event.end > rangeStart && event.start < rangeEnd);
          const originals = new Map(events.map((event) => [event.id, event]));
          const placed = placeSideBySide(timed);
          const nowMinutes = now.getHours() * 60 + now.getMinutes();
          const showNow = sameDay(day, now) && nowMinutes >= rangeStart && nowMinutes <= rangeEnd;
          return (
            <div
              key={day.toISOString()}
              role="group"
              aria-labelledby={`${baseId}-day-${d}`}
              className={styles.dayColumn}
              data-today={sameDay(day, now) ? 'true' : undefined}
            >
              {availability
                .filter((range) => range.start < nextDay && range.end > day)
                .map((range) => (
                  <div
                    key={`${range.start.getTime()}-${range.end.getTime()}`}
                    className={styles.available}
                    style={vertical(minutesInDay(range.start, day), minutesInDay(range.end, day))}
                    aria-hidden
                  />
                ))}
              {onSlotClick && (
                <div className={styles.slots}>
                  {Array.from({ length: slotsPerDay }, (_, s) => {
                    const start = slotStart(d, s);
                    const active = activeSlot.day === d && activeSlot.slot === s;
                    return (
                      <button
                        key={s}
                        id={`${baseId}-slot-${d}-${s}`}
                        type="button"
                        className={styles.slot}
                        tabIndex={active ? 0 : -1}
                        data-available={isAvailable(start) ? 'true' : undefined}
                        aria-label={`${dayLabel.format(day)}, ${formatTime(start)}${isAvailable(start) ? ', available' : ''}`}
                        onClick={() => onSlotClick(start)}
                        onFocus={() => setActiveSlot({ day: d, slot: s })}
                        onKeyDown={(event) => onSlotKeyDown(event, d, s)}
                      />
                    );
                  })}
                </div>
              )}
              {placed.map(({ item, start, end, lane, lanes }) => {
                const event = originals.get(item.id) ?? events[0];
                if (!event) return null;
                return (
                  <button
                    key={event.id}
                    type="button"
                    className={styles.event}
                    data-variant={event.variant ?? 'default'}
                    style={
                      {
                        ...vertical(start, end),
                        '--lane': lane,
                        '--lanes': lanes,
                      } as CSSProperties
                    }
                    // Custom content gets the full name; the default content is the name itself (time, space, title),
                    // so the visible text and the accessible name always match (WCAG 2.5.3 label in name).
                    aria-label={renderEvent ? eventName(event) : undefined}
                    onClick={() => onEventClick?.(event)}
                  >
                    {renderEvent ? (
                      renderEvent(event)
                    ) : (
                      <>
                        <span className={styles.eventTime}>
                          {formatTime(event.start)}–{formatTime(event.end)}
                        </span>{' '}
                        <span className={styles.eventTitle}>{event.title}</span>
                      </>
                    )}
                  </button>
                );
              })}
              {showNow && (
                <div className={styles.now} style={vertical(nowMinutes, nowMinutes)} aria-hidden data-part="now" />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
});
