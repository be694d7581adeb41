import { Button } from '@halcyon/design-system';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalShell } from '../ModalShell/ModalShell';
import { UNEXPECTED_ERROR_MESSAGE } from '../messages';
import { registry, type ModalRegistry } from '../registry';
import { renderWithModals } from '../test/renderWithModals';
import type { ModalPropsMap } from '../types';
import { useModal, useModalInstance } from './context';

/** A stand-in for a domain modal: the task form, whose save may fail in its success handling. */
function TaskModal({ onSaved }: ModalPropsMap['task']) {
  const instance = useModalInstance();
  return (
    <ModalShell
      title="New task"
      description="A to-do for you or your team."
      submitLabel="Save"
      onConfirm={() => void instance?.succeed(() => onSaved?.({ id: 7 }))}
    >
      <label>
        Title <input name="title" />
      </label>
    </ModalShell>
  );
}

function CrashingModal(): never {
  throw new Error('render failed');
}

const testRegistry: ModalRegistry = {
  task: lazy(() => Promise.resolve({ default: TaskModal })),
  expense: lazy(() => Promise.resolve({ default: CrashingModal })),
};

function Page({ onSaved }: { onSaved?: () => void }) {
  const modal = useModal();
  return (
    <>
      <Button onClick={() => modal.open('task', { onSaved })}>New task</Button>
      <Button onClick={() => modal.open('expense')}>New expense</Button>
      <Button onClick={() => (modal.open as (type: string) => void)('no-such-modal')}>Untyped open</Button>
      <Button onClick={() => modal.open('set-email-template')}>Not built yet</Button>
      <output aria-label="Open modal">{modal.current?.type ?? 'none'}</output>
    </>
  );
}

describe('ModalHost', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('given a page, when a modal is opened by type, then the host shows it and `current` names it', async () => {
    renderWithModals(<Page />, { registry: testRegistry });
    await userEvent.click(screen.getByRole('button', { name: 'New task' }));
    expect(await screen.findByRole('dialog', { name: 'New task' })).toHaveAccessibleDescription(
      'A to-do for you or your team.',
    );
    // The page behind a modal is hidden from assistive technology while it is open.
    expect(screen.getByRole('status', { name: 'Open modal', hidden: true })).toHaveTextContent('task');
  });

  it('given an open modal, when the user cancels it, then it closes and focus returns to the opener', async () => {
    renderWithModals(<Page />, { registry: testRegistry });
    const opener = screen.getByRole('button', { name: 'New task' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'New task' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dialog).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    expect(screen.getByRole('status', { name: 'Open modal' })).toHaveTextContent('none');
  });

  it('given an open modal, when Escape is pressed, then it closes and focus returns to the opener', async () => {
    renderWithModals(<Page />, { registry: testRegistry });
    const opener = screen.getByRole('button', { name: 'New task' });
    await userEvent.click(opener);
    await screen.findByRole('dialog', { name: 'New task' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('given untyped code, when it opens an unknown type, then SPEC.md’s unexpected error shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithModals(<Page />, { registry: testRegistry });
    const opener = screen.getByRole('button', { name: 'Untyped open' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('An unexpected error occured. Please try again later.');
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('given a type without a component yet, when it is opened, then the unexpected error shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithModals(<Page />, { registry: testRegistry });
    await userEvent.click(screen.getByRole('button', { name: 'Not built yet' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(UNEXPECTED_ERROR_MESSAGE);
  });

  it('given a modal that throws while rendering, when it opens, then the unexpected error shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithModals(<Page />, { registry: testRegistry });
    await userEvent.click(screen.getByRole('button', { name: 'New expense' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(UNEXPECTED_ERROR_MESSAGE);
  });

  it('given a save whose success handling throws, then the modal stays with the unexpected error and only closes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onSaved = vi.fn(() => {
      throw new Error('list refresh failed');
    });
    renderWithModals(<Page onSaved={onSaved} />, { registry: testRegistry });
    await userEvent.click(screen.getByRole('button', { name: 'New task' }));
    await screen.findByRole('dialog', { name: 'New task' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Call GP');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSaved).toHaveBeenCalledWith({ id: 7 });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED_ERROR_MESSAGE);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Call GP');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('given a save whose success handling passes, then the modal closes', async () => {
    const onSaved = vi.fn();
    renderWithModals(<Page onSaved={onSaved} />, { registry: testRegistry });
    await userEvent.click(screen.getByRole('button', { name: 'New task' }));
    await screen.findByRole('dialog', { name: 'New task' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('given a modal opened from another modal, when it closes, then focus returns to the first opener', async () => {
    function Chain() {
      const modal = useModal();
      return (
        <Button
          onClick={() =>
            modal.open('delete-item', {
              kind: 'task',
              onDelete: () => Promise.resolve(),
              onDeleted: () => modal.open('task'),
            })
          }
        >
          Delete then add
        </Button>
      );
    }
    const registryWithDelete: ModalRegistry = { ...testRegistry, 'delete-item': registry['delete-item'] };
    renderWithModals(<Chain />, { registry: registryWithDelete });
    const opener = screen.getByRole('button', { name: 'Delete then add' });
    await userEvent.click(opener);
    const confirmation = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog', { name: 'New task' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("given no registry passed, when a modal opens, then the package's registry loads with it and shows the real modal", async () => {
    function DeletePage() {
      const modal = useModal();
      return (
        <Button onClick={() => modal.open('delete-item', { kind: 'task', onDelete: () => Promise.resolve() })}>
          Delete
        </Button>
      );
    }
    renderWithModals(<DeletePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // The first open transforms the registry and the modal's module in the test runner: give it time.
    const confirmation = await screen.findByRole('alertdialog', {}, { timeout: 10_000 });
    expect(within(confirmation).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("given no registry passed, when a type the package's registry lacks opens (an untyped caller), then the unexpected error shows", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithModals(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Untyped open' }));
    expect(await screen.findByText(UNEXPECTED_ERROR_MESSAGE)).toBeInTheDocument();
  });

  it('given no ModalProvider, when useModal is called, then it says where it belongs', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Lonely() {
      useModal();
      return null;
    }
    expect(() => render(<Lonely />)).toThrow('useModal must be used inside <ModalProvider>.');
  });
});
