import { createMockClient, sessionHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithModals } from '../../test/renderWithModals';
import { Opener } from '../../sessions/sessionTesting';
import { SESSION_CANCELLED } from './CancelSessionModal';

async function open(handlers = sessionHandlers()) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="cancel-session" label="Cancel it" props={{ sessionId: 103, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Cancel it' }));
  // The dialog shows a loading state first, then the form.
  await screen.findByRole('radio', { name: 'The client' });
  const dialog = within(screen.getByRole('dialog', { name: 'Cancel session' }));
  return { client, dialog, onSaved };
}

describe('cancel-session', { timeout: 20_000 }, () => {
  it('given who cancelled and why, when cancelled, then they are sent with the version and SPEC.md’s message shows', async () => {
    const { client, dialog, onSaved } = await open();
    await userEvent.click(dialog.getByRole('radio', { name: 'The therapist' }));
    // The late fee is the client's: it is not offered when the therapist cancels.
    expect(dialog.queryByRole('checkbox', { name: /late cancellation fee/ })).not.toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Therapist unwell');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel session' }));
    expect(await screen.findByText(SESSION_CANCELLED)).toBeInTheDocument();
    expect(client.mock.callsTo('cancelSession')[0]?.input).toMatchObject({
      params: { id: 103 },
      body: { cancelledBy: 'therapist', reason: 'Therapist unwell', notifyClient: true, version: 1 },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 103, status: 'cancelled' }));
  });

  it('given the session changed elsewhere, then the server’s words show and the reason stays typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'This session was changed elsewhere since you opened it. Nothing was saved.';
    const { dialog } = await open({ ...sessionHandlers(), cancelSession: { error: { status: 409, message } } });
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Client moved away');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel session' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: /Reason/ })).toHaveValue('Client moved away');
  });
});
