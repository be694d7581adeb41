import { ApiError } from '@halcyon/api/client';
import { externalBusyEventId, type DiaryEvent } from '@halcyon/api/contract';
import { DIARY_EVENTS, diaryHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diaryReads, eventNamed, renderSchedulingRoute } from '../../features/scheduling/testing';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());

const SLOW = { timeout: 5000 };

describe('/Appointments', () => {
  it('given a day, then one read asks for its SPEC.md §9 range and the day shows its sessions, appointments and blocked time', async () => {
    const { client, container } = await renderSchedulingRoute('/Appointments?date=2026-01-12');
    expect(await screen.findByRole('heading', { name: 'Appointments', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Monday,? 12 January 2026$/ })).toBeInTheDocument();
    const day = await screen.findByRole('group', { name: 'Monday 12 January' });
    expect(
      await within(day).findByRole(
        'button',
        { name: eventNamed('09:00–09:50 Morgan Adeyemi, Individual therapy') },
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(within(day).getByRole('button', { name: eventNamed(/^16:00–17:00 Supervision/) })).toBeInTheDocument();
    expect(within(day).getByRole('button', { name: /Cancelled: Sam Whitfield/ })).toBeInTheDocument();
    expect(diaryReads(client)).toEqual([{ startIso: '2026-01-12T00:00:00.000Z', endIso: '2026-01-12T23:59:59.999Z' }]);
    expect(screen.getByRole('region', { name: 'Session requests' })).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the next day is asked for, then that day is read and shown, and the address keeps it', async () => {
    const { client, router } = await renderSchedulingRoute('/Appointments?date=2026-01-12');
    await screen.findByRole('button', { name: /Morgan Adeyemi/ }, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('button', { name: eventNamed(/^10:00–10:50 Jo Marsh/) }, SLOW)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?date=2026-01-13');
    expect(diaryReads(client).at(-1)).toEqual({
      startIso: '2026-01-13T00:00:00.000Z',
      endIso: '2026-01-13T23:59:59.999Z',
    });
  });

  it('given a day with two members’ events, then each event says whose it is (two “Supervision” at 16:00 read apart)', async () => {
    const amaras: DiaryEvent = {
      ...DIARY_EVENTS.find((event) => event.therapist?.name === 'Amara Okafor')!,
      id: 'appointment-299',
      kind: 'appointment',
      title: 'Supervision',
      client: null,
      startDateTimeUTC: '2026-01-12T16:00:00.000Z',
      endDateTimeUTC: '2026-01-12T17:00:00.000Z',
    };
    await renderSchedulingRoute('/Appointments?date=2026-01-12', {
      handlers: diaryHandlers({ events: [...DIARY_EVENTS, amaras] }),
    });
    expect(
      await screen.findByRole('button', { name: eventNamed('16:00–17:00 Supervision, Amara Okafor') }, SLOW),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: eventNamed('16:00–17:00 Supervision, Tomas Lindqvist') }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Amara Okafor').length).toBeGreaterThan(0);
  });

  it('given an event, when it is pressed, then selected-appointment shows it', async () => {
    await renderSchedulingRoute('/Appointments?date=2026-01-12');
    await userEvent.click(await screen.findByRole('button', { name: /Morgan Adeyemi/ }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Session: Individual therapy' }, SLOW);
    expect(within(dialog).getByText('Morgan Adeyemi')).toBeInTheDocument();
  });

  it('given a busy time from an external calendar, then it shows as "Busy" and pressing it opens nothing', async () => {
    const busy: DiaryEvent = {
      ...DIARY_EVENTS[4]!,
      id: externalBusyEventId(3),
      kind: 'external busy',
      title: 'Busy',
      startDateTimeUTC: '2026-01-12T12:00:00.000Z',
      endDateTimeUTC: '2026-01-12T13:00:00.000Z',
      seriesId: null,
      recurrence: 'none',
      colour: 'grey',
    };
    const { client } = await renderSchedulingRoute('/Appointments?date=2026-01-12', {
      handlers: diaryHandlers({ events: [...DIARY_EVENTS, busy] }),
    });
    const event = await screen.findByRole('button', { name: eventNamed('12:00–13:00 Busy (another calendar)') }, SLOW);
    expect(event).not.toHaveAccessibleDescription();
    await userEvent.click(event);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(client.mock.callsTo('retrieveDiaryEvent')).toEqual([]);
  });

  it('given the read fails, then the page says so with Retry, which loads the day', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const { client } = await renderSchedulingRoute('/Appointments?date=2026-01-12', {
      handlers: {
        retrieveDiaryEvents: () => {
          if (fail) throw new ApiError(503, 'The service is busy. Try again in a moment.');
          return { items: [], timeZone: 'Europe/London' };
        },
      },
    });
    expect(await screen.findByText("The day's appointments could not be loaded", undefined, SLOW)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Monday 12 January' })).toBeInTheDocument(), SLOW);
    expect(client.mock.callsTo('retrieveDiaryEvents').length).toBeGreaterThan(1);
  });

  it('given Privacy is on, then client names in the calendar are blurred', async () => {
    await renderSchedulingRoute('/Appointments?date=2026-01-12', { privacy: true });
    const event = await screen.findByRole('button', { name: /Morgan Adeyemi/ }, SLOW);
    expect(within(event).getByText('Morgan Adeyemi')).toHaveAttribute('data-state', 'hidden');
  });

  it('given the Assistant, then "Schedule" books an appointment for the team (sessions are for the clinical roles)', async () => {
    await renderSchedulingRoute('/Appointments?date=2026-01-12', { role: 'assistant' });
    await screen.findByRole('button', { name: /Morgan Adeyemi/ }, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('dialog', { name: 'Schedule an appointment' }, SLOW)).toBeInTheDocument();
  });
});
