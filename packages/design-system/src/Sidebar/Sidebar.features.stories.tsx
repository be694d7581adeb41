import type { Meta, StoryObj } from '@storybook/react-vite';
import { Menu } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ExampleEntries, ExampleFooter } from './examples';
import { Sidebar, type SidebarProps } from './Sidebar';

function NarrowScreen(args: SidebarProps) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" aria-label="Open menu" onClick={() => setOpen(true)}>
        <Menu aria-hidden />
      </button>
      <Sidebar {...args} overlay open={open} onOpenChange={setOpen} header="Halcyon" footer={<ExampleFooter />}>
        <ExampleEntries />
      </Sidebar>
    </div>
  );
}

const meta = {
  title: 'Layout/Sidebar/Features',
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  args: { children: null, onOpenChange: fn() },
} satisfies Meta<typeof Sidebar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Narrow screens: the sidebar overlays the page with a backdrop; Escape closes it and focus returns to the menu button. */
export const OverlayOnNarrowScreen: Story = {
  render: (args) => <NarrowScreen {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: 'Open menu' });
    await userEvent.click(opener);
    await expect(canvas.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('navigation')).not.toBeInTheDocument();
    await expect(opener).toHaveFocus();
  },
};

/** Counts of 0 still render (SPEC.md §9: badge counts default to 0); big counts do not break the layout. */
export const Counts: Story = {
  render: (args) => (
    <div style={{ display: 'flex', blockSize: '20rem' }}>
      <Sidebar {...args}>
        <Sidebar.Item href="/Appointments" label="Appointments" count={0} />
        <Sidebar.Item href="/Messages" label="Messages" count={1280} />
        <Sidebar.Item label="Notifications" count={99} />
      </Sidebar>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Appointments 0 new' })).toBeInTheDocument();
  },
};

/** A router integration: every link goes through `renderLink` (here it only adds a data attribute). */
export const RouterLinks: Story = {
  render: (args) => (
    <div style={{ display: 'flex', blockSize: '36rem' }}>
      <Sidebar
        {...args}
        renderLink={({ href, children, ...rest }) => (
          <a href={href} data-router-link="" {...rest}>
            {children}
          </a>
        )}
      >
        <ExampleEntries current="/Billing" />
      </Sidebar>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Billing' })).toHaveAttribute('data-router-link');
  },
};

/** Long labels are truncated with an ellipsis instead of wrapping. */
export const LongLabels: Story = {
  render: (args) => (
    <div style={{ display: 'flex', blockSize: '12rem' }}>
      <Sidebar {...args}>
        <Sidebar.Item href="/x" label="A very long entry label that does not fit in the sidebar width" />
      </Sidebar>
    </div>
  ),
};
