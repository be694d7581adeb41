import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CalendarGrid } from './CalendarGrid';
import { monday, mondayMorning, weekAvailability, weekEvents } from './examples';

const meta = {
  title: 'Data/CalendarGrid',
  component: CalendarGrid,
  args: {
    view: 'week',
    date: monday,
    events: weekEvents,
    availability: weekAvailability,
    now: mondayMorning,
    weekStartsOn: 1,
    startHour: 7,
    endHour: 20,
    slotMinutes: 30,
    locale: 'en-GB',
    onEventClick: fn(),
    onSlotClick: fn(),
    style: { blockSize: '36rem' },
  },
  argTypes: {
    view: { control: 'inline-radio', options: ['day', 'week', 'month'] },
    date: { control: 'date' },
    now: { control: 'date' },
    weekStartsOn: { control: { type: 'number', min: 0, max: 6 } },
    startHour: { control: { type: 'number', min: 0, max: 23 } },
    endHour: { control: { type: 'number', min: 1, max: 24 } },
    slotMinutes: { control: 'inline-radio', options: [15, 30, 60] },
    events: { control: 'object' },
  },
} satisfies Meta<typeof CalendarGrid>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Week: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: '10:00–10:50 Session with A. Client' }));
    await expect(args.onEventClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'e1' }));
  },
};

export const Day: Story = {
  args: { view: 'day' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Monday 2 March, 14:00, available' }));
    await expect(args.onSlotClick).toHaveBeenCalledWith(new Date(2026, 2, 2, 14, 0));
  },
};

/** Without `onSlotClick` the empty time is not interactive; only events are buttons. */
export const ReadOnly: Story = { args: { onSlotClick: undefined, availability: [] } };

/**
 * A month: whole weeks, each day's events in order (all-day first), "+N more" past three, day numbers open the day; the
 * days with availability are marked (and named "available").
 */
export const Month: Story = {
  args: { view: 'month', onDayClick: fn(), onSlotClick: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Monday 2 March, available, 3 events' }));
    await expect(args.onDayClick).toHaveBeenCalledWith(new Date(2026, 2, 2));
  },
};

/**
 * Events move and resize: drag an event or its lower edge, or focus it and press the arrow keys (Shift changes the
 * length), then Enter to save or Escape to cancel. The grid reports the change and keeps the event in place until the
 * events change (the app confirms, then saves).
 */
export const MoveAndResize: Story = {
  args: { onEventChange: fn(), onSlotClick: undefined },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: '10:00–10:50 Session with A. Client' }).focus();
    await userEvent.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    await expect(args.onEventChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'e1' }), {
      start: new Date(2026, 2, 3, 10, 30),
      end: new Date(2026, 2, 3, 11, 20),
    });
  },
};
