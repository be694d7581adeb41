import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ReactNode } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Dialog } from './Dialog';

const meta = {
  title: 'Design system/Dialog/Features',
  component: Dialog.Content,
} satisfies Meta<typeof Dialog.Content>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An open dialog with a body long enough to scroll, and one button that closes it. */
function LongDialog({
  title,
  description,
  action,
  children,
}: Record<'title' | 'description' | 'action', string> & { children: ReactNode }) {
  return (
    <Dialog.Root defaultOpen>
      <Dialog.Content size="md">
        <Dialog.Title>{title}</Dialog.Title>
        <Dialog.Description>{description}</Dialog.Description>
        <Dialog.Body>{children}</Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button>{action}</Button>
          </Dialog.Close>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

/** A long body scrolls while the title and the footer stay in view. */
export const ScrollingBody: Story = {
  render: () => (
    <LongDialog
      title="Terms of the practice"
      description="Read the terms before you continue."
      action="I have read them"
    >
      {Array.from({ length: 40 }, (_, i) => (
        <p key={i}>Clause {i + 1}: sessions cancelled with less than 24 hours notice may be charged.</p>
      ))}
    </LongDialog>
  ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Terms of the practice' });
    // The dialog fades in; it is visible once the animation has run.
    await waitFor(() => expect(dialog).toBeVisible());
  },
};

/** A long form: its body scrolls (and can take focus to scroll), yet the dialog opens with focus in its first field. */
export const LongFormFocusesItsFirstField: Story = {
  render: () => (
    <LongDialog title="Add a contact" description="Who to call in an emergency." action="Done">
      {Array.from({ length: 24 }, (_, i) => (
        <TextField key={i} label={`Detail ${i + 1}`} />
      ))}
    </LongDialog>
  ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const dialog = await body.findByRole('dialog', { name: 'Add a contact' });
    const first = within(dialog).getByRole('textbox', { name: 'Detail 1' });
    await waitFor(() => expect(first).toHaveFocus());
    // The body that scrolls is in the tab order, after the title and before the field.
    await expect(first.parentElement?.closest('[tabindex="0"]')).toBeInstanceOf(HTMLElement);
  },
};

/** Opened from code (no Trigger), as the modal host does: focus still returns to the button that had it. */
export const Controlled: Story = {
  render: () => {
    function Owner() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Open activity log</Button>
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Content size="sm">
              <Dialog.Title>Activity log</Dialog.Title>
              <Dialog.Description>Phone call with Jane D. on 3 March.</Dialog.Description>
              <Dialog.Footer>
                <Dialog.Close asChild>
                  <Button variant="secondary">Close</Button>
                </Dialog.Close>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Root>
        </>
      );
    }
    return <Owner />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const opener = canvas.getByRole('button', { name: 'Open activity log' });
    await userEvent.click(opener);
    const dialog = await body.findByRole('dialog', { name: 'Activity log' });
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await expect(opener).toHaveFocus();
  },
};
