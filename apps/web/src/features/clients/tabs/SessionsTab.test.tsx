import type { ClientSession } from '@halcyon/api/contract';
import { DRAFT_NOTE, SIGNED_NOTE, sessionHandlers, type MockHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderClientsRoute } from '../testing';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

const BASE: ClientSession = {
  id: 101,
  clientId: 1,
  therapistId: 2,
  therapistName: 'Tomas Lindqvist',
  serviceName: 'Individual therapy',
  startsAt: '2026-01-12T10:00:00.000Z',
  endsAt: '2026-01-12T10:50:00.000Z',
  durationMinutes: 50,
  priceMinor: null,
  locationKind: 'in person',
  location: 'Room 2',
  videoLink: null,
  status: 'attended',
  seriesId: null,
  recurrence: 'none',
  notes: '',
  chargeFee: false,
  cancellation: null,
  sessionNotes: [],
  hasPrivateNote: false,
  invoice: null,
  version: 1,
  createdAt: '2026-01-01T09:00:00.000Z',
  updatedAt: '2026-01-01T09:00:00.000Z',
};

const SESSIONS: ClientSession[] = [
  {
    ...BASE,
    id: 103,
    startsAt: '2026-01-26T10:00:00.000Z',
    status: 'cancelled',
    cancellation: {
      id: 1,
      sessionId: 103,
      clientId: 1,
      cancelledBy: 'client',
      reason: 'Unwell',
      lateFee: false,
      notifyClient: true,
      notifiedAt: null,
      recordedByName: null,
      createdAt: '2026-01-25T10:00:00.000Z',
    },
  },
  {
    ...BASE,
    id: 102,
    startsAt: '2026-01-19T10:00:00.000Z',
    invoice: { id: 12, number: 'INV-0007', draft: false, state: 'overdue' },
    sessionNotes: [
      {
        id: 302,
        clientId: 1,
        sessionId: 102,
        template: 'SOAP',
        title: '',
        status: 'signed',
        signedAt: '2026-01-19T11:00:00.000Z',
        signedByName: 'Tomas Lindqvist',
        addendaCount: 0,
        version: 2,
        createdAt: '2026-01-19T11:00:00.000Z',
        updatedAt: '2026-01-19T11:00:00.000Z',
      },
    ],
  },
  BASE,
];

/** The in-memory sessions server of the shared fixtures, holding these sessions. */
const handlers = (items: ClientSession[] = SESSIONS): MockHandlers => sessionHandlers({ sessions: items });

