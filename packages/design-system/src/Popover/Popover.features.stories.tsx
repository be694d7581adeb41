import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, userEvent, within } from 'storybook/test';
import { Popover } from './Popover';

const meta = {
  title: 'Design system/Popover/Features',
  component: Popover.Root,
} satisfies Meta<typeof Popover.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Controlled: a form inside closes the popover once it is applied. */
export const ControlledForm: Story = {
  render: () => {
    function QuickNote() {
      const [open, setOpen] = useState(false);
      const [saved, setSaved] = useState('');
      return (
        <>
          <Popover.Root open={open} onOpenChange={setOpen}>
            <Popover.Trigger>Add reminder</Popover.Trigger>
            <Popover.Content aria-label="Add reminder">
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  setSaved(new FormData(e.currentTarget).get('reminder') as string);
                  setOpen(false);
                }}
              >
                <label>
                  Reminder <input name="reminder" />
                </label>
                <button type="submit">Save</button>
              </form>
            </Popover.Content>
          </Popover.Root>
          <p>Saved: {saved}</p>
        </>
      );
    }
    return <QuickNote />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add reminder' }));
    await userEvent.type(await screen.findByLabelText('Reminder'), 'Call GP');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(canvas.getByText('Saved: Call GP')).toBeInTheDocument();
  },
};

/** Long content scrolls within the viewport width. */
export const LongContent: Story = {
  render: () => (
    <Popover.Root defaultOpen>
      <Popover.Trigger>Policy</Popover.Trigger>
      <Popover.Content aria-label="Cancellation policy" showClose>
        <p>
          Sessions cancelled with less than 24 hours notice are charged in full unless the cancellation was caused by
          illness or an emergency, in which case the practice may waive the fee at its discretion.
        </p>
      </Popover.Content>
    </Popover.Root>
  ),
};
