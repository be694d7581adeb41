import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bell } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { Banner } from './Banner';

const meta = {
  title: 'Design system/Banner/Features',
  component: Banner,
  args: { variant: 'info', onDismiss: () => undefined },
} satisfies Meta<typeof Banner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A long server message wraps; unbroken strings (paths, ids) break anywhere instead of overflowing. */
export const LongMessage: Story = {
  args: {
    variant: 'error',
    children:
      'Failed to fetch /api/clients/4c1d2a5e-8d4b-4a0f-9a61-0a3c1e9f7b22/documents/very-long-file-name-without-spaces.pdf. Status: 502',
  },
  render: (args) => (
    <div style={{ maxWidth: '24rem' }}>
      <Banner {...args} />
    </div>
  ),
};

/** A custom icon, or none. */
export const CustomIcon: Story = { args: { icon: <Bell />, children: 'You have 3 new notifications' } };
export const NoIcon: Story = {
  args: { icon: false, children: 'Plain message' },
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('status');
    await expect(banner).toHaveTextContent('Plain message');
    // Only the dismiss button's icon remains.
    await expect(banner.querySelectorAll('svg')).toHaveLength(1);
  },
};
