import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceColour } from '@halcyon/api/contract';
import { diaryQueries, diaryReads, eventNamed, renderSchedulingRoute } from '../../features/scheduling/testing';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());

const SLOW = { timeout: 5000 };

/** Tomas Lindqvist's weekly hours: Monday 09:00-12:00. */
const TOMAS_MONDAY_MORNINGS = {
  id: 1,
  therapistId: 2,
  therapistName: 'Tomas Lindqvist',
  days: [{ dayIndex: 0, startTime: '09:00', endTime: '12:00' }],
  serviceIds: [],
  serviceNames: [],
  location: '',
  timeZone: 'Europe/London',
  version: 1,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
};

describe('/Schedule', () => {
  it("given everyone's week, then ONE read covers Monday to Sunday and every event shows in its day", async () => {
    const { client, container } = await renderSchedulingRoute('/Schedule?date=2026-01-14&therapist=all');
    expect(await screen.findByRole('heading', { name: 'Schedule', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '12–18 January 2026' })).toBeInTheDocument();
    const tuesday = await screen.findByRole('group', { name: 'Tuesday 13 January' });
    expect(await within(tuesday).findByRole('button', { name: /Jo Marsh/ }, SLOW)).toBeInTheDocument();
    expect(within(tuesday).getByRole('button', { name: eventNamed(/Blocked: Lunch/) })).toBeInTheDocument();
    // The whole team's diary names each event's therapist, on screen and in the event's name.
    expect(
      screen.getByRole('button', { name: eventNamed('All day: Blocked: Training day, Amara Okafor') }),
    ).toBeInTheDocument();
    const jo = within(tuesday).getByRole('button', {
      name: eventNamed('10:00–10:50 Jo Marsh, Individual therapy, Amara Okafor'),
    });
    expect(within(jo).getByText('Amara Okafor')).toBeVisible();
    // Two lines at most (time and client; service and therapist), so a 50-minute session shows whole lines; the commas
    // are read, not seen, the dot is seen, not read.
    const lines = [...(jo.firstElementChild?.children ?? [])].map((line) => line.textContent);
    expect(lines).toEqual(['10:00–10:50 Jo Marsh', ', Individual therapy, · Amara Okafor']);
    // The service's colour on its sessions (the fixtures' colours come from the service's name).
    expect(jo).toHaveAttribute('data-colour', serviceColour('Individual therapy'));
    expect(diaryReads(client)).toEqual([{ startIso: '2026-01-12T00:00:00.000Z', endIso: '2026-01-18T23:59:59.999Z' }]);
    expect(diaryQueries(client)).toEqual([{}]);
    await expect(container).toHaveNoAxeViolations();
  });

  it.each([
    ['an Admin', 'admin', 1, /Jo Marsh/, /Morgan Adeyemi/],
    ['a Therapist', 'therapist', 2, /Morgan Adeyemi/, /Jo Marsh/],
    // An Assistant has no diary of their own: the team's first clinician's, and the filter for the others.
    ['an Assistant', 'assistant', 1, /Jo Marsh/, /Morgan Adeyemi/],
  ] as const)(
    "given %s opens the week, then it reads one member's diary, not the whole team's (what the page shows, however large the team)",
    async (_who, role, member, shown, hidden) => {
      const { client } = await renderSchedulingRoute('/Schedule?date=2026-01-14', { role });
      expect(await screen.findByRole('button', { name: shown }, SLOW)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: hidden })).not.toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Team member' })).toHaveTextContent(
        member === 1 ? 'Amara Okafor' : 'Tomas Lindqvist',
      );
      expect(diaryQueries(client)).toEqual([{ therapistId: member }]);
    },
  );

  it("given another team member is chosen, then only their events show, from a read of that member's diary", async () => {
    const { client, router } = await renderSchedulingRoute('/Schedule?date=2026-01-14&therapist=all');
    await screen.findByRole('button', { name: /Morgan Adeyemi/ }, SLOW);
    await userEvent.click(screen.getByRole('combobox', { name: 'Team member' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Tomas/ }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Jo Marsh/ })).not.toBeInTheDocument());
    // One member's diary: their name is not repeated on every event.
    expect(
      await screen.findByRole('button', { name: eventNamed('09:00–09:50 Morgan Adeyemi, Individual therapy') }, SLOW),
    ).toBeInTheDocument();
    expect(diaryQueries(client)).toEqual([{}, { therapistId: 2 }]);
    expect(router.state.location.search).toContain('therapist=2');
    // The signed-in member's own diary is the default: choosing it leaves the address without a member.
    await userEvent.click(screen.getByRole('combobox', { name: 'Team member' }));
    await userEvent.click(await screen.findByRole('option', { name: /^Amara/ }));
    await waitFor(() => expect(router.state.location.search).not.toContain('therapist='));
    expect(diaryQueries(client).at(-1)).toEqual({ therapistId: 1 });
  });

  it("given a team member's weekly hours, then their available time is shaded in the week, from one read", async () => {
    const { client } = await renderSchedulingRoute('/Schedule?date=2026-01-14&therapist=2', {
      handlers: { listAvailability: () => ({ items: [TOMAS_MONDAY_MORNINGS] }) },
    });
    const monday = await screen.findByRole('group', { name: 'Monday 12 January' });
    await waitFor(() =>
      expect(within(monday).getByRole('button', { name: 'Monday 12 January, 09:30, available' })).toBeInTheDocument(),
    );
    expect(within(monday).getByRole('button', { name: 'Monday 12 January, 12:00' })).toBeInTheDocument();
    expect(client.mock.callsTo('listAvailability')).toHaveLength(1);
  });

  it("given a team member's weekly hours, then the month marks the days with availability and names them so", async () => {
    await renderSchedulingRoute('/Schedule?date=2026-01-14&view=month&therapist=2', {
      handlers: { listAvailability: () => ({ items: [TOMAS_MONDAY_MORNINGS] }) },
    });
    const monday = await screen.findByRole('group', { name: 'Monday 12 January, available' }, SLOW);
    expect(monday).toHaveAttribute('data-available', 'true');
    const tuesday = screen.getByRole('group', { name: 'Tuesday 13 January' });
    expect(tuesday).not.toHaveAttribute('data-available');
  });

  it('given the month view, then one read covers its whole weeks and a day opens in /Appointments', async () => {
    const { client, router } = await renderSchedulingRoute('/Schedule?date=2026-01-14&view=month&therapist=all');
    expect(await screen.findByRole('heading', { name: 'January 2026' })).toBeInTheDocument();
    await screen.findByRole('button', { name: /Morgan Adeyemi/ }, SLOW);
    expect(diaryReads(client)).toEqual([{ startIso: '2025-12-29T00:00:00.000Z', endIso: '2026-02-01T23:59:59.999Z' }]);
    await userEvent.click(screen.getByRole('button', { name: /^Monday 12 January, \d events/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Appointments'));
    expect(router.state.location.search).toBe('?date=2026-01-12');
  });

  it('given a session moved with the keyboard, then selected-appointment confirms the new time and saves it through the diary', async () => {
    const { client } = await renderSchedulingRoute('/Schedule?date=2026-01-14', { role: 'therapist' });
    const session = await screen.findByRole('button', { name: eventNamed(/^09:00–09:50 Morgan Adeyemi/) }, SLOW);
    session.focus();
    // Two slots later (30 minutes each), then Enter.
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Move session: Individual therapy' }, SLOW));
    expect(dialog.getByText(/to Mon,? 12 Jan 2026, 10:00–10:50/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Move session' }));
    expect(await screen.findByText('Session updated.', undefined, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('moveDiaryEvent')[0]?.input).toMatchObject({
      params: { id: 'session-101' },
      body: { startsAt: '2026-01-12T10:00:00.000Z', endsAt: '2026-01-12T10:50:00.000Z', version: 1 },
    });
    expect(
      await screen.findByRole('button', { name: eventNamed(/^10:00–10:50 Morgan Adeyemi/) }, SLOW),
    ).toBeInTheDocument();
  });

  it('given a move onto another event of the therapist, then the clash is named and nothing moves', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = await renderSchedulingRoute('/Schedule?date=2026-01-14', { role: 'therapist' });
    const session = await screen.findByRole('button', { name: eventNamed(/^11:00–11:50 Priya Shah/) }, SLOW);
    session.focus();
    // Five hours later: 16:00, the supervision.
    await userEvent.keyboard('{ArrowDown>10/}{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: /^Move session/ }, SLOW));
    await userEvent.click(dialog.getByRole('button', { name: 'Move session' }));
    expect(await dialog.findByText(/That overlaps Supervision/, undefined, SLOW)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Book anyway' })).not.toBeInTheDocument();
    expect(client.mock.callsTo('moveDiaryEvent')).toHaveLength(1);
  });
});