describe('Sessions tab', () => {
  it("given the client's sessions, then each shows its time, attendance, note status and its invoice with its state or an uninvoiced mark", async () => {
    renderClientsRoute('/Clients/1?tab=sessions', { handlers: handlers() });
    const table = await screen.findByRole('grid', { name: 'Sessions' }, SLOW);
    await within(table).findByText('12 Jan 2026, 10:00', {}, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Cancelled')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Cancelled by the client: Unwell')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Signed')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('No note')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('12 Jan 2026, 10:00')).toBeInTheDocument();
    expect(within(rows[2]!).getByLabelText('Not invoiced')).toBeInTheDocument();
    // An invoiced session links to its invoice.
    expect(within(rows[1]!).getByRole('link', { name: 'Invoice INV-0007 of 19 Jan 2026, 10:00' })).toHaveAttribute(
      'href',
      '/Billing/12',
    );
    // ... and says where it stands.
    expect(within(rows[1]!).getByText('Overdue')).toBeInTheDocument();
    // Client data is wrapped for Privacy.
    expect(within(rows[2]!).getByText('Individual therapy').closest('[data-privacy]')).not.toBeNull();
  });

  it('given 30 sessions, then the tab shows the 25 newest, counts all 30 from the summary, and pages to the 5 older by cursor', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      ...BASE,
      status: i < 20 ? ('attended' as const) : ('scheduled' as const),
      sessionNotes: [],
      id: 1000 + i,
      startsAt: new Date(Date.UTC(2026, 0, 1 + i, 10)).toISOString(),
      endsAt: new Date(Date.UTC(2026, 0, 1 + i, 10, 50)).toISOString(),
    }));
    const { client } = renderClientsRoute('/Clients/1?tab=sessions', { handlers: handlers(many) });
    const table = await screen.findByRole('grid', { name: 'Sessions' }, SLOW);
    await within(table).findByText('30 Jan 2026, 10:00', {}, SLOW);
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(25);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('30 Jan 2026, 10:00');
    expect(await screen.findByText(/^10 scheduled · 20 sessions need a signed note/, {}, SLOW)).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Sessions pages' });
    expect(pages).toHaveTextContent('Showing 1–25 of 30 sessions');
    expect(within(pages).getByRole('button', { name: 'Newer sessions' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(within(pages).getByRole('button', { name: 'Older sessions' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('grid', { name: 'Sessions' }))
          .getAllByRole('row')
          .slice(1),
      ).toHaveLength(5),
    );
    expect(screen.getByRole('navigation', { name: 'Sessions pages' })).toHaveTextContent(
      'Showing 26–30 of 30 sessions',
    );
    expect(client.mock.callsTo('listClientSessions').at(-1)?.input).toEqual({
      params: { clientId: 1 },
      query: { cursor: 1005 },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Newer sessions' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('grid', { name: 'Sessions' }))
          .getAllByRole('row')
          .slice(1),
      ).toHaveLength(25),
    );
  });

  it('given no sessions, then the empty state says how to schedule one and opens the modal', async () => {
    renderClientsRoute('/Clients/1?tab=sessions', { handlers: handlers([]) });
    expect(await screen.findByText('No sessions yet', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Schedule session' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Schedule a session' }, SLOW)).toBeInTheDocument();
  });

  it('given a session, when deleted from its menu, then the delete route is called and the list reloads', async () => {
    const { client } = renderClientsRoute('/Clients/1?tab=sessions', { handlers: handlers() });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for 12 Jan 2026, 10:00' }, SLOW));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('alertdialog', {}, SLOW));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Session was successfully deleted.', {}, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('deleteClientSession')[0]?.input).toEqual({ params: { id: 101 } });
    await waitFor(() =>
      expect(within(screen.getByRole('grid', { name: 'Sessions' })).getAllByRole('row')).toHaveLength(3),
    );
  });

  it('given a draft note and a private note, when each is deleted from the menu, then SPEC.md’s words show; a signed note offers no delete', async () => {
    const draft = {
      ...SESSIONS[1]!.sessionNotes[0]!,
      id: 301,
      sessionId: 101,
      status: 'draft' as const,
      signedAt: null,
      signedByName: null,
    };
    const { client } = renderClientsRoute('/Clients/1?tab=sessions', {
      handlers: handlers([SESSIONS[0]!, SESSIONS[1]!, { ...BASE, sessionNotes: [draft], hasPrivateNote: true }]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for 19 Jan 2026, 10:00' }, SLOW));
    expect(screen.queryByRole('menuitem', { name: 'Delete draft note' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for 12 Jan 2026, 10:00' }, SLOW));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete draft note' }));
    let dialog = within(await screen.findByRole('alertdialog', {}, SLOW));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Session note was successfully deleted.', {}, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('deleteSessionNote')[0]?.input).toEqual({ params: { id: 301 } });

    await userEvent.click(await screen.findByRole('button', { name: 'More actions for 12 Jan 2026, 10:00' }, SLOW));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete private note' }));
    dialog = within(await screen.findByRole('alertdialog', {}, SLOW));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Private note was successfully deleted.', {}, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('deletePrivateSessionNote')[0]?.input).toEqual({ params: { sessionId: 101 } });
  });

  it("given the header's Note, when a session is chosen, then that session's note opens", async () => {
    renderClientsRoute('/Clients/1?tab=sessions', { handlers: handlers() });
    await screen.findByRole('grid', { name: 'Sessions' }, SLOW);
    const actions = within(screen.getByRole('group', { name: 'Quick actions' }));
    await userEvent.click(actions.getByRole('button', { name: 'Note' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Note for a session…' }));
    const choose = within(await screen.findByRole('dialog', { name: 'Choose a session' }, SLOW));
    await userEvent.click(await choose.findByRole('radio', { name: /12 Jan 2026/ }, SLOW));
    await userEvent.click(choose.getByRole('button', { name: 'Choose' }));
    // A session's note (a general one is titled "Clinical note").
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Session note' })).toBeInTheDocument(), SLOW);
    expect(screen.queryByRole('dialog', { name: 'Clinical note' })).not.toBeInTheDocument();
  });

  it('given a save in a modal, then the sessions and their counts load once more each, and the page stays on screen', async () => {
    const { client } = renderClientsRoute('/Clients/1?tab=sessions', { handlers: handlers() });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for 12 Jan 2026, 10:00' }, SLOW));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Change attendance' }));
    // The modal's form replaces its loading shell once the session is in.
    await userEvent.click(await screen.findByRole('radio', { name: /Did not attend/ }, SLOW));
    client.mock.clearCalls();
    await userEvent.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByText('Attendance updated.', {}, SLOW)).toBeInTheDocument();
    const table = screen.getByRole('grid', { name: 'Sessions' });
    await within(table).findByText('Did not attend', {}, SLOW);
    // Give a second load every chance to happen before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.mock.callsTo('listClientSessions')).toHaveLength(1);
    expect(client.mock.callsTo('getClientSessionSummary')).toHaveLength(1);
    expect(client.mock.callsTo('getClient')).toHaveLength(1);
    // The table was never replaced by a loading page.
    expect(screen.getByRole('grid', { name: 'Sessions' })).toBe(table);
  });

  it('given general clinical notes, then they are listed under Clinical notes, each opening in session-note', async () => {
    const letter = { ...SIGNED_NOTE, id: 401, sessionId: null, title: 'Letter to the GP', addendaCount: 2 };
    const call = {
      ...DRAFT_NOTE,
      id: 402,
      sessionId: null,
      title: 'Call with the referrer',
      createdAt: '2026-02-03T09:00:00.000Z',
    };
    const { client } = renderClientsRoute('/Clients/1?tab=sessions', {
      handlers: sessionHandlers({ sessions: SESSIONS, notes: [letter, call] }),
    });
    const list = await screen.findByRole('list', { name: 'Clinical notes' }, SLOW);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Letter to the GPSignedSigned 12 Jan 2026 by Tomas Lindqvist · 2 addenda');
    expect(second).toHaveTextContent('Call with the referrerDraftStarted 3 Feb 2026');
    expect(within(first!).getByText('Letter to the GP').closest('[data-privacy]')).not.toBeNull();
    await userEvent.click(within(second!).getByRole('button', { name: 'Open clinical note: Call with the referrer' }));
    await waitFor(() =>
      expect(client.mock.callsTo('getGenericNote').map((call) => call.input)).toContainEqual({ params: { id: 402 } }),
    );
  });

  it('given no general clinical note, then the card says what they are for and offers to add one', async () => {
    renderClientsRoute('/Clients/1?tab=sessions', { handlers: sessionHandlers({ sessions: SESSIONS, notes: [] }) });
    expect(await screen.findByText(/Notes that belong to no session/, {}, SLOW)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add clinical note' })).toHaveLength(2);
  });
});
