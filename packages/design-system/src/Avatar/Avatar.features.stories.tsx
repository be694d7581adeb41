import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './Avatar';

const meta = {
  title: 'Design system/Avatar/Features',
  component: Avatar,
  args: { name: 'Jane Doe' },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A broken image URL falls back to the initials. */
export const BrokenImage: Story = {
  args: { name: 'Sam Okafor', src: '/does-not-exist.png' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('img', { name: 'Sam Okafor' })).toHaveTextContent('SO');
  },
};

/** One name gives one letter; a middle name is skipped. */
export const NameShapes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '0.5rem' }}>
      <Avatar name="Cher" />
      <Avatar name="Mary Ann Evans" />
      <Avatar name="  " />
    </div>
  ),
};
