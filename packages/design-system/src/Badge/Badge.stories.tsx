import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './Badge';

const meta = {
  title: 'Design system/Badge',
  component: Badge,
  args: { variant: 'neutral', children: 'Draft' },
  argTypes: {
    variant: { control: 'select', options: ['neutral', 'accent', 'success', 'warning', 'danger', 'info'] },
  },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Draft')).toHaveAttribute('data-variant', 'neutral');
  },
};
export const Accent: Story = { args: { variant: 'accent', children: 'New' } };
export const Success: Story = { args: { variant: 'success', children: 'Paid' } };
export const Warning: Story = { args: { variant: 'warning', children: 'Due soon' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Overdue' } };
export const InfoBadge: Story = { name: 'Info', args: { variant: 'info', children: 'Telehealth' } };
