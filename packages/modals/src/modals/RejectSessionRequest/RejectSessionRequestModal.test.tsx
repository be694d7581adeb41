import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import { bookingHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

async function open() {
  const client = createMockClient({ handlers: bookingHandlers() });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="reject-session-request" label="Decline" props={{ requestId: 62, onSaved }} />, {
    client,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
  // The dialog shows a loading frame first, then the request.
  await screen.findByText('Jordan Blake', undefined, { timeout: 5000 });
  const dialog = within(screen.getByRole('dialog', { name: 'Decline session request' }));
  return { client, dialog, onSaved };
}

describe('reject-session-request', { timeout: 20_000 }, () => {
  it('given no reason, when declined, then the contract’s message asks for one and nothing is sent', async () => {
    const { client, dialog } = await open();
    await userEvent.click(dialog.getByRole('button', { name: 'Decline request' }));
    expect(await dialog.findByText('Say why, for the team’s record.')).toBeInTheDocument();
    expect(client.mock.callsTo('rejectSessionRequest')).toHaveLength(0);
  });

  it('given a reason and a message, when declined, then both go with the version and SPEC.md’s message shows', async () => {
    const { client, dialog, onSaved } = await open();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Fully booked');
    await userEvent.type(dialog.getByRole('textbox', { name: /Message to the requester/ }), 'Try the clinic nearby.');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByText(BOOKING_MESSAGES.requestDeclined)).toBeInTheDocument();
    expect(client.mock.callsTo('rejectSessionRequest')[0]?.input).toMatchObject({
      params: { id: 62 },
      body: { reason: 'Fully booked', message: 'Try the clinic nearby.', version: 1 },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ status: 'declined' }));
  });
});
