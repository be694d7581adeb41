import { createMockClient } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DELETE_KINDS, DELETE_SUCCESS_MESSAGES, type DeleteKind } from '../../deleteKinds';
import { useModal } from '../../host/context';
import { DELETE_FAILED_MESSAGE } from '../../messages';
import { renderWithModals } from '../../test/renderWithModals';
import type { DeleteItemModalProps } from '../../types';

function Opener(props: DeleteItemModalProps) {
  const modal = useModal();
  return <Button onClick={() => modal.open('delete-item', props)}>Delete</Button>;
}

async function openAndConfirm() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('alertdialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  return dialog;
}

describe('delete-item', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('given a record, then the confirmation names it and its client', async () => {
    renderWithModals(<Opener kind="session-note" clientName="Jane D." onDelete={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete session note for Jane D.?' });
    expect(dialog).toHaveAccessibleDescription(
      'Only a draft can be deleted: a signed note stays in the clinical record. This cannot be undone.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await expect(dialog).toHaveNoAxeViolations();
  });

  it('given a folder, then the confirmation warns that what it holds goes with it', async () => {
    renderWithModals(<Opener kind="folder" name="Policies" onDelete={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete folder “Policies”?' });
    expect(dialog).toHaveAccessibleDescription(
      'The folders and files inside it are deleted with it. This cannot be undone.',
    );
  });

  it('given a named record, then the question quotes its name', async () => {
    renderWithModals(<Opener kind="service" name="Initial consultation" onDelete={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete service “Initial consultation”?' })).toBeVisible();
  });

  it.each(DELETE_KINDS.map((kind) => [kind, DELETE_SUCCESS_MESSAGES[kind]] as const))(
    'given a %s, when the deletion succeeds, then "%s" shows as a success banner and the modal closes',
    async (kind: DeleteKind, message: string) => {
      const onDelete = vi.fn(() => Promise.resolve());
      const onDeleted = vi.fn();
      renderWithModals(<Opener kind={kind} name="Record" onDelete={onDelete} onDeleted={onDeleted} />);
      await openAndConfirm();
      expect(await screen.findByText(message)).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(onDelete).toHaveBeenCalledTimes(1);
      expect(onDeleted).toHaveBeenCalledTimes(1);
    },
  );

  it('given SPEC.md §8, then the messages are kept word for word, quirks included', () => {
    // SPEC.md §8's 28, plus a client's documents and diagnoses, insurance claims, cloud storage's folders and files, a
    // session's private note, and a plan's goals and reviews.
    expect(Object.keys(DELETE_SUCCESS_MESSAGES)).toHaveLength(36);
    expect(DELETE_SUCCESS_MESSAGES['supervision-session']).toBe('Supervision session was successfully deleted');
    expect(DELETE_SUCCESS_MESSAGES.appointment).toBe('Appointment successfully deleted.');
    expect(DELETE_SUCCESS_MESSAGES['license-compliance']).toBe('License / compliance record was successfully deleted.');
  });

  it('given the deletion fails, then the dialog stays open with the failure message, also as an error banner', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onDeleted = vi.fn();
    renderWithModals(
      <Opener kind="task" name="Call GP" onDelete={() => Promise.reject(new Error('500'))} onDeleted={onDeleted} />,
    );
    const dialog = await openAndConfirm();
    expect(await within(dialog).findByText(DELETE_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByText('Failed to delete item. Please try again.')).toHaveLength(2);
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('given a contract route, when confirmed, then the API client calls it with the params', async () => {
    const client = createMockClient();
    const id = '00000000-0000-4000-8000-000000000009';
    renderWithModals(<Opener kind="appointment" name="Mon 9:00" route="revokeSession" params={{ id }} />, { client });
    await openAndConfirm();
    expect(await screen.findByText('Appointment successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('revokeSession')).toEqual([
      expect.objectContaining({ path: `/api/auth/sessions/${id}` }),
    ]);
  });

  it('given a contract route that fails, then the failure message shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createMockClient({
      handlers: {
        revokeSession: { error: { status: 500, message: 'Failed to fetch /api/auth/sessions/x. Status: 500' } },
      },
    });
    renderWithModals(
      <Opener kind="appointment" route="revokeSession" params={{ id: '00000000-0000-4000-8000-000000000009' }} />,
      { client },
    );
    const dialog = await openAndConfirm();
    expect(await within(dialog).findByText(DELETE_FAILED_MESSAGE)).toBeInTheDocument();
  });

  it('given the deletion runs, then the dialog is busy until it answers', async () => {
    let finish: () => void = () => {};
    const onDelete = () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      });
    renderWithModals(<Opener kind="expense" onDelete={onDelete} />);
    const dialog = await openAndConfirm();
    expect(dialog).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('given the success handling throws, then the unexpected error shows after the success banner', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithModals(
      <Opener
        kind="payment"
        onDelete={() => Promise.resolve()}
        onDeleted={() => {
          throw new Error('cache update failed');
        }}
      />,
    );
    const dialog = await openAndConfirm();
    expect(await within(dialog).findByText('An unexpected error occured. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Payment was successfully deleted.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
