import {
  billingSettingsHandlers,
  createMockClient,
  diaryHandlers,
  SESSION_CLIENT_ID,
  sessionHandlers,
} from '@halcyon/api/testing';
import { ApiError } from '@halcyon/api/client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalProps } from '../../types';
import { Opener } from '../../sessions/sessionTesting';
import { APPOINTMENT_SCHEDULED, BLOCKED_TIME_ADDED, SESSION_SCHEDULED } from './ScheduleAppointmentModal';

async function open(
  props: ModalProps<'schedule-appointment'>,
  handlers = { ...billingSettingsHandlers(), ...sessionHandlers(), ...diaryHandlers() },
  name = 'Schedule a session',
) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener type="schedule-appointment" label="Schedule" props={props} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
  // A loading state first (practice time zone, signed-in member), then the form.
  await screen.findByRole('dialog', { name });
  const dialog = within(screen.getByRole('dialog', { name }));
  return { client, dialog };
}

const SESSION_PROPS = {
  kind: 'session',
  defaults: { clientId: SESSION_CLIENT_ID, date: '2026-03-02', start: '10:00' },
} as const;

describe('schedule-appointment', { timeout: 20_000 }, () => {
  it("given the practice's saved locations, then choosing one fills in where the session is, kind and all", async () => {
    const { client, dialog } = await open(SESSION_PROPS);
    await userEvent.click(await dialog.findByRole('combobox', { name: 'Saved location' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Practice rooms (in person)' }));
    expect(dialog.getByRole('textbox', { name: 'Room or address' })).toHaveValue(
      'Practice rooms, Room 2, 12 Quay Street, Bristol BS1 4DB',
    );
    await userEvent.click(dialog.getByRole('combobox', { name: 'Saved location' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Video sessions (video)' }));
    expect(dialog.getByRole('radio', { name: 'Video' })).toBeChecked();
    expect(dialog.getByRole('textbox', { name: 'Video link' })).toHaveValue('https://meet.example.com/quiet-harbour');
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(SESSION_SCHEDULED)).toBeInTheDocument();
    expect(client.mock.callsTo('scheduleSession')[0]?.input).toMatchObject({
      body: { locationKind: 'video', location: '', videoLink: 'https://meet.example.com/quiet-harbour' },
    });
  });

  it('given a session for the client, then it is scheduled at the practice’s local time, weekly six times, and SPEC.md’s message shows', async () => {
    const { client, dialog } = await open(SESSION_PROPS);
    await userEvent.click(dialog.getByRole('radio', { name: 'Video' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Video link' }), 'https://meet.example/abc');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Repeats' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Weekly' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(SESSION_SCHEDULED)).toBeInTheDocument();
    expect(client.mock.callsTo('scheduleSession')[0]?.input).toMatchObject({
      params: { clientId: SESSION_CLIENT_ID },
      body: {
        // The practice's "Individual session" (Settings > Services) with its price.
        serviceId: 31,
        serviceName: 'Individual session',
        priceMinor: 7_500,
        // 10:00 in London on 2 March (GMT) is 10:00 UTC.
        startsAt: '2026-03-02T10:00:00.000Z',
        durationMinutes: 50,
        locationKind: 'video',
        location: '',
        videoLink: 'https://meet.example/abc',
        therapistId: null,
        recurrence: { frequency: 'weekly', count: 6, until: null },
        ignoreConflicts: false,
        sendConfirmation: true,
      },
    });
  });

  it('given a session that has already started, then no confirmation is offered; a session to come offers it', async () => {
    const { dialog } = await open(SESSION_PROPS);
    const confirm = dialog.getByRole('checkbox', { name: 'E-mail the client a confirmation' });
    expect(confirm).toBeDisabled();
    expect(confirm).not.toBeChecked();
    expect(dialog.getByText(/Not for a session that has already started/)).toBeInTheDocument();
    const date = dialog.getByLabelText(/^Date/);
    await userEvent.clear(date);
    await userEvent.type(date, `${new Date().getFullYear() + 1}-03-02`);
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(confirm).toBeChecked();
  });

  it('given another service chosen on the shared picker, then its length and fee fill in, the fee can be changed, and both are sent', async () => {
    const { client, dialog } = await open(SESSION_PROPS);
    const service = dialog.getByRole('combobox', { name: /^Service/ });
    await waitFor(() => expect(service).toHaveTextContent('Individual session · 50 minutes · £75.00'));
    await userEvent.click(service);
    await userEvent.click(await screen.findByRole('option', { name: 'Couple session · 80 minutes · £110.00' }));
    expect(dialog.getByRole('spinbutton', { name: /Length/ })).toHaveValue(80);
    const fee = dialog.getByRole('textbox', { name: /^Fee/ });
    expect(fee).toHaveValue('110.00');
    await userEvent.clear(fee);
    await userEvent.type(fee, '95');
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(SESSION_SCHEDULED)).toBeInTheDocument();
    expect(client.mock.callsTo('scheduleSession')[0]?.input).toMatchObject({
      body: { serviceId: 32, serviceName: 'Couple session', durationMinutes: 80, priceMinor: 9_500 },
    });
  });

  it('given a practice without services, then the service is typed, with the way to add services', async () => {
    const { client, dialog } = await open(SESSION_PROPS, {
      ...billingSettingsHandlers({ services: [] }),
      ...sessionHandlers(),
      ...diaryHandlers(),
    });
    const typed = await dialog.findByRole('textbox', { name: /^Service/ });
    expect(typed).toHaveValue('Individual session');
    expect(dialog.getByText(/Add your services in Settings > Services/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(SESSION_SCHEDULED)).toBeInTheDocument();
    expect(client.mock.callsTo('scheduleSession')[0]?.input).toMatchObject({
      body: { serviceId: null, serviceName: 'Individual session', priceMinor: null },
    });
  });

  it('given a video session with a link that is not https, then the video link says what to enter and nothing is sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, dialog } = await open(SESSION_PROPS);
    await userEvent.click(dialog.getByRole('radio', { name: 'Video' }));
    expect(dialog.queryByRole('textbox', { name: 'Room or address' })).not.toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Video link/ }), 'http://meet.example/abc');
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(
      await dialog.findByText('Enter the video link as a full address starting with https://'),
    ).toBeInTheDocument();
    expect(client.mock.callsTo('scheduleSession')).toHaveLength(0);
  });

  it('given the therapist is busy then and the practice allows double-booking, then the clash is shown and "Book anyway" schedules it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const detail =
      'You already have a session on Mon 2 Mar 2026, 10:00 at that time. Choose another time, or schedule it anyway.';
    const handlers = {
      ...billingSettingsHandlers(),
      ...sessionHandlers(),
      ...diaryHandlers({ preferences: { allowDoubleBooking: true, version: 1 } }),
    };
    let first = true;
    const schedule = handlers.scheduleSession as (...args: never[]) => unknown;
    const { client, dialog } = await open(SESSION_PROPS, {
      ...handlers,
      scheduleSession: ((input: never, ctx: never) => {
        if (first) {
          first = false;
          throw new ApiError(409, detail);
        }
        return schedule(input, ctx);
      }) as never,
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await dialog.findByText(detail)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Book anyway' }));
    expect(await screen.findByText(SESSION_SCHEDULED)).toBeInTheDocument();
    const calls = client.mock.callsTo('scheduleSession');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.input).toMatchObject({ body: { ignoreConflicts: true } });
  });

  it('given the therapist is busy then and the practice does not allow double-booking, then the clash is shown without "Book anyway"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const detail = 'That overlaps Individual therapy (session). Choose another time.';
    const { dialog } = await open(SESSION_PROPS, {
      ...billingSettingsHandlers(),
      ...sessionHandlers(),
      ...diaryHandlers(),
      scheduleSession: { error: { status: 409, message: detail } },
    });
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await dialog.findByText(detail)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Book anyway' })).not.toBeInTheDocument();
  });

  it('given blocked time all day, then it is added with the blocked-time message', async () => {
    const { client, dialog } = await open(
      { kind: 'blocked-time', defaults: { date: '2026-03-04' } },
      { ...billingSettingsHandlers(), ...sessionHandlers(), ...diaryHandlers() },
      'Block time',
    );
    await userEvent.type(dialog.getByRole('textbox', { name: /Title/ }), 'Training day');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'All day' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Block time' }));
    expect(await screen.findByText(BLOCKED_TIME_ADDED)).toBeInTheDocument();
    expect(client.mock.callsTo('createAppointment')[0]?.input).toMatchObject({
      body: { kind: 'blocked time', title: 'Training day', allDay: true, startsAt: '2026-03-04T00:00:00.000Z' },
    });
  });

  it('given an appointment ending before it starts, then the end field says so and nothing is sent', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, dialog } = await open(
      { kind: 'appointment', defaults: { date: '2026-03-04', start: '15:00' } },
      { ...billingSettingsHandlers(), ...sessionHandlers(), ...diaryHandlers() },
      'Schedule an appointment',
    );
    await userEvent.type(dialog.getByRole('textbox', { name: /Title/ }), 'Supervision');
    fireEvent.change(dialog.getByLabelText(/^End/), { target: { value: '14:00' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await dialog.findByText('The end must be after the start.')).toBeInTheDocument();
    expect(client.mock.callsTo('createAppointment')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText(/^End/), { target: { value: '16:00' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText(APPOINTMENT_SCHEDULED)).toBeInTheDocument();
  });
});
