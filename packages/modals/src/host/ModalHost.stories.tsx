import { Button, DropdownMenu } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { lazy } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ModalShell } from '../ModalShell/ModalShell';
import { UNEXPECTED_ERROR_MESSAGE } from '../messages';
import { registry, type ModalRegistry } from '../registry';
import { ModalTestRoot } from '../test/renderWithModals';
import type { ModalPropsMap } from '../types';
import { useModal, useModalInstance } from './context';

/** Stands in for a domain modal whose success handling (the caller's `onSaved`) throws. */
function FailingTaskModal({ onSaved }: ModalPropsMap['task']) {
  const instance = useModalInstance();
  return (
    <ModalShell
      title="New task"
      description="Saving works; refreshing the list afterwards fails."
      submitLabel="Save"
      onConfirm={() => void instance?.succeed(() => onSaved?.({ id: 1 }))}
    />
  );
}

const storyRegistry: ModalRegistry = { ...registry, task: lazy(() => Promise.resolve({ default: FailingTaskModal })) };

function Page() {
  const modal = useModal();
  return (
    <div style={{ display: 'flex', gap: 'var(--hds-space-2)', flexWrap: 'wrap' }}>
      <Button
        variant="danger"
        onClick={() =>
          modal.open('delete-item', { kind: 'task', name: 'Call GP about referral', onDelete: () => Promise.resolve() })
        }
      >
        Delete task
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          modal.open('task', {
            onSaved: () => {
              throw new Error('The task list could not be refreshed.');
            },
          })
        }
      >
        New task
      </Button>
      <Button variant="secondary" onClick={() => (modal.open as (type: string) => void)('no-such-modal')}>
        Open an unknown type
      </Button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost">More actions</Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content>
          {/* The menu closes first; the host renders the modal outside it (ARCHITECTURE.md style 8). */}
          <DropdownMenu.Item
            onSelect={() =>
              modal.open('delete-item', { kind: 'expense', name: 'Train ticket', onDelete: () => Promise.resolve() })
            }
          >
            Delete expense
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </div>
  );
}

function HostDemo() {
  return (
    <ModalTestRoot registry={storyRegistry}>
      <Page />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Framework/Modal host',
  component: HostDemo,
} satisfies Meta<typeof HostDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `useModal().open(type, props)` shows the modal; closing it returns focus to the button that opened it. */
export const OpenAndClose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const opener = canvas.getByRole('button', { name: 'Delete task' });
    await userEvent.click(opener);
    const dialog = await body.findByRole('alertdialog', { name: 'Delete task “Call GP about referral”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** Untyped code opened a type that does not exist: SPEC.md's message, as written. */
export const UnknownType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Open an unknown type' }));
    await expect(await body.findByRole('alertdialog')).toHaveTextContent(UNEXPECTED_ERROR_MESSAGE);
  },
};

/** The save worked but the caller's success handling threw: the same message, and the modal can only be closed. */
export const SuccessHandlingFails: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'New task' }));
    const dialog = await body.findByRole('dialog', { name: 'New task' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(UNEXPECTED_ERROR_MESSAGE);
  },
};

/** Opened from a dropdown menu item: the menu closes, the modal opens at the root and the page stays usable after. */
export const FromDropdownMenu: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'Delete expense' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Delete expense “Train ticket”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await expect(await canvas.findByText('Expense was successfully deleted.')).toBeInTheDocument();
    await waitFor(() => expect(canvasElement.ownerDocument.body.style.pointerEvents).not.toBe('none'));
  },
};
