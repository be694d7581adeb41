import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Design system/Skeleton',
  component: Skeleton,
  args: { shape: 'text', width: '60%' },
  argTypes: { shape: { control: 'inline-radio', options: ['text', 'rect', 'circle'] } },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-shape="text"]')).toHaveAttribute('aria-hidden', 'true');
  },
};
export const Rect: Story = { args: { shape: 'rect', width: '100%', height: '8rem' } };
export const Circle: Story = { args: { shape: 'circle', width: undefined } };

/** A loading client row: the region is busy and says so. */
export const LoadingRow: Story = {
  render: () => (
    <div aria-busy="true" aria-label="Loading clients" role="group" style={{ display: 'flex', gap: '0.75rem' }}>
      <Skeleton shape="circle" />
      <div style={{ flex: 1, display: 'grid', gap: '0.5rem' }}>
        <Skeleton width="40%" />
        <Skeleton width="70%" />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'Loading clients' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};
