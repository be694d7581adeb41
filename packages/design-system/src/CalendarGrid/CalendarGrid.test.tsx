import { render, screen, within } from '@testing-library/react';
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

  it('given custom event content, then the name stays time and title and includes the custom text', () => {
    renderGrid({
      view: 'day',
      date: monday,
      events: [weekEvents[0]!],
      renderEvent: (event) => <strong>{event.title}</strong>,
    });
    const event = screen.getByRole('button', { name: '10:00–10:50 Session with A. Client' });
    expect(event).toHaveTextContent('Session with A. Client');
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
