import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Accordion } from './Accordion';

const meta = {
  title: 'Design system/Accordion/Features',
  component: Accordion.Root,
  args: { type: 'single' },
} satisfies Meta<typeof Accordion.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A disabled section cannot open and is skipped by the arrow keys. */
export const DisabledItem: Story = {
  render: () => (
    <Accordion.Root type="single" collapsible>
      <Accordion.Item value="a">
        <Accordion.Trigger>Contact details</Accordion.Trigger>
        <Accordion.Content>Phone and e-mail.</Accordion.Content>
      </Accordion.Item>
      <Accordion.Item value="b" disabled>
        <Accordion.Trigger>Insurance (not set up)</Accordion.Trigger>
        <Accordion.Content>Provider and policy.</Accordion.Content>
      </Accordion.Item>
      <Accordion.Item value="c">
        <Accordion.Trigger>Emergency contact</Accordion.Trigger>
        <Accordion.Content>Next of kin.</Accordion.Content>
      </Accordion.Item>
    </Accordion.Root>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Contact details' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('button', { name: 'Emergency contact' })).toHaveFocus();
  },
};

/** Controlled from outside: an "Expand all" button. */
export const Controlled: Story = {
  render: () => {
    function ExpandAll() {
      const [open, setOpen] = useState<string[]>([]);
      return (
        <>
          <button type="button" onClick={() => setOpen(['a', 'b'])}>
            Expand all
          </button>
          <Accordion.Root type="multiple" value={open} onValueChange={setOpen}>
            <Accordion.Item value="a">
              <Accordion.Trigger>Presenting problem</Accordion.Trigger>
              <Accordion.Content>Low mood since March.</Accordion.Content>
            </Accordion.Item>
            <Accordion.Item value="b">
              <Accordion.Trigger>History</Accordion.Trigger>
              <Accordion.Content>No previous therapy.</Accordion.Content>
            </Accordion.Item>
          </Accordion.Root>
        </>
      );
    }
    return <ExpandAll />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Expand all' }));
    await expect(canvas.getByRole('button', { name: 'History' })).toHaveAttribute('aria-expanded', 'true');
  },
};

/** A long title wraps beside the chevron. */
export const LongTitle: Story = {
  render: () => (
    <div style={{ maxWidth: '20rem' }}>
      <Accordion.Root type="single" collapsible>
        <Accordion.Item value="a">
          <Accordion.Trigger>
            What happens to my session notes when a client asks for their records to be deleted?
          </Accordion.Trigger>
          <Accordion.Content>They are kept for the retention period your practice sets.</Accordion.Content>
        </Accordion.Item>
      </Accordion.Root>
    </div>
  ),
};
