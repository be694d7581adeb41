import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CalendarGrid } from './CalendarGrid';
import { monday, mondayMorning } from './examples';

const at = (hour: number, minute = 0) => new Date(2026, 2, 2, hour, minute);

const meta = {
  title: 'Data/CalendarGrid/Features',
  component: CalendarGrid,
  args: {
    view: 'day',
    date: monday,
    events: [],
    now: mondayMorning,
    startHour: 8,
    endHour: 14,
    locale: 'en-GB',
    onEventClick: fn(),
    style: { blockSize: '30rem' },
  },
} satisfies Meta<typeof CalendarGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Four events overlapping in a chain share the width in three lanes. */
export const ManyOverlaps: Story = {
  args: {
    events: [
      { id: 'a', title: 'Session with A. Client', start: at(9), end: at(10), variant: 'session' },
      { id: 'b', title: 'Session with B. Client', start: at(9, 15), end: at(10, 15), variant: 'session' },
      { id: 'c', title: 'Phone call', start: at(9, 30), end: at(9, 45) },
      { id: 'd', title: 'Supervision', start: at(10), end: at(11) },
    ],
  },
};

/** Events partly outside the shown hours are cut at the edges; a very short one keeps a readable minimum height. */
export const ClippedAndShort: Story = {
  args: {
    events: [
      { id: 'early', title: 'Early session', start: at(7), end: at(8, 30), variant: 'session' },
      { id: 'short', title: 'Five-minute check-in', start: at(11), end: at(11, 5) },
      { id: 'late', title: 'Late session', start: at(13, 30), end: at(15), variant: 'session' },
    ],
  },
};

/** Keyboard: one Tab stop in the time slots, arrow keys move by slot and by day. */
export const KeyboardSlots: Story = {
  args: { view: 'week', onSlotClick: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const first = canvas.getByRole('button', { name: 'Monday 2 March, 08:00' });
    first.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    await expect(args.onSlotClick).toHaveBeenCalledWith(new Date(2026, 2, 3, 8, 30));
  },
};

/** Custom event content, e.g. client names wrapped for the privacy blur. */
export const CustomEventContent: Story = {
  args: {
    events: [{ id: 'a', title: 'Session with A. Client', start: at(9), end: at(9, 50), variant: 'session' }],
    renderEvent: (event) => <strong>{event.title}</strong>,
  },
};

/**
 * A week on a phone-wide screen scrolls sideways; it opens on today's column (Friday here), not on Monday's, so the day
 * the therapist is living is the one in view.
 */
export const NarrowWeekOpensOnToday: Story = {
  args: {
    view: 'week',
    now: new Date(2026, 2, 6, 9, 30),
    date: new Date(2026, 2, 6),
    events: [
      { id: 'f', title: 'Session with F. Client', start: new Date(2026, 2, 6, 10), end: new Date(2026, 2, 6, 11) },
    ],
    style: { blockSize: '30rem', inlineSize: '22rem' },
  },
  play: async ({ canvasElement }) => {
    const grid = canvasElement
      .querySelector<HTMLElement>('[data-today="true"]')!
      .closest<HTMLElement>('[style*="--days"]')!;
    await expect(grid.scrollWidth).toBeGreaterThan(grid.clientWidth);
    await expect(grid.scrollLeft).toBeGreaterThan(0);
    const today = within(grid).getByText('Friday 6 March').closest<HTMLElement>('[data-today]')!;
    const shown = today.getBoundingClientRect();
    const frame = grid.getBoundingClientRect();
    await expect(shown.left).toBeGreaterThanOrEqual(frame.left);
    await expect(shown.right).toBeLessThanOrEqual(frame.right + 1);
  },
};
