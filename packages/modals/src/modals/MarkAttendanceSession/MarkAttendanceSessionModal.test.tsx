import { createMockClient, SESSIONS, sessionHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_NOT_STARTED } from '@halcyon/api/contract';
import { renderWithModals } from '../../test/renderWithModals';
import { Opener } from '../../sessions/sessionTesting';
import { ATTENDANCE_UPDATED } from './MarkAttendanceSessionModal';

describe('mark-attendance-session', { timeout: 20_000 }, () => {
  it('given a missed session, when marked did not attend with the fee, then both are sent with the version and "Attendance updated." shows', async () => {
    const client = createMockClient({ handlers: sessionHandlers() });
    renderWithModals(<Opener type="mark-attendance-session" label="Mark" props={{ sessionId: 103 }} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Mark' }));
    // Opens on the session's current state (scheduled: not marked yet).
    expect(await screen.findByRole('radio', { name: /Not marked yet/ })).toBeChecked();
    const dialog = within(screen.getByRole('dialog', { name: 'Mark attendance' }));
    expect(dialog.queryByRole('checkbox', { name: /Charge the fee/ })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('radio', { name: /Did not attend/ }));
    // The policy's fee shows before saving: a missed session falls under the 24-hour rule, half the £60.00 price.
    expect(
      await dialog.findByText(
        'Per your cancellation policy (cancelled less than 24 hours before the start), the fee is £30.00: 50% of the £60.00 session price.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('checkbox', { name: /Charge the fee/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText(ATTENDANCE_UPDATED)).toBeInTheDocument();
    expect(client.mock.callsTo('markSessionAttendance')[0]?.input).toEqual({
      params: { id: 103 },
      body: { status: 'did not attend', chargeFee: true, version: 1 },
    });
  });

  it('given a session that has not started, then the modal says attendance waits for it and offers no choice', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    const upcoming = {
      ...SESSIONS[0]!,
      startsAt: tomorrow.toISOString(),
      endsAt: new Date(tomorrow.getTime() + 50 * 60_000).toISOString(),
    };
    const client = createMockClient({ handlers: sessionHandlers({ sessions: [upcoming] }) });
    renderWithModals(<Opener type="mark-attendance-session" label="Mark" props={{ sessionId: 103 }} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Mark' }));
    expect(await screen.findByText(SESSION_NOT_STARTED.attendance)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Attended/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save attendance' })).not.toBeInTheDocument();
  });
});
