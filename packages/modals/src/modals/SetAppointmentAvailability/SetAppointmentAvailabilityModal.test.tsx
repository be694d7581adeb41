import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import { billingSettingsHandlers, bookingHandlers, createMockClient } from '@halcyon/api/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import { AVAILABILITY_CREATED, AVAILABILITY_UPDATED } from './SetAppointmentAvailabilityModal';

async function open(id?: number) {
  const client = createMockClient({ handlers: { ...billingSettingsHandlers(), ...bookingHandlers() } });
  const onSaved = vi.fn();
  renderWithModals(
    <Opener type="set-appointment-availability" label="Hours" props={{ ...(id ? { id } : {}), onSaved }} />,
    { client },
  );
  await userEvent.click(screen.getByRole('button', { name: 'Hours' }));
  // Editing, the dialog shows a loading frame first, then the hours.
  await screen.findByRole('button', { name: 'Add a time' }, { timeout: 5000 });
  const dialog = within(screen.getByRole('dialog', { name: id ? 'Edit availability' : 'Add availability' }));
  return { client, dialog, onSaved };
}

describe('set-appointment-availability', { timeout: 20_000 }, () => {
  it('given a second time added and times set, when saved, then the days go in week order and the Created message shows', async () => {
    const { client, dialog, onSaved } = await open();
    await expect(screen.getByRole('dialog', { name: 'Add availability' })).toHaveNoAxeViolations();
    await userEvent.click(dialog.getByRole('button', { name: 'Add a time' }));
    fireEvent.change(dialog.getByLabelText(/From \(day 2\)/), { target: { value: '13:00' } });
    fireEvent.change(dialog.getByLabelText(/To \(day 2\)/), { target: { value: '18:30' } });
    await userEvent.type(dialog.getByRole('textbox', { name: /Where/ }), 'Room 3');
    // The services to tick are the practice's marked “Booked online” (Settings > Services), not a list of their own.
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Couple session' }));
    expect(dialog.queryByRole('checkbox', { name: 'Initial assessment' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Add availability' }));
    expect(await screen.findByText(AVAILABILITY_CREATED)).toBeInTheDocument();
    expect(client.mock.callsTo('createAvailability')[0]?.input).toMatchObject({
      body: {
        days: [
          { dayIndex: 0, startTime: '09:00', endTime: '17:00' },
          { dayIndex: 1, startTime: '13:00', endTime: '18:30' },
        ],
        location: 'Room 3',
        // By id (Settings > Services' Couple session), so renaming the service keeps it in these hours.
        serviceIds: [32],
      },
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it('given an end before the start, then the contract’s message shows beside it and nothing is sent', async () => {
    const { client, dialog } = await open();
    fireEvent.change(dialog.getByLabelText(/To \(day 1\)/), { target: { value: '08:00' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Add availability' }));
    expect(await dialog.findByText(BOOKING_MESSAGES.endBeforeStart)).toBeInTheDocument();
    expect(client.mock.callsTo('createAvailability')).toHaveLength(0);
  });

  it('given existing hours, when saved, then the update carries the version and the Updated message shows', async () => {
    const { client, dialog } = await open(11);
    expect(dialog.getByDisplayValue('Room 2')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(AVAILABILITY_UPDATED)).toBeInTheDocument();
    expect(client.mock.callsTo('updateAvailability')[0]?.input).toMatchObject({
      params: { id: 11 },
      body: { version: 1 },
    });
  });

  it('given existing hours, when a service is ticked and one untouched, then the update sends the ids and the answer names them', async () => {
    const { client, dialog, onSaved } = await open(11);
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Individual session' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(AVAILABILITY_UPDATED)).toBeInTheDocument();
    expect(client.mock.callsTo('updateAvailability')[0]?.input).toMatchObject({ body: { serviceIds: [31] } });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ serviceNames: ['Individual session'] }));
  });
});
