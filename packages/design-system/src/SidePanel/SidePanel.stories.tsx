import type { Meta, StoryObj } from '@storybook/react-vite';
import { BellOff } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SidePanel, type SidePanelProps } from './SidePanel';

function ControlledPanel(args: SidePanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', blockSize: '24rem' }}>
      <button type="button" onClick={() => setOpen(true)}>
        Notifications
      </button>
      <SidePanel {...args} open={open} onOpenChange={setOpen} />
    </div>
  );
}

const meta = {
  title: 'Layout/SidePanel',
  component: SidePanel,
  parameters: { layout: 'fullscreen' },
  args: {
    title: 'You have 2 new notifications',
    defaultOpen: true,
    overlay: false,
    closeLabel: 'Close notifications',
    onOpenChange: fn(),
    children: (
      <ul>
        <li>Session request from A. Client</li>
        <li>Invoice INV-0042 is overdue</li>
      </ul>
    ),
  },
  argTypes: {
    title: { control: 'text' },
    overlay: { control: 'boolean' },
    closeOnOutsideInteraction: { control: 'boolean' },
  },
  render: (args) => (
    <div style={{ display: 'flex', justifyContent: 'flex-end', blockSize: '24rem' }}>
      <SidePanel {...args} />
    </div>
  ),
} satisfies Meta<typeof SidePanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: 'You have 2 new notifications' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Close notifications' }));
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Empty: Story = {
  args: {
    title: 'You have 0 new notifications',
    children: (
      <p style={{ textAlign: 'center', color: 'var(--hds-color-text-muted)' }}>
        <BellOff aria-label="No notifications" />
      </p>
    ),
  },
};

/** Controlled from an opener elsewhere on the page; focus returns to it on close. */
export const Controlled: Story = {
  args: { defaultOpen: undefined },
  render: (args) => <ControlledPanel {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Notifications' });
    await userEvent.click(opener);
    await expect(canvas.getByRole('button', { name: 'Close notifications' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('dialog')).not.toBeInTheDocument();
    await expect(opener).toHaveFocus();
  },
};
