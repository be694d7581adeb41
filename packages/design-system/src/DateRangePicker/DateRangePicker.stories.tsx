import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { DateRangePicker } from './DateRangePicker';

const meta = {
  title: 'Design system/DateRangePicker',
  component: DateRangePicker,
  args: { label: 'Invoice period', hint: 'Both dates are included.', onValueChange: fn() },
} satisfies Meta<typeof DateRangePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'Invoice period' })).toBeInTheDocument();
  },
};

export const WithRange: Story = { args: { defaultValue: { from: '2026-11-01', to: '2026-11-30' } } };
