import { BOOKING_MESSAGES, shiftDate } from '@halcyon/api/contract';
import { bookingHandlers, createMockClient } from '@halcyon/api/testing';
import { instantAt, todayIn } from '@halcyon/api/time';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

async function open() {
  const client = createMockClient({ handlers: bookingHandlers() });
  renderWithModals(<Opener type="amend-session-request" label="Amend" props={{ requestId: 61 }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Amend' }));
  // The dialog shows a loading frame first, then the request.
  await screen.findByText('Robin Ellis', undefined, { timeout: 5000 });
  const dialog = within(screen.getByRole('dialog', { name: 'Propose another time' }));
  return { client, dialog };
}

describe('amend-session-request', { timeout: 20_000 }, () => {
  it('given a new day and time in the practice’s zone, when sent, then that instant, the length and the message go with the version', async () => {
    const { client, dialog } = await open();
    const day = shiftDate(todayIn('Europe/London'), { days: 3 });
    fireEvent.change(dialog.getByLabelText(/New date/), { target: { value: day } });
    fireEvent.change(dialog.getByLabelText(/^Start/), { target: { value: '15:30' } });
    await userEvent.type(
      dialog.getByRole('textbox', { name: /Message to the requester/ }),
      'Afternoons suit me better.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send proposal' }));
    expect(await screen.findByText(BOOKING_MESSAGES.requestAmended)).toBeInTheDocument();
    expect(client.mock.callsTo('amendSessionRequest')[0]?.input).toEqual({
      params: { id: 61 },
      body: {
        startsAt: instantAt(day, '15:30', 'Europe/London')!.toISOString(),
        durationMinutes: 50,
        message: 'Afternoons suit me better.',
        version: 1,
      },
    });
  });

  it('given a time in the past, then the form says so beside the start and sends nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, dialog } = await open();
    fireEvent.change(dialog.getByLabelText(/New date/), { target: { value: todayIn('Europe/London') } });
    fireEvent.change(dialog.getByLabelText(/^Start/), { target: { value: '00:00' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Send proposal' }));
    expect(await dialog.findByText('Choose a time in the future.')).toBeInTheDocument();
    expect(client.mock.callsTo('amendSessionRequest')).toHaveLength(0);
  });
});
