import { VisuallyHidden } from '../VisuallyHidden';
import {
  forwardRef,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  addDays,
  formatClock,
  minutesInDay,
  MINUTES_PER_DAY,
  placeSideBySide,
  sameDay,
  visibleDays,
  type CalendarView,
} from './layout';
import { useEventChange } from './useEventChange';
import { cx } from '../Field/cx';
import { mergeRefs } from '../Field/mergeRefs';
import styles from './CalendarGrid.module.css';

/** The colours an event's edge can take (e.g. its service's colour), drawn from the design tokens. */
export const CALENDAR_EVENT_COLOURS = ['teal', 'blue', 'violet', 'amber', 'rose', 'green'] as const;
export type CalendarEventColour = (typeof CALENDAR_EVENT_COLOURS)[number];

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
  /** Colours the event's edge (e.g. its service's colour) over its variant's; the variant keeps its tint. */
  colour?: CalendarEventColour;
  /** With `onEventChange`, whether this event can be moved and resized (default true). */
  editable?: boolean;
}

/** A shaded range, e.g. the practitioner's availability. */
export interface AvailabilityRange {
  start: Date;
  end: Date;
}

/** An event's new times after a move or resize. */
export interface CalendarEventChange {
  start: Date;
  end: Date;
}

export interface CalendarGridProps extends Omit<HTMLAttributes<HTMLDivElement>, 'onClick'> {
  view: CalendarView;
  /** Any day of the range to show. */
  date: Date;
  events: CalendarEvent[];
  /** Shaded in the day and week views; in the month view, each day with some availability is marked (and named so). */
  availability?: AvailabilityRange[];
  /** 0 = Sunday, 1 = Monday (default). */
  weekStartsOn?: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  /** First and last hour shown (default 0-24). */
  startHour?: number;
  endHour?: number;
  /** Slot length for `onSlotClick`, and the step of a move or resize (default 30 minutes). */
  slotMinutes?: 15 | 30 | 60;
  /** The current time for the "now" line (defaults to the clock, refreshed every minute). */
  now?: Date;
  onEventClick?: (event: CalendarEvent) => void;
  /** Makes the empty time slots buttons; receives the slot's start. */
  onSlotClick?: (start: Date) => void;
  /**
   * Makes events movable and resizable: drag an event (or its lower edge), or focus it and use the arrow keys (Shift
   * changes the length, Enter saves, Escape cancels). Receives the event and its new times once a change is made;
   * the grid shows the event where it was until `events` says otherwise (confirm, then save).
   */
  onEventChange?: (event: CalendarEvent, change: CalendarEventChange) => void;
  /** Month view: makes each day's number a button (e.g. open that day); also what "+N more" opens. */
  onDayClick?: (day: Date) => void;
  /** Month view: events listed in a day before "+N more" (default 3). */
  maxEventsPerDay?: number;
  /**
   * Custom event content (e.g. wrapped in `Sensitive`). It is the event's accessible name, so it says when and what
   * (WCAG 2.5.3: a name that differs from the visible text leaves speech users unable to say what they see); an all-day
   * event's name starts with `allDayLabel`.
   */
  renderEvent?: (event: CalendarEvent) => ReactNode;
  /** Formats times in names and labels (default 24-hour "10:00"). */
  formatTime?: (date: Date) => string;
  /** Locale for day names. */
  locale?: string;
  allDayLabel?: string;
  /** How a movable event is described to screen readers. */
  moveInstructions?: string;
}

