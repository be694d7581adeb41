import { APPOINTMENT_POLICY_MESSAGES } from '@halcyon/api/contract';
import {
  appointmentPolicyHandlers,
  bookingHandlers,
  createMockClient,
  diaryHandlers,
  type MockHandlers,
} from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderSettingsPage } from '../ProfileSecurity/testing';
import { AppointmentsPage } from './AppointmentsPage';

const PATH = '/Settings/Appointments';

function renderPage(handlers: MockHandlers = {}, privacy = false, role: 'admin' | 'therapist' = 'admin') {
  // The reminder times and double-booking are the diary's scheduling preferences.
  const client = createMockClient({
    handlers: { ...diaryHandlers(), ...bookingHandlers(), ...appointmentPolicyHandlers(), ...handlers },
  });
  client.mock.fixtures.currentUser = client.mock.fixtures.users[role];
  return renderSettingsPage(<AppointmentsPage />, { path: PATH, client, privacy });
}

describe('Settings/Appointments', { timeout: 30_000 }, () => {
  it('given the practice’s policies, then locations, rules in SPEC.md order, reminders and double-booking show', async () => {
    const { container } = renderPage();
    const locations = await screen.findByRole('list', { name: 'Locations' });
    expect(within(locations).getByText('Practice rooms')).toBeInTheDocument();
    expect(within(locations).getByText('Room 2, 12 Quay Street, Bristol BS1 4DB')).toBeInTheDocument();
    const rules = await screen.findByRole('list', { name: 'Cancellation rules' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Cancelled less than 24 hours before the start', 'Cancelled less than 2 days before the start']);
    expect(within(rules).getByText('50% of the session price')).toBeInTheDocument();
    expect(within(rules).getByText('£20.00')).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: '24 hours before' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '2 hours before' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Allow booking over an existing event' })).not.toBeChecked();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given Privacy on, then the fees are blurred', async () => {
    renderPage({}, true);
    const fee = await screen.findByText('£20.00');
    expect(fee.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
  });

  it('given a third reminder time chosen, then no fourth can be, and saving sends them with the double-booking choice', async () => {
    const { client } = renderPage();
    await userEvent.click(await screen.findByRole('checkbox', { name: '1 week before' }));
    expect(screen.getByRole('checkbox', { name: '1 hour before' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save reminder times' }));
    expect(await screen.findByText(APPOINTMENT_POLICY_MESSAGES.preferencesUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateSchedulingPreferences')[0]?.input).toEqual({
      body: { reminderOffsetsMinutes: expect.arrayContaining([1_440, 120, 10_080]) as number[], version: 1 },
    });
  });

  it('given the double-booking switch, when an Admin turns it on, then it is saved with the version read', async () => {
    const { client } = renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Allow booking over an existing event' }));
    await waitFor(() =>
      expect(client.mock.callsTo('updateSchedulingPreferences')[0]?.input).toEqual({
        body: { allowDoubleBooking: true, version: 1 },
      }),
    );
    expect(await screen.findByText(/“Book anyway”/)).toBeInTheDocument();
  });

  it('given a Therapist, then locations and rules can be changed but the reminder times and double-booking only read', async () => {
    renderPage({}, false, 'therapist');
    expect(await screen.findByText('Only an Admin can change the reminder times.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '24 hours before' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Allow booking over an existing event' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save reminder times' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add location' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add rule' })).toBeEnabled();
  });

  it('given Add rule, then the set-appointment-cancellation modal opens; a new rule joins the list in its place', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const hours = await screen.findByLabelText(/^Cancelled less than/);
    const dialog = screen.getByRole('dialog', { name: 'Add policy rule' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText(APPOINTMENT_POLICY_MESSAGES.ruleCreated)).toBeInTheDocument();
    const rules = screen.getByRole('list', { name: 'Cancellation rules' });
    await waitFor(() =>
      expect(within(rules).getAllByRole('listitem')[0]).toHaveTextContent(
        'A missed session, or one cancelled after it started',
      ),
    );
  });

  it('given the rules cannot be loaded, then the section says so with a way to try again; the others still show', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage({ listCancellationRules: { error: { status: 500, message: 'Down' } } });
    const failed = (await screen.findByText(/We could not load the cancellation rules/)).closest('[role="alert"]');
    expect(within(failed as HTMLElement).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Locations' })).toBeInTheDocument();
  });
});
