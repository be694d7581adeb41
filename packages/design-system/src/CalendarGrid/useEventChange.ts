import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { daysBetween, shiftWallClock, type CalendarView } from './layout';

/** An event's new times while it is moved or resized, before the change is given to `onEventChange`. */
export interface EventDraft {
  id: string;
  start: Date;
  end: Date;
}

interface ChangeableEvent {
  id: string;
  start: Date;
  end: Date;
  allDay?: boolean;
}

interface Geometry {
  view: CalendarView;
  days: Date[];
  /** First and last minute of the day the time grid shows. */
  rangeStart: number;
  rangeEnd: number;
  /** The step of a move or resize, in minutes. */
  step: number;
  /** The element of each shown day (a time-grid column or a month cell), by index in `days`. */
  dayElements: RefObject<(HTMLElement | null)[]>;
}

interface Drag {
  pointerId: number;
  mode: 'move' | 'resize';
  event: ChangeableEvent;
  x: number;
  y: number;
  dayIndex: number;
  moved: boolean;
}

/** How far a pointer travels before a press becomes a drag (a shorter press is a click). */
const DRAG_THRESHOLD_PX = 4;

function indexOfDay(days: Date[], date: Date): number {
  const first = days[0];
  return first ? daysBetween(first, date) : 0;
}

/** The shown day under a point: the element containing it, else the nearest one in reading order. */
function dayIndexAt(elements: (HTMLElement | null)[], x: number, y: number): number | null {
  let nearest: { index: number; distance: number } | null = null;
  elements.forEach((element, index) => {
    if (!element) return;
    const rect = element.getBoundingClientRect();
    const dx = x < rect.left ? rect.left - x : x > rect.right ? x - rect.right : 0;
    const dy = y < rect.top ? rect.top - y : y > rect.bottom ? y - rect.bottom : 0;
    const distance = dx + dy;
    if (!nearest || distance < nearest.distance) nearest = { index, distance };
  });
  return (nearest as { index: number } | null)?.index ?? null;
}

/**
 * Moving and resizing events, by pointer (drag the event, or its lower edge) and by keyboard (arrow keys on a focused
 * event, Shift to change the length; Enter saves, Escape cancels). While it runs, the event is drawn at its `draft`
 * times; when it ends with a change, `onChange` receives the event's new start and end.
 */