const MINUTE = 60_000;
const MOVE_INSTRUCTIONS =
  'To move it, press the arrow keys; Shift with the up or down arrow changes its length. Enter saves, Escape cancels.';

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
 * A day, week or month calendar. Day and week: an hours column, a column per day, events placed by their start and
 * end (overlapping ones side by side), an all-day row, a "now" line and shaded availability. Month: a cell per day with
 * its events in order. Events are buttons named "10:00–10:50 Session with A. Client"; with `onSlotClick` the empty
 * slots are buttons too, reached with one Tab stop and moved with the arrow keys; with `onEventChange` events move and
 * resize by drag or keyboard.
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
    onEventChange,
    onDayClick,
    maxEventsPerDay = 3,
    renderEvent,
    formatTime = formatClock,
    locale,
    allDayLabel = 'All day',
    moveInstructions = MOVE_INSTRUCTIONS,
    className,
    style,
    ...rest
  },
  ref,
) {
  const baseId = useId();
  const root = useRef<HTMLDivElement | null>(null);
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
  const dayElements = useRef<(HTMLElement | null)[]>([]);
  const change = useEventChange<CalendarEvent>(
    { view, days, rangeStart, rangeEnd, step: slotMinutes, dayElements },
    onEventChange,
  );
  const { draft } = change;
  const originals = new Map(events.map((event) => [event.id, event]));
  const shown = draft
    ? events.map((event) => (event.id === draft.id ? { ...event, start: draft.start, end: draft.end } : event))
    : events;
  const canChange = (event: CalendarEvent) => onEventChange !== undefined && event.editable !== false;

  const dayLabel = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' });
  const dayShort = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric' });
  const eventName = (event: CalendarEvent) =>
    event.allDay
      ? `${allDayLabel}: ${event.title}`
      : `${formatTime(event.start)}–${formatTime(event.end)} ${event.title}`;

  // The moved event keeps the focus as it changes column (its button is a new element there); screen readers hear
  // where it is now.
  useEffect(() => {
    const container = root.current;
    if (!draft || !container) return;
    const active = document.activeElement;
    if (active && active !== document.body && !container.contains(active)) return;
    const element = [...container.querySelectorAll<HTMLElement>('[data-event-id]')].find(
      (candidate) => candidate.getAttribute('data-event-id') === draft.id,
    );
    if (element && element !== active) element.focus();
  }, [draft, root]);

  // A week wider than the screen (a phone) scrolls sideways: it opens on today's column, not on Monday's.
  const firstDay = days[0]?.getTime();
  const todayInView = days.some((day) => sameDay(day, now));
  useEffect(() => {
    const container = root.current;
    if (!container || !todayInView || container.scrollWidth <= container.clientWidth) return;
    const today = container.querySelector<HTMLElement>('[data-today="true"]');
    const hoursColumn = container.querySelector<HTMLElement>(`.${styles.corner}`);
    if (!today) return;
    container.scrollLeft = Math.max(0, today.offsetLeft - (hoursColumn?.offsetWidth ?? 0));
  }, [firstDay, todayInView, view]);
  const [notice, setNotice] = useState('');
  const drafted = draft ? originals.get(draft.id) : undefined;
  const announcement =
    draft && drafted
      ? `${drafted.title}: ${dayLabel.format(draft.start)}, ${formatTime(draft.start)}–${formatTime(draft.end)}. ` +
        'Enter saves, Escape cancels.'
      : notice;

  const onEventKeyDown = (key: KeyboardEvent<HTMLButtonElement>, event: CalendarEvent) => {
    const original = originals.get(event.id);
    if (!original || !canChange(original)) return;
    const wasMoving = draft?.id === event.id;
    if (!change.onKeyDown(key, original)) return;
    key.preventDefault();
    key.stopPropagation();
    setNotice(wasMoving && key.key === 'Escape' ? `${original.title}: move cancelled.` : '');
  };

  const partClass = { timed: styles.event, allDay: styles.allDayEvent, month: styles.monthEvent };
  const eventButton = (event: CalendarEvent, part: keyof typeof partClass, extra: { style?: CSSProperties } = {}) => {
    const original = originals.get(event.id) ?? event;
    const changeable = canChange(original);
    const moving = draft?.id === event.id;
    const timedContent = (
      <>
        <span className={styles.eventTime}>
          {formatTime(event.start)}–{formatTime(event.end)}
        </span>{' '}
        <span className={styles.eventTitle}>{event.title}</span>
      </>
    );
    return (
      <button
        key={event.id}
        type="button"
        className={partClass[part]}
        data-event-id={event.id}
        data-variant={event.variant ?? 'default'}
        data-colour={event.colour}
        data-state={moving ? 'moving' : undefined}
        style={extra.style}
        // The content is the name (time, space, title; or the custom content), so the visible text and the accessible
        // name match (WCAG 2.5.3 label in name); a default all-day entry shows its title and is named "All day: title".
        aria-label={!renderEvent && event.allDay ? eventName(event) : undefined}
        aria-describedby={changeable ? `${baseId}-move-help` : undefined}
        onClick={() => {
          if (change.consumeClick() || moving) return;
          onEventClick?.(original);
        }}
        onKeyDown={(key) => onEventKeyDown(key, event)}
        onBlur={(blur) => {
          const next = blur.relatedTarget as HTMLElement | null;
          if (moving && next && next.getAttribute('data-event-id') !== event.id) change.cancel();
        }}
        onPointerDown={changeable ? (pointer) => change.pointer.onPointerDown(pointer, original, 'move') : undefined}
      >
        {renderEvent ? (
          <>
            {event.allDay && <VisuallyHidden>{allDayLabel}: </VisuallyHidden>}
            {renderEvent(event)}
          </>
        ) : event.allDay ? (
          event.title
        ) : (
          timedContent
        )}
        {changeable && part === 'timed' && (
          <span
            className={styles.resize}
            data-part="resize"
            aria-hidden
            onPointerDown={(pointer) => change.pointer.onPointerDown(pointer, original, 'resize')}
          />
        )}
      </button>
    );
  };

  const rootProps = {
    className: cx(styles.root, className),
    'data-variant': view,
    ...rest,
    onPointerMove: change.pointer.onPointerMove,
    onPointerUp: change.pointer.onPointerUp,
    onPointerCancel: change.pointer.onPointerCancel,
  };
  const liveRegion = (
    <>
      <VisuallyHidden id={`${baseId}-move-help`}>{moveInstructions}</VisuallyHidden>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  );

  if (view === 'month') {
    const month = date.getMonth();
    const weekdays = days.slice(0, 7);
    const weekdayName = new Intl.DateTimeFormat(locale, { weekday: 'short' });
    const sorted = [...shown].sort(
      (a, b) => Number(b.allDay ?? false) - Number(a.allDay ?? false) || a.start.getTime() - b.start.getTime(),
    );
    return (
      <div {...rootProps} ref={mergeRefs(ref, root)} style={style}>
        <div className={styles.monthHead} aria-hidden>
          {weekdays.map((day) => (
            <div key={day.getDay()} className={styles.weekday}>
              {weekdayName.format(day)}
            </div>
          ))}
        </div>
        <div className={styles.monthBody}>
          {days.map((day, d) => {
            const nextDay = addDays(day, 1);
            const onDay = sorted.filter((event) => event.start < nextDay && event.end > day);
            const listed = onDay.slice(0, maxEventsPerDay);
            const more = onDay.length - listed.length;
            const available = availability.some((range) => range.start < nextDay && range.end > day);
            const name = `${dayLabel.format(day)}${available ? ', available' : ''}`;
            return (
              <div
                key={day.toISOString()}
                ref={(element) => {
                  dayElements.current[d] = element;
                }}
                role="group"
                aria-label={name}
                className={styles.monthCell}
                data-today={sameDay(day, now) ? 'true' : undefined}
                data-outside={day.getMonth() !== month ? 'true' : undefined}
                data-available={available ? 'true' : undefined}
              >
                {onDayClick ? (
                  <button
                    type="button"
                    className={styles.dayNumber}
                    aria-label={`${name}${onDay.length ? `, ${onDay.length} events` : ''}`}
                    onClick={() => onDayClick(day)}
                  >
                    {day.getDate()}
                  </button>
                ) : (
                  <span className={styles.dayNumber} aria-hidden>
                    {day.getDate()}
                  </span>
                )}
                {listed.map((event) => eventButton(event, 'month'))}
                {more > 0 &&
                  (onDayClick ? (
                    <button type="button" className={styles.more} onClick={() => onDayClick(day)}>
                      +{more} more
                    </button>
                  ) : (
                    <span className={styles.more}>+{more} more</span>
                  ))}
              </div>
            );
          })}
        </div>
        {liveRegion}
      </div>
    );
  }

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
      {...rootProps}
      ref={mergeRefs(ref, root)}
      style={{ ...style, '--days': days.length, '--hours': hours.length } as CSSProperties}
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
              {shown
                .filter((event) => event.allDay && event.start.getTime() < addDays(day, 1).getTime() && event.end > day)
                .map((event) => eventButton(event, 'allDay'))}
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
          const timed = shown
            .filter((event) => !event.allDay && event.start < nextDay && event.end > day)
            .map((event) => ({ ...event, start: minutesInDay(event.start, day), end: minutesInDay(event.end, day) }))
            .filter((event) => event.end > rangeStart && event.start < rangeEnd);
          const byId = new Map(shown.map((event) => [event.id, event]));
          const placed = placeSideBySide(timed);
          const nowMinutes = now.getHours() * 60 + now.getMinutes();
          const showNow = sameDay(day, now) && nowMinutes >= rangeStart && nowMinutes <= rangeEnd;
          return (
            <div
              key={day.toISOString()}
              ref={(element) => {
                dayElements.current[d] = element;
              }}
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
                const event = byId.get(item.id);
                if (!event) return null;
                return eventButton(event, 'timed', {
                  style: { ...vertical(start, end), '--lane': lane, '--lanes': lanes } as CSSProperties,
                });
              })}
              {showNow && (
                <div className={styles.now} style={vertical(nowMinutes, nowMinutes)} aria-hidden data-part="now" />
              )}
            </div>
          );
        })}
      </div>
      {liveRegion}
    </div>
  );
});
