import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { DropdownMenu } from './DropdownMenu';

const meta = {
  title: 'Design system/DropdownMenu/Features',
  component: DropdownMenu.Root,
} satisfies Meta<typeof DropdownMenu.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Modals never open inside a menu: the menu closes first (radix-ui/primitives #1241). The item queues the modal with
 * `onSelectAfterClose`; the page stays clickable after the modal closes.
 */
export const OpensModalAfterClose: Story = {
  render: () => {
    function RowActions() {
      const [confirming, setConfirming] = useState(false);
      return (
        <>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger>Row actions</DropdownMenu.Trigger>
            <DropdownMenu.Content>
              <DropdownMenu.Item variant="danger" onSelectAfterClose={() => setConfirming(true)}>
                Delete
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Root>
          <RadixDialog.Root open={confirming} onOpenChange={setConfirming}>
            <RadixDialog.Portal>
              <RadixDialog.Content aria-describedby={undefined}>
                <RadixDialog.Title>Delete this invoice?</RadixDialog.Title>
                <RadixDialog.Close>Cancel</RadixDialog.Close>
              </RadixDialog.Content>
            </RadixDialog.Portal>
          </RadixDialog.Root>
        </>
      );
    }
    return <RowActions />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Row actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await expect(await screen.findByRole('dialog', { name: 'Delete this invoice?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.body.style.pointerEvents).not.toBe('none'));
  },
};

/** Checkbox items that keep the menu open while toggling columns. */
export const CheckboxItemsStayOpen: Story = {
  render: () => {
    function Columns() {
      const [cols, setCols] = useState({ email: true, phone: false });
      return (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger>Columns</DropdownMenu.Trigger>
          <DropdownMenu.Content>
            <DropdownMenu.Label>Visible columns</DropdownMenu.Label>
            <DropdownMenu.CheckboxItem
              checked={cols.email}
              onCheckedChange={(email) => setCols((c) => ({ ...c, email }))}
              onSelect={(e) => e.preventDefault()}
            >
              E-mail
            </DropdownMenu.CheckboxItem>
            <DropdownMenu.CheckboxItem
              checked={cols.phone}
              onCheckedChange={(phone) => setCols((c) => ({ ...c, phone }))}
              onSelect={(e) => e.preventDefault()}
            >
              Phone
            </DropdownMenu.CheckboxItem>
          </DropdownMenu.Content>
        </DropdownMenu.Root>
      );
    }
    return <Columns />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Phone' }));
    await expect(screen.getByRole('menuitemcheckbox', { name: 'Phone' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Columns' })).toHaveFocus());
  },
};