export function useEventChange<E extends ChangeableEvent>(
  geometry: Geometry,
  onChange: ((event: E, change: { start: Date; end: Date }) => void) | undefined,
) {
  const [draft, setDraft] = useState<EventDraft | null>(null);
  const drag = useRef<Drag | null>(null);
  const suppressClick = useRef(false);
  const latest = useRef({ geometry, onChange, draft });
  latest.current = { geometry, onChange, draft };

  /** The event moved by `days` and `minutes` (or, resizing, its end moved by `minutes`), kept inside the grid. */
  const shifted = useCallback(
    (event: ChangeableEvent, mode: 'move' | 'resize', days: number, minutes: number): EventDraft => {
      const { days: shown, rangeStart, rangeEnd, step, view } = latest.current.geometry;
      if (mode === 'resize') {
        const end = shiftWallClock(event.end, 0, minutes);
        const shortest = shiftWallClock(event.start, 0, step);
        return { id: event.id, start: event.start, end: end < shortest ? shortest : end };
      }
      const from = indexOfDay(shown, event.start);
      const day = Math.max(0, Math.min(from + days, shown.length - 1)) - from;
      let minute = view === 'month' || event.allDay ? 0 : minutes;
      if (minute !== 0) {
        const startMinute = event.start.getHours() * 60 + event.start.getMinutes();
        minute = Math.max(rangeStart - startMinute, Math.min(minute, rangeEnd - step - startMinute));
      }
      return {
        id: event.id,
        start: shiftWallClock(event.start, day, minute),
        end: shiftWallClock(event.end, day, minute),
      };
    },
    [],
  );

  const commit = useCallback((event: E, next: EventDraft | null) => {
    setDraft(null);
    if (!next || (next.start.getTime() === event.start.getTime() && next.end.getTime() === event.end.getTime())) {
      return false;
    }
    latest.current.onChange?.(event, { start: next.start, end: next.end });
    return true;
  }, []);

  const onPointerDown = useCallback((pointer: PointerEvent<HTMLElement>, event: E, mode: 'move' | 'resize') => {
    const { geometry: g, onChange: change } = latest.current;
    if (!change || pointer.button !== 0) return;
    pointer.stopPropagation();
    drag.current = {
      pointerId: pointer.pointerId,
      mode,
      event,
      x: pointer.clientX,
      y: pointer.clientY,
      dayIndex: dayIndexAt(g.dayElements.current ?? [], pointer.clientX, pointer.clientY) ?? 0,
      moved: false,
    };
  }, []);

  const onPointerMove = useCallback(
    (pointer: PointerEvent<HTMLElement>) => {
      const current = drag.current;
      if (!current || current.pointerId !== pointer.pointerId) return;
      const dx = pointer.clientX - current.x;
      const dy = pointer.clientY - current.y;
      if (!current.moved) {
        if (Math.abs(dx) + Math.abs(dy) < DRAG_THRESHOLD_PX) return;
        current.moved = true;
        try {
          // The grid keeps the pointer while the event changes column under it.
          pointer.currentTarget.setPointerCapture(pointer.pointerId);
        } catch {
          // A pointer the browser no longer tracks: the drag carries on without capture.
        }
      }
      const { days, view, rangeStart, rangeEnd, step, dayElements } = latest.current.geometry;
      const elements = dayElements.current ?? [];
      const index = dayIndexAt(elements, pointer.clientX, pointer.clientY) ?? current.dayIndex;
      const dayDelta = current.mode === 'resize' || days.length === 1 ? 0 : index - current.dayIndex;
      let minutes = 0;
      if (view !== 'month') {
        const height = elements[current.dayIndex]?.getBoundingClientRect().height ?? 0;
        minutes = height > 0 ? Math.round(((dy / height) * (rangeEnd - rangeStart)) / step) * step : 0;
      }
      setDraft(shifted(current.event, current.mode, dayDelta, minutes));
    },
    [shifted],
  );

  const endDrag = useCallback(
    (pointer: PointerEvent<HTMLElement>, save: boolean) => {
      const current = drag.current;
      if (!current || current.pointerId !== pointer.pointerId) return;
      drag.current = null;
      if (!current.moved) return;
      // The click that follows a drag is not a click on the event (it may land elsewhere: forgotten after this turn).
      suppressClick.current = true;
      setTimeout(() => {
        suppressClick.current = false;
      }, 0);
      if (save) commit(current.event as E, latest.current.draft);
      else setDraft(null);
    },
    [commit],
  );

  /** Arrow keys move (Shift: resize) the focused event; Enter saves, Escape cancels. True when the key was used. */
  const onKeyDown = useCallback(
    (key: KeyboardEvent<HTMLElement>, event: E): boolean => {
      const { onChange: change, draft: current, geometry: g } = latest.current;
      if (!change || key.altKey || key.ctrlKey || key.metaKey) return false;
      const mine = current?.id === event.id ? current : null;
      if (mine && key.key === 'Enter') {
        commit(event, mine);
        return true;
      }
      if (mine && key.key === 'Escape') {
        setDraft(null);
        return true;
      }
      const base = mine ?? event;
      const resize = key.shiftKey && g.view !== 'month' && !event.allDay;
      const month = g.view === 'month';
      const moves: Record<string, [days: number, minutes: number]> = {
        ArrowUp: month ? [-7, 0] : [0, -g.step],
        ArrowDown: month ? [7, 0] : [0, g.step],
        ArrowLeft: [-1, 0],
        ArrowRight: [1, 0],
      };
      const move = moves[key.key];
      if (!move || (resize && move[0] !== 0) || (!month && event.allDay && move[1] !== 0)) return false;
      // The day view shows one day: an event moved to another would leave the screen.
      if (g.days.length === 1 && move[0] !== 0) return false;
      setDraft(shifted({ ...event, start: base.start, end: base.end }, resize ? 'resize' : 'move', move[0], move[1]));
      return true;
    },
    [commit, shifted],
  );

  /** Whether a click should be ignored because it ends a drag. */
  const consumeClick = useCallback(() => {
    const suppressed = suppressClick.current;
    suppressClick.current = false;
    return suppressed;
  }, []);

  // A draft whose event left the grid (new props) is dropped.
  const cancel = useCallback(() => setDraft(null), []);
  useEffect(() => {
    if (!onChange) setDraft(null);
  }, [onChange]);

  return {
    draft,
    cancel,
    consumeClick,
    onKeyDown,
    pointer: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (pointer: PointerEvent<HTMLElement>) => endDrag(pointer, true),
      onPointerCancel: (pointer: PointerEvent<HTMLElement>) => endDrag(pointer, false),
    },
  };
}
