import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DateRangePicker } from './DateRangePicker';

const meta = {
  title: 'Design system/DateRangePicker/Features',
  component: DateRangePicker,
  args: { label: 'Report period' },
} satisfies Meta<typeof DateRangePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** From after To: the To date is marked invalid with a message that says what to fix (announced politely). */
export const Reversed: Story = {
  args: { defaultValue: { from: '2026-05-10', to: '2026-05-01' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText('To')).toBeInvalid();
    await expect(canvas.getByText('Choose an end date on or after the start date.')).toBeInTheDocument();
  },
};

/** Limits apply to both dates. */
export const WithinLimits: Story = { args: { min: '2026-01-01', max: '2026-12-31' } };

export const CustomLabels: Story = {
  args: {
    fromLabel: 'First session',
    toLabel: 'Last session',
    orderMessage: 'The last session must be on or after the first.',
  },
};
