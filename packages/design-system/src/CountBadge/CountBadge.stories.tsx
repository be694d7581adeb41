import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { CountBadge } from './CountBadge';

const meta = {
  title: 'Design system/CountBadge',
  component: CountBadge,
  args: { count: 3, max: 99, label: 'unread', variant: 'accent', hideWhenZero: false },
  argTypes: {
    count: { control: { type: 'number', min: 0 } },
    variant: { control: 'inline-radio', options: ['accent', 'neutral', 'danger'] },
  },
} satisfies Meta<typeof CountBadge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('3 unread')).toBeInTheDocument();
  },
};
export const Zero: Story = { args: { count: 0 } };
export const Overflow: Story = {
  args: { count: 120 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('99+')).toBeInTheDocument();
  },
};
export const Danger: Story = { args: { variant: 'danger', count: 7, label: 'overdue' } };
