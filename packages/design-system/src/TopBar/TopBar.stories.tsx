import type { Meta, StoryObj } from '@storybook/react-vite';
import { Menu } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { TopBar } from './TopBar';

const meta = {
  title: 'Layout/TopBar',
  component: TopBar,
  parameters: { layout: 'fullscreen' },
  args: {
    start: (
      <button type="button" aria-label="Open menu">
        <Menu aria-hidden size={20} />
      </button>
    ),
    search: <input type="search" aria-label="Search on client name" maxLength={320} style={{ inlineSize: '100%' }} />,
    end: (
      <label>
        <input type="checkbox" /> Privacy
      </label>
    ),
  },
} satisfies Meta<typeof TopBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('banner');
    await expect(within(banner).getByRole('searchbox', { name: 'Search on client name' })).toBeVisible();
  },
};

export const StartOnly: Story = { args: { search: undefined, end: undefined } };
