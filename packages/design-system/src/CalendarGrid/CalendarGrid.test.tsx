import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type Ref } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CalendarGrid, type CalendarGridProps } from './CalendarGrid';
import { monday, mondayMorning, weekAvailability, weekEvents } from './examples';
import { placeSideBySide, visibleDays } from './layout';

function renderGrid(props: Partial<CalendarGridProps> & { ref?: Ref<HTMLDivElement> } = {}) {
  return render(
    <CalendarGrid
      view="week"
      date={new Date(2026, 2, 4)}
      events={weekEvents}
      now={mondayMorning}
      locale="en-GB"
      {...props}
    />,
  );
}

const styleOf = (element: HTMLElement, name: string) => element.style.getPropertyValue(name);

describe('CalendarGrid layout', () => {
  it('given a Wednesday and weeks starting on Monday, then shows Monday to Sunday', () => {
    const days = visibleDays(new Date(2026, 2, 4, 15), 'week', 1);
    expect(days.map((d) => d.getDate())).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(visibleDays(new Date(2026, 2, 4), 'week', 0)[0]?.getDate()).toBe(1);
  });

  it('given overlapping events, then places them in lanes and shares the lane count within the cluster', () => {
    const placed = placeSideBySide([
      { id: 'a', start: 600, end: 650 },
      { id: 'b', start: 630, end: 690 },
      { id: 'c', start: 660, end: 710 },
      { id: 'd', start: 800, end: 850 },
    ]);
    const byId = Object.fromEntries(placed.map((p) => [p.item.id, p]));
    expect([byId.a?.lane, byId.b?.lane, byId.c?.lane]).toEqual([0, 1, 0]);
    expect([byId.a?.lanes, byId.b?.lanes, byId.c?.lanes, byId.d?.lanes]).toEqual([2, 2, 2, 1]);
  });
});

describe('CalendarGrid', () => {
  it('given a week, then labels one group per day and names each event with its time and title', () => {
    renderGrid();
    expect(screen.getAllByRole('group')).toHaveLength(7);
    const mondayColumn = screen.getByRole('group', { name: 'Monday 2 March' });
    expect(
      within(mondayColumn).getByRole('button', { name: '10:00–10:50 Session with A. Client' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All day: Training day' })).toBeInTheDocument();
  });

  it('given events, then their accessible name contains the visible time and title (label in name)', () => {
    renderGrid({ view: 'day', date: monday, events: [weekEvents[0]!] });
    const event = screen.getByRole('button', { name: '10:00–10:50 Session with A. Client' });
    expect(event).toHaveTextContent('10:00–10:50 Session with A. Client');
  });

  it('given custom event content, then the content is the name (label in name), an all-day one after "All day"', () => {
    renderGrid({
      view: 'day',
      date: monday,
      events: [weekEvents[0]!, { ...weekEvents[0]!, id: 'away', title: 'Away', allDay: true }],
      renderEvent: (event) => <strong>{event.allDay ? event.title : `Ten o'clock: ${event.title}`}</strong>,
    });
    expect(screen.getByRole('button', { name: "Ten o'clock: Session with A. Client" })).not.toHaveAttribute(
      'aria-label',
    );
    expect(screen.getByRole('button', { name: 'All day: Away' })).toHaveTextContent('All day: Away');
  });

  it('given an event, then positions it by its start and end minutes', () => {
    renderGrid({ view: 'day', date: monday, events: [weekEvents[0]!] });
    const event = screen.getByRole('button', { name: /Session with A. Client/ });
    expect(styleOf(event, '--top')).toBe(`${((600 / 1440) * 100).toFixed(4)}%`);
    expect(styleOf(event, '--height')).toBe(`${((50 / 1440) * 100).toFixed(4)}%`);
  });

  it('given overlapping events, then renders them side by side', () => {
    renderGrid({ view: 'day', date: monday });
    const a = screen.getByRole('button', { name: /A\. Client/ });
    const supervision = screen.getByRole('button', { name: /Supervision/ });
    expect(styleOf(a, '--lanes')).toBe('2');
    expect(styleOf(supervision, '--lane')).not.toBe(styleOf(a, '--lane'));
  });

  it('given an event click, then calls onEventClick with the event', async () => {
    const onEventClick = vi.fn();
    renderGrid({ onEventClick });
    await userEvent.click(screen.getByRole('button', { name: /Blocked: admin/ }));
    expect(onEventClick).toHaveBeenCalledWith(weekEvents[3]);
  });

  it('given onSlotClick, when a slot is pressed, then receives the slot start; arrow keys move between slots', async () => {
    const onSlotClick = vi.fn();
    renderGrid({
      view: 'day',
      date: monday,
      events: [],
      onSlotClick,
      startHour: 8,
      endHour: 18,
      availability: weekAvailability,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Monday 2 March, 09:30, available' }));
    expect(onSlotClick).toHaveBeenCalledWith(new Date(2026, 2, 2, 9, 30));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('button', { name: 'Monday 2 March, 10:00, available' })).toHaveFocus();
    expect(onSlotClick).toHaveBeenLastCalledWith(new Date(2026, 2, 2, 10, 0));
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Monday 2 March, 08:00' })).toHaveFocus();
  });

  it('given slots, then only one of them is a Tab stop', () => {
    renderGrid({ onSlotClick: vi.fn() });
    const slots = screen.getAllByRole('button', { name: /^\w+day \d+ March, \d\d:\d\d/ });
    expect(slots.filter((slot) => slot.tabIndex === 0)).toHaveLength(1);
  });

  it("given now falls inside the shown range, then draws the now line in today's column only", () => {
    const { container } = renderGrid();
    const lines = container.querySelectorAll('[data-part="now"]');
    expect(lines).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Monday 2 March' })).toContainElement(lines[0] as HTMLElement);
  });

  it('given an event crossing midnight, then each day shows its part', () => {
    renderGrid({
      events: [{ id: 'n', title: 'Night shift', start: new Date(2026, 2, 3, 22), end: new Date(2026, 2, 4, 2) }],
    });
    const parts = screen.getAllByRole('button', { name: '22:00–02:00 Night shift' });
    expect(parts).toHaveLength(2);
    expect(styleOf(parts[1]!, '--top')).toBe('0.0000%');
  });

  it('given a ref and className, then forwards both', () => {
    const ref = createRef<HTMLDivElement>();
    renderGrid({ ref, className: 'extra' });
    expect(ref.current?.className).toContain('extra');
    expect(ref.current).toHaveAttribute('data-variant', 'week');
  });

  it('has no axe violations', async () => {
    const { container } = renderGrid({ onSlotClick: vi.fn(), availability: weekAvailability });
    await expect(container).toHaveNoAxeViolations();
  });
});

describe('CalendarGrid month view', () => {
  it('given a month, then shows whole weeks from the week of the 1st to the week of the last day', () => {
    expect(visibleDays(new Date(2026, 2, 18), 'month', 1)).toHaveLength(42);
    const days = visibleDays(new Date(2026, 1, 10), 'month', 1);
    expect(days[0]?.getDate()).toBe(26);
    expect(days.at(-1)?.getDate()).toBe(1);
    expect(days).toHaveLength(35);
  });

  it('given events, then lists them in their day in order, all-day first, and counts the rest as "+N more"', async () => {
    const onDayClick = vi.fn();
    const at = (hour: number) => new Date(2026, 2, 2, hour);
    renderGrid({
      view: 'month',
      maxEventsPerDay: 2,
      onDayClick,
      events: [
        { id: 'a', title: 'Late', start: at(15), end: at(16) },
        { id: 'b', title: 'Early', start: at(9), end: at(10) },
        { id: 'c', title: 'Conference', start: at(0), end: new Date(2026, 2, 3), allDay: true },
      ],
    });
    const monday = within(screen.getByRole('group', { name: 'Monday 2 March' }));
    const names = monday
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label') ?? button.textContent);
    expect(names).toEqual(['Monday 2 March, 3 events', 'All day: Conference', '09:00–10:00 Early', '+1 more']);
    await userEvent.click(monday.getByRole('button', { name: '+1 more' }));
    expect(onDayClick).toHaveBeenCalledWith(new Date(2026, 2, 2));
  });

  it('given availability, then the days with some are marked and named "available", the others not', () => {
    renderGrid({ view: 'month', availability: weekAvailability, onDayClick: vi.fn() });
    const monday = screen.getByRole('group', { name: 'Monday 2 March, available' });
    expect(monday).toHaveAttribute('data-available', 'true');
    expect(within(monday).getByRole('button', { name: /^Monday 2 March, available/ })).toBeInTheDocument();
    const sunday = screen.getByRole('group', { name: 'Sunday 8 March' });
    expect(sunday).not.toHaveAttribute('data-available');
  });

  it('given events with a colour, then each draws it (the variant keeps its tint), in the month and the week', () => {
    const coloured = weekEvents.map((event, i) => (i === 0 ? { ...event, colour: 'violet' as const } : event));
    const { rerender } = renderGrid({ view: 'month', events: coloured });
    const colourOf = () => document.querySelector(`[data-event-id="${coloured[0]!.id}"]`)?.getAttribute('data-colour');
    expect(colourOf()).toBe('violet');
    rerender(<CalendarGrid view="week" date={new Date(2026, 2, 4)} events={coloured} now={mondayMorning} />);
    expect(colourOf()).toBe('violet');
    expect(document.querySelector(`[data-event-id="${coloured[1]!.id}"]`)).not.toHaveAttribute('data-colour');
  });

  it('has no axe violations', async () => {
    const { container } = renderGrid({ view: 'month', onDayClick: vi.fn(), onEventChange: vi.fn() });
    await expect(container).toHaveNoAxeViolations();
  });
});

describe('CalendarGrid moving events', () => {
  const session = weekEvents[0]!;

  it('given onEventChange, when a focused event is moved with the arrow keys and Enter, then receives its new times', async () => {
    const onEventChange = vi.fn();
    const onEventClick = vi.fn();
    renderGrid({ view: 'week', date: monday, events: [session], onEventChange, onEventClick, slotMinutes: 15 });
    const event = screen.getByRole('button', { name: '10:00–10:50 Session with A. Client' });
    expect(event).toHaveAccessibleDescription(/arrow keys/);
    event.focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}');
    const moved = screen.getByRole('button', { name: '10:30–11:20 Session with A. Client' });
    expect(moved).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Tuesday 3 March' })).toContainElement(moved);
    expect(screen.getByRole('status')).toHaveTextContent('Session with A. Client: Tuesday 3 March, 10:30–11:20');
    await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}{Enter}');
    expect(onEventChange).toHaveBeenCalledWith(session, {
      start: new Date(2026, 2, 3, 10, 30),
      end: new Date(2026, 2, 3, 11, 35),
    });
    expect(onEventClick).not.toHaveBeenCalled();
    // The grid shows the event where the events say it is until they change.
    expect(screen.getByRole('button', { name: '10:00–10:50 Session with A. Client' })).toBeInTheDocument();
  });

  it('given a move under way, when Escape is pressed, then nothing changes and the cancel is announced', async () => {
    const onEventChange = vi.fn();
    renderGrid({ view: 'day', date: monday, events: [session], onEventChange });
    screen.getByRole('button', { name: /Session with A. Client/ }).focus();
    await userEvent.keyboard('{ArrowUp}{Escape}');
    expect(onEventChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '10:00–10:50 Session with A. Client' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Session with A. Client: move cancelled.');
  });

  it('given an event that is not editable, then arrow keys do nothing and it has no move instructions', async () => {
    const onEventChange = vi.fn();
    renderGrid({ view: 'day', date: monday, events: [{ ...session, editable: false }], onEventChange });
    const event = screen.getByRole('button', { name: /Session with A. Client/ });
    expect(event).not.toHaveAccessibleDescription();
    event.focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onEventChange).not.toHaveBeenCalled();
  });

  it('given a drag of an event down and to the next day, then receives the times it was dropped at, snapped to slots', () => {
    const onEventChange = vi.fn();
    const onEventClick = vi.fn();
    renderGrid({
      view: 'week',
      date: monday,
      events: [session],
      onEventChange,
      onEventClick,
      startHour: 8,
      endHour: 18,
    });
    // Each day column is 100 px wide and 600 px high (10 hours: 1 px per minute).
    screen.getAllByRole('group').forEach((column, index) => {
      column.getBoundingClientRect = () => new DOMRect(index * 100, 0, 100, 600);
    });
    const event = screen.getByRole('button', { name: /Session with A. Client/ });
    fireEvent.pointerDown(event, { pointerId: 1, button: 0, clientX: 50, clientY: 130 });
    fireEvent.pointerMove(event, { pointerId: 1, clientX: 150, clientY: 190 });
    const moved = screen.getByRole('button', { name: '11:00–11:50 Session with A. Client' });
    expect(moved).toHaveAttribute('data-state', 'moving');
    // The event is drawn in Tuesday's column now; the grid holds the pointer, so the release reaches it from there.
    fireEvent.pointerUp(moved, { pointerId: 1, clientX: 150, clientY: 190 });
    fireEvent.click(screen.getByRole('button', { name: /Session with A. Client/ }));
    expect(onEventChange).toHaveBeenCalledWith(session, {
      start: new Date(2026, 2, 3, 11, 0),
      end: new Date(2026, 2, 3, 11, 50),
    });
    expect(onEventClick).not.toHaveBeenCalled();
  });

  it('given a drag of the lower edge, then only the end changes', () => {
    const onEventChange = vi.fn();
    renderGrid({ view: 'day', date: monday, events: [session], onEventChange, startHour: 8, endHour: 18 });
    screen.getByRole('group').getBoundingClientRect = () => new DOMRect(0, 0, 100, 600);
    const handle = screen.getByRole('button', { name: /Session with A. Client/ }).querySelector('[data-part="resize"]');
    fireEvent.pointerDown(handle!, { pointerId: 2, button: 0, clientX: 50, clientY: 170 });
    fireEvent.pointerMove(handle!, { pointerId: 2, clientX: 50, clientY: 200 });
    fireEvent.pointerUp(handle!, { pointerId: 2, clientX: 50, clientY: 200 });
    expect(onEventChange).toHaveBeenCalledWith(session, { start: session.start, end: new Date(2026, 2, 2, 11, 20) });
  });

  it('given a press without movement, then it is a click, not a move', async () => {
    const onEventChange = vi.fn();
    const onEventClick = vi.fn();
    renderGrid({ view: 'day', date: monday, events: [session], onEventChange, onEventClick });
    await userEvent.click(screen.getByRole('button', { name: /Session with A. Client/ }));
    expect(onEventClick).toHaveBeenCalledWith(session);
    expect(onEventChange).not.toHaveBeenCalled();
  });

  it('given the month view, when an event is moved a week on with the down arrow, then keeps its time of day', async () => {
    const onEventChange = vi.fn();
    renderGrid({ view: 'month', date: monday, events: [session], onEventChange });
    screen.getByRole('button', { name: /Session with A. Client/ }).focus();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onEventChange).toHaveBeenCalledWith(session, {
      start: new Date(2026, 2, 9, 10, 0),
      end: new Date(2026, 2, 9, 10, 50),
    });
  });
});
