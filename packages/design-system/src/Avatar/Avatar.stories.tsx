import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Avatar } from './Avatar';

const meta = {
  title: 'Design system/Avatar',
  component: Avatar,
  args: { name: 'Jane Doe', size: 'md' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Jane Doe' })).toHaveTextContent('JD');
  },
};

const photo =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#7fa89f"/><circle cx="20" cy="16" r="7" fill="#e1f0ed"/><rect x="8" y="26" width="24" height="14" rx="7" fill="#e1f0ed"/></svg>',
  );

export const WithImage: Story = { args: { src: photo } };
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };
