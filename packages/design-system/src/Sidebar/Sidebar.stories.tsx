import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ExampleEntries, ExampleFooter } from './examples';
import { Sidebar, type SidebarProps } from './Sidebar';

function WithPrivacy(args: SidebarProps) {
  const [privacy, setPrivacy] = useState(false);
  return (
    <div style={{ display: 'flex', blockSize: '44rem' }}>
      <Sidebar
        {...args}
        footer={<ExampleFooter notifications={4} privacy={privacy} onPrivacy={() => setPrivacy(!privacy)} />}
      >
        <ExampleEntries current="/Clients" />
      </Sidebar>
    </div>
  );
}

const meta = {
  title: 'Layout/Sidebar',
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  args: {
    'aria-label': 'Main',
    header: 'Halcyon',
    defaultOpen: true,
    defaultCollapsed: false,
    overlay: false,
    onOpenChange: fn(),
    onCollapsedChange: fn(),
    children: null,
  },
  argTypes: {
    collapsed: { control: 'boolean' },
    overlay: { control: 'boolean' },
    children: { control: false },
    footer: { control: false },
  },
  render: (args) => <WithPrivacy {...args} />,
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    await expect(within(nav).getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('link', { name: 'Messages 12 new' })).toBeVisible();
    await userEvent.click(within(nav).getByRole('button', { name: 'Privacy Off' }));
    await expect(within(nav).getByRole('button', { name: 'Privacy On' })).toHaveAttribute('aria-pressed', 'true');
  },
};

export const SettingsOpen: Story = {
  render: (args) => (
    <div style={{ display: 'flex', blockSize: '52rem' }}>
      <Sidebar {...args} footer={<ExampleFooter />}>
        <ExampleEntries current="/Settings/Practice" />
      </Sidebar>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Settings' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('list', { name: 'Billing and payments' })).toBeVisible();
  },
};

export const Collapsed: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Labels stay as accessible names while only icons show.
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Expand sidebar' }));
    await expect(canvas.getByRole('button', { name: 'Collapse sidebar' })).toBeInTheDocument();
  },
};
