import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Tabs } from './Tabs';

const meta = {
  title: 'Design system/Tabs/Features',
  component: Tabs.Root,
} satisfies Meta<typeof Tabs.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A disabled tab is skipped by the arrow keys. */
export const DisabledTab: Story = {
  render: () => (
    <Tabs.Root defaultValue="a">
      <Tabs.List aria-label="Invoices">
        <Tabs.Trigger value="a">Open</Tabs.Trigger>
        <Tabs.Trigger value="b" disabled>
          Archived
        </Tabs.Trigger>
        <Tabs.Trigger value="c">Paid</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="a">Open invoices.</Tabs.Content>
      <Tabs.Content value="b">Archived invoices.</Tabs.Content>
      <Tabs.Content value="c">Paid invoices.</Tabs.Content>
    </Tabs.Root>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('tab', { name: 'Open' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Paid' })).toHaveFocus();
  },
};

/** Many tabs scroll horizontally instead of wrapping. */
export const ManyTabs: Story = {
  render: () => (
    <div style={{ maxWidth: '20rem' }}>
      <Tabs.Root defaultValue="t0">
        <Tabs.List aria-label="Months">
          {['January', 'February', 'March', 'April', 'May', 'June', 'July'].map((m, i) => (
            <Tabs.Trigger key={m} value={`t${i}`}>
              {m}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {['January', 'February', 'March', 'April', 'May', 'June', 'July'].map((m, i) => (
          <Tabs.Content key={m} value={`t${i}`}>
            Sessions in {m}.
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  ),
};

/** Manual activation: arrows move focus, Enter or Space selects. */
export const ManualActivation: Story = {
  render: () => (
    <Tabs.Root defaultValue="a" activationMode="manual">
      <Tabs.List aria-label="Reports">
        <Tabs.Trigger value="a">Income</Tabs.Trigger>
        <Tabs.Trigger value="b">Expenses</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="a">Income report.</Tabs.Content>
      <Tabs.Content value="b">Expenses report.</Tabs.Content>
    </Tabs.Root>
  ),
};
