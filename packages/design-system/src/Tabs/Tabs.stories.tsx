import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from './Tabs';

interface TabsDemoProps {
  orientation: 'horizontal' | 'vertical';
  activationMode: 'automatic' | 'manual';
  defaultValue: string;
}

function TabsDemo({ orientation, activationMode, defaultValue }: TabsDemoProps) {
  return (
    <Tabs.Root defaultValue={defaultValue} orientation={orientation} activationMode={activationMode}>
      <Tabs.List aria-label="Client record">
        <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
        <Tabs.Trigger value="sessions">Sessions</Tabs.Trigger>
        <Tabs.Trigger value="documents">Documents</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="overview">Contact details and the next appointment.</Tabs.Content>
      <Tabs.Content value="sessions">Every session with its note.</Tabs.Content>
      <Tabs.Content value="documents">Uploaded files and signed forms.</Tabs.Content>
    </Tabs.Root>
  );
}

const meta = {
  title: 'Design system/Tabs',
  component: TabsDemo,
  args: { orientation: 'horizontal', activationMode: 'automatic', defaultValue: 'overview' },
  argTypes: {
    orientation: { control: 'inline-radio', options: ['horizontal', 'vertical'] },
    activationMode: { control: 'inline-radio', options: ['automatic', 'manual'] },
    defaultValue: { control: 'select', options: ['overview', 'sessions', 'documents'] },
  },
} satisfies Meta<typeof TabsDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Sessions' }));
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Every session with its note.');
  },
};

export const Vertical: Story = { args: { orientation: 'vertical' } };

/** Controlled: the selected tab lives in state the page owns, e.g. the URL's `?tab=` search param. */
export const Controlled: Story = {
  render: () => {
    function UrlSynced() {
      const [tab, setTab] = useState('sessions');
      return (
        <Tabs.Root value={tab} onValueChange={setTab}>
          <p>?tab={tab}</p>
          <Tabs.List aria-label="Settings">
            <Tabs.Trigger value="profile">Profile</Tabs.Trigger>
            <Tabs.Trigger value="sessions">Sessions</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="profile">Profile settings.</Tabs.Content>
          <Tabs.Content value="sessions">Session settings.</Tabs.Content>
        </Tabs.Root>
      );
    }
    return <UrlSynced />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Profile' }));
    await expect(canvas.getByText('?tab=profile')).toBeInTheDocument();
  },
};
