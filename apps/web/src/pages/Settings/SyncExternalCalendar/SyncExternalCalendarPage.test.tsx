import { CALENDAR_FEED_MESSAGES } from '@halcyon/api/contract';
import {
  MOCK_FEED_URL,
  calendarFeedFixtures,
  calendarFeedHandlers,
  createMockClient,
  type MockHandlers,
} from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettingsPage } from '../ProfileSecurity/testing';
import { SyncExternalCalendarPage } from './SyncExternalCalendarPage';

const PATH = '/Settings/Sync-external-calendar';

function renderPage(handlers: MockHandlers = {}, fixtures = calendarFeedFixtures()) {
  const client = createMockClient({ handlers: { ...calendarFeedHandlers(fixtures), ...handlers } });
  return { ...renderSettingsPage(<SyncExternalCalendarPage />, { path: PATH, client }), fixtures };
}

describe('Settings/Sync-external-calendar', { timeout: 60_000 }, () => {
  it('given a feed, calendars and video settings, then each section shows them, the failing calendar with its last error', async () => {
    const { container } = renderPage();
    expect(await screen.findByText(/Address made/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Show client names in the feed/ })).not.toBeChecked();
    const list = await screen.findByRole('list', { name: 'External calendars' });
    expect(within(list).getByText('Personal (Google)')).toBeInTheDocument();
    expect(within(list).getByText(/HTTP 404/)).toBeInTheDocument();
    expect(within(list).getByText('Import failed')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Personal meeting link/)).toHaveValue('https://us02web.zoom.us/j/5551234567');
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the regenerate confirmation, when confirmed, then the new address shows once with a copy button', async () => {
    const user = userEvent.setup();
    const { client } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Regenerate address' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Regenerate the feed address?' }));
    await user.click(confirm.getByRole('button', { name: 'Regenerate' }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.feedRegenerated)).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Your calendar feed address/)).toHaveValue(MOCK_FEED_URL);
    expect(client.mock.callsTo('createCalendarFeed')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(MOCK_FEED_URL);
  });

  it('given client names switched on, then the choice is saved', async () => {
    const user = userEvent.setup();
    const { client } = renderPage();
    await user.click(await screen.findByRole('switch', { name: /Show client names in the feed/ }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.feedUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateCalendarFeed')[0]?.input).toEqual({ body: { includeClientNames: true } });
  });

  it('given a calendar address that cannot be read, when added, then the server’s reason shows beside the address and the text stays', async () => {
    const user = userEvent.setup();
    renderPage({
      addExternalCalendar: {
        error: {
          status: 400,
          message: CALENDAR_FEED_MESSAGES.fileBroken,
          fieldErrors: { url: CALENDAR_FEED_MESSAGES.fileBroken },
        },
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Add an external calendar' }));
    await user.type(form.getByLabelText(/^Name/), 'Work');
    await user.type(form.getByLabelText(/^Calendar address/), 'https://calendar.example.org/work.ics');
    await user.click(form.getByRole('button', { name: 'Add and import' }));
    expect((await screen.findAllByText(CALENDAR_FEED_MESSAGES.fileBroken)).length).toBeGreaterThan(0);
    expect(form.getByLabelText(/^Calendar address/)).toHaveValue('https://calendar.example.org/work.ics');
  });

  it('given a calendar added, refreshed and removed, then the list follows each step', async () => {
    const user = userEvent.setup();
    const { fixtures } = renderPage();
    const form = within(await screen.findByRole('form', { name: 'Add an external calendar' }));
    await user.type(form.getByLabelText(/^Name/), 'Work');
    await user.type(form.getByLabelText(/^Calendar address/), 'webcal://calendar.example.org/work.ics');
    await user.click(form.getByRole('button', { name: 'Add and import' }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.calendarAdded)).toBeInTheDocument();
    expect(await screen.findByText('Work')).toBeInTheDocument();
    expect(fixtures.calendars.map((c) => c.host)).toContain('calendar.example.org');

    await user.click(screen.getByRole('button', { name: 'Refresh now: University timetable' }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.calendarRefreshed)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Import failed')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Remove Work' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Remove Work?' }));
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(CALENDAR_FEED_MESSAGES.calendarDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Work')).not.toBeInTheDocument());
  });

  it('given the calendars fail to load, then the section says so with a way to try again', async () => {
    renderPage({
      listExternalCalendars: {
        error: { status: 500, message: 'Failed to fetch /api/settings/external-calendars/imports. Status: 500' },
      },
    });
    expect(await screen.findByText(/We could not load your external calendars/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' }).length).toBeGreaterThan(0);
  });
});
