import { createMockClient, SESSION_CLIENT_ID, SESSIONS, sessionHandlers } from '@halcyon/api/testing';
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

  it('given more sessions than a page, then older ones are reached and the choice holds across pages', async () => {
    // 30 weekly sessions: the first page shows the newest 25; the oldest (1 Jan 2024) is on the second.
    const sessions = Array.from({ length: 30 }, (_, i) => ({
      ...SESSIONS[0]!,
      id: 500 + i,
      startsAt: new Date(Date.UTC(2024, 0, 1 + 7 * i, 10)).toISOString(),
      endsAt: new Date(Date.UTC(2024, 0, 1 + 7 * i, 11)).toISOString(),
    }));
    const onSelect = vi.fn();
    const dialog = await open(onSelect, sessionHandlers({ sessions }));
    expect(await dialog.findAllByRole('radio')).toHaveLength(25);
    expect(dialog.getByRole('button', { name: 'Newer sessions' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(dialog.getByRole('button', { name: 'Older sessions' }));
    await waitFor(() => expect(dialog.getAllByRole('radio')).toHaveLength(5));
    await userEvent.click(dialog.getByRole('radio', { name: /1 Jan 2024/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Newer sessions' }));
    await waitFor(() => expect(dialog.getAllByRole('radio')).toHaveLength(25));
    expect(dialog.getByText(/Chosen: .*\b1 Jan 2024/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(500));
  });
});
