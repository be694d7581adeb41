import { cancellationFeeHandler, createMockClient, SESSIONS, sessionHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
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
      body: { cancelledBy: 'therapist', reason: 'Therapist unwell', lateFee: false, notifyClient: true, version: 1 },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 103, status: 'cancelled' }));
  });

  it('given the client cancels inside the policy, then its fee shows before saving, is suggested, and is sent', async () => {
    const { client, dialog } = await open();
    expect(
      await dialog.findByText(
        'Per your cancellation policy (cancelled less than 24 hours before the start), the fee is £30.00: 50% of the £60.00 session price.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.getByRole('checkbox', { name: 'Charge the late cancellation fee' })).toBeChecked(),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel session' }));
    expect(await screen.findByText(SESSION_CANCELLED)).toBeInTheDocument();
    expect(client.mock.callsTo('cancelSession')[0]?.input).toMatchObject({
      body: { cancelledBy: 'client', lateFee: true },
    });
  });

  it('given no rule applies, then the modal says there is no fee and offers none', async () => {
    const noRules = cancellationFeeHandler(
      (id) => SESSIONS.find((s) => s.id === id) ?? null,
      () => [],
    );
    const { dialog } = await open({ ...sessionHandlers(), getCancellationFee: noRules });
    expect(await dialog.findByText(/No rule of your cancellation policy applies/)).toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: /late cancellation fee/ })).not.toBeInTheDocument();
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
