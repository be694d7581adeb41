import type { Meta, StoryObj } from '@storybook/react-vite';
import { Menu } from 'lucide-react';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { PageHeader } from '../PageHeader';
import { SidePanel } from '../SidePanel';
import { ExampleEntries, ExampleFooter } from '../Sidebar/examples';
import { Sidebar } from '../Sidebar';
import { TopBar } from '../TopBar';
import { AppShell } from './AppShell';
import { useShellState } from './useShellState';

interface ShellDemoProps {
  narrow?: boolean;
  notifications?: number;
}

/** The signed-in layout wired with `useShellState`, as apps/web does. */
function ShellDemo({ narrow, notifications = 2 }: ShellDemoProps) {
  const shell = useShellState({ narrow });
  const [privacy, setPrivacy] = useState(false);
  return (
    <AppShell
      sidebar={
        <Sidebar
          header="Halcyon"
          open={shell.sidebarOpen}
          onOpenChange={shell.setSidebarOpen}
          collapsed={shell.sidebarCollapsed}
          onCollapsedChange={shell.setSidebarCollapsed}
          overlay={shell.narrow}
          footer={
            <ExampleFooter
              notifications={notifications}
              privacy={privacy}
              onPrivacy={() => setPrivacy(!privacy)}
              onNotifications={() => shell.setPanelOpen(!shell.panelOpen)}
            />
          }
        >
          <ExampleEntries current="/Dashboard" />
        </Sidebar>
      }
      topBar={
        <TopBar
          start={
            <button type="button" aria-label="Open menu" onClick={() => shell.setSidebarOpen(!shell.sidebarOpen)}>
              <Menu aria-hidden />
            </button>
          }
          search={<input type="search" aria-label="Search on client name" maxLength={320} />}
        />
      }
      sidePanel={
        <SidePanel
          title={`You have ${notifications} new notifications`}
          open={shell.panelOpen}
          onOpenChange={shell.setPanelOpen}
          overlay={shell.narrow}
        >
          <ul>
            <li>Session request from A. Client</li>
            <li>Invoice INV-0042 is overdue</li>
          </ul>
        </SidePanel>
      }
    >
      <PageHeader title="Dashboard" description="Today at a glance." />
      <p>Page content.</p>
    </AppShell>
  );
}

const meta = {
  title: 'Layout/AppShell',
  component: ShellDemo,
  parameters: { layout: 'fullscreen' },
  args: { narrow: false, notifications: 2 },
  argTypes: { narrow: { control: 'boolean' }, notifications: { control: { type: 'number', min: 0 } } },
} satisfies Meta<typeof ShellDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Wide: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Notifications 2 new' }));
    await expect(canvas.getByRole('dialog', { name: 'You have 2 new notifications' })).toBeInTheDocument();
    // Wide screens keep both open.
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  },
};

export const Narrow: Story = {
  args: { narrow: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Open menu' }));
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  },
};

export const SkipLink: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
  },
};
