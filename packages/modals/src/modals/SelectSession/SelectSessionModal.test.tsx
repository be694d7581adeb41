import { createMockClient, SESSION_CLIENT_ID, sessionHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithModals } from '../../test/renderWithModals';
import { CHOOSE_SESSION_MESSAGE, NO_SESSIONS_MESSAGE } from './SelectSessionModal';
import { Opener } from '../../sessions/sessionTesting';

async function open(onSelect = vi.fn(), handlers = sessionHandlers()) {
  renderWithModals(
    <Opener type="select-session" label="Pick" props={{ clientId: SESSION_CLIENT_ID, purpose: 'invoice', onSelect }} />,
    { client: createMockClient({ handlers }) },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Pick' }));
  return within(await screen.findByRole('dialog', { name: 'Choose a session' }));
}

describe('select-session', { timeout: 20_000 }, () => {
  it("given the client's sessions, when one is chosen, then onSelect receives its id and the modal closes", async () => {
    const onSelect = vi.fn();
    const dialog = await open(onSelect);
    expect(dialog.getByText('Choose the session this invoice is for.')).toBeInTheDocument();
    await userEvent.click(
      await dialog.findByRole('radio', { name: /19 Jan 2026, 10:00 · Individual therapy · Attended \(late\)/ }),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(102));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('given nothing chosen, then it asks to choose a session', async () => {
    const onSelect = vi.fn();
    const dialog = await open(onSelect);
    await dialog.findAllByRole('radio');
    await userEvent.click(dialog.getByRole('button', { name: 'Choose' }));
    expect(await dialog.findByText(CHOOSE_SESSION_MESSAGE)).toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('given no sessions, then it says what to do first', async () => {
    const dialog = await open(vi.fn(), sessionHandlers({ sessions: [] }));
    expect(await dialog.findByText(NO_SESSIONS_MESSAGE)).toBeInTheDocument();
  });
});
