import { APPOINTMENT_POLICY_MESSAGES } from '@halcyon/api/contract';
import { appointmentPolicyHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 15_000 });

async function open(id?: number, handlers = appointmentPolicyHandlers()) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="set-appointment-location" label="Open" props={{ id, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client, onSaved };
}

describe('set-appointment-location', () => {
  it('given a new in-person location, when saved without an address, then the form asks for it; with it, it is created', async () => {
    const { client, onSaved } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Add location' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    await userEvent.type(inside.getByLabelText(/^Name/), 'Practice rooms');
    await userEvent.click(inside.getByRole('button', { name: 'Add location' }));
    expect(await inside.findByText(APPOINTMENT_POLICY_MESSAGES.addressMissing)).toBeInTheDocument();
    expect(client.mock.callsTo('createAppointmentLocation')).toHaveLength(0);
    await userEvent.type(inside.getByLabelText(/^Address/), '12 Quay Street, Bristol');
    await userEvent.type(inside.getByLabelText(/^Room/), 'Room 1');
    await userEvent.click(inside.getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText(APPOINTMENT_POLICY_MESSAGES.locationCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createAppointmentLocation')[0]?.input).toMatchObject({
      body: { name: 'Practice rooms', kind: 'in person', address: '12 Quay Street, Bristol', room: 'Room 1' },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Practice rooms' })));
  });

  it('given a video location, then it shows its link instead of an address; saving sends the version', async () => {
    const { client } = await open(12);
    const dialog = await screen.findByRole('dialog', { name: 'Edit location' });
    const inside = within(dialog);
    expect(await inside.findByLabelText(/^Video link/)).toHaveValue('https://meet.example.com/quiet-harbour');
    expect(inside.queryByLabelText(/^Address/)).not.toBeInTheDocument();
    await userEvent.click(inside.getByRole('button', { name: 'Save location' }));
    expect(await screen.findByText(APPOINTMENT_POLICY_MESSAGES.locationUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateAppointmentLocation')[0]?.input).toMatchObject({
      params: { id: 12 },
      body: { kind: 'video', version: 1 },
    });
  });

  it('given an existing location, when Delete is confirmed, then SPEC.md’s deletion message shows', async () => {
    const { client } = await open(11);
    const dialog = await screen.findByRole('dialog', { name: 'Edit location' });
    await within(dialog).findByDisplayValue('Practice rooms');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Appointment location successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteAppointmentLocation')[0]?.input).toMatchObject({ params: { id: 11 } });
  });

  it('given a location that cannot be loaded, then the failure shows with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open(11, {
      ...appointmentPolicyHandlers(),
      getAppointmentLocation: { error: { status: 500, message: 'Down' } },
    });
    expect(await screen.findByText('This location could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
