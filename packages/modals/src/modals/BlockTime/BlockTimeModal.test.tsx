import { createMockClient, diaryHandlers, sessionHandlers, type MockHandlers } from '@halcyon/api/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalProps } from '../../types';
import { BLOCKED_TIME_ADDED } from './BlockTimeModal';

async function open(props: ModalProps<'block-time'>, handlers: MockHandlers = diaryHandlers()) {
  const client = createMockClient({ handlers: { ...sessionHandlers(), ...handlers } });
  renderWithModals(<Opener type="block-time" label="Block" props={props} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Block' }));
  // A loading state first (the signed-in member), then the form.
  await screen.findByRole('textbox', { name: /Title/ }, { timeout: 5000 });
  const dialog = within(screen.getByRole('dialog', { name: 'Block time' }));
  return { client, dialog };
}

describe('block-time', { timeout: 20_000 }, () => {
  it('given a title and times, then the blocked time is added at the practice’s local time and SPEC.md’s message shows', async () => {
    const onSaved = vi.fn();
    const { client, dialog } = await open({ defaults: { date: '2026-07-06', start: '12:00', end: '13:00' }, onSaved });
    await userEvent.type(dialog.getByRole('textbox', { name: /Title/ }), 'Lunch');
    await userEvent.click(dialog.getByRole('button', { name: 'Block time' }));
    expect(await screen.findByText(BLOCKED_TIME_ADDED)).toBeInTheDocument();
    expect(BLOCKED_TIME_ADDED).toBe('Blocked time added to your calendar.');
    expect(client.mock.callsTo('createAppointment')[0]?.input).toEqual({
      body: {
        kind: 'blocked time',
        title: 'Lunch',
        // 12:00 in London in July (BST) is 11:00 UTC.
        startsAt: '2026-07-06T11:00:00.000Z',
        endsAt: '2026-07-06T12:00:00.000Z',
        allDay: false,
        recurrence: { frequency: 'none', count: null, until: null },
        notes: '',
        therapistId: null,
        clientId: null,
        ignoreConflicts: false,
      },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ kind: 'blocked time', title: 'Lunch' }));
  });

  it('given whole days, then it runs from the first day’s midnight to the midnight after the last day', async () => {
    const { client, dialog } = await open({ defaults: { date: '2026-03-04' } });
    await userEvent.type(dialog.getByRole('textbox', { name: /Title/ }), 'Conference');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'All day' }));
    fireEvent.change(dialog.getByLabelText(/^Last day/), { target: { value: '2026-03-05' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Block time' }));
    expect(await screen.findByText(BLOCKED_TIME_ADDED)).toBeInTheDocument();
    expect(client.mock.callsTo('createAppointment')[0]?.input).toMatchObject({
      body: { allDay: true, startsAt: '2026-03-04T00:00:00.000Z', endsAt: '2026-03-06T00:00:00.000Z' },
    });
  });

  it('given an end before the start, then the end says so and nothing is sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, dialog } = await open({ defaults: { date: '2026-03-04', start: '15:00', end: '14:00' } });
    await userEvent.type(dialog.getByRole('textbox', { name: /Title/ }), 'Admin');
    await userEvent.click(dialog.getByRole('button', { name: 'Block time' }));
    expect(await dialog.findByText('The end must be after the start.')).toBeInTheDocument();
    expect(client.mock.callsTo('createAppointment')).toHaveLength(0);
  });

  it('given a clash, then the event is named; "Block anyway" only where the practice allows double-booking', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refused = await open({ defaults: { date: '2026-01-12', start: '09:00', end: '10:00' } });
    await userEvent.type(refused.dialog.getByRole('textbox', { name: /Title/ }), 'Dentist');
    await userEvent.click(refused.dialog.getByRole('button', { name: 'Block time' }));
    expect(await refused.dialog.findByText(/That overlaps Individual therapy/)).toBeInTheDocument();
    expect(refused.dialog.queryByRole('button', { name: 'Block anyway' })).not.toBeInTheDocument();
  });

  it('given a clash where double-booking is allowed, then "Block anyway" adds it over the event', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, dialog } = await open(
      { defaults: { date: '2026-01-12', start: '09:00', end: '10:00' } },
      diaryHandlers({ preferences: { allowDoubleBooking: true, version: 1 } }),
    );
    await userEvent.type(dialog.getByRole('textbox', { name: /Title/ }), 'Dentist');
    await userEvent.click(dialog.getByRole('button', { name: 'Block time' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Block anyway' }));
    expect(await screen.findByText(BLOCKED_TIME_ADDED)).toBeInTheDocument();
    expect(client.mock.callsTo('createAppointment')[1]?.input).toMatchObject({ body: { ignoreConflicts: true } });
  });
});
