import { ApiError } from '@halcyon/api/client';
import type {
  ClientSession,
  HighRiskClient,
  NoteDueSession,
  PendingRequest,
  TodaySession,
  TodaySessions,
} from '@halcyon/api/contract';
import { createMockClient, makeTask, MockApiProvider, type MockClient, type MockHandlers } from '@halcyon/api/testing';
import { BannerProvider, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ComplianceExpiringCard } from './ComplianceExpiringCard';
import { HighRiskCard } from './HighRiskCard';
import { OverdueInvoicesCard } from './OverdueInvoicesCard';
import { PendingRequestsCard } from './PendingRequestsCard';
import { NotesDueCard } from './NotesDueCard';
import { TodaySessionsCard } from './TodaySessionsCard';
import { TasksDueCard } from './TasksDueCard';
import { UnreadMessagesCard } from './UnreadMessagesCard';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };
const HOUR = 3_600_000;

function renderCard(card: ReactNode, handlers: MockHandlers, privacy = false): MockClient {
  const client = createMockClient({ handlers: { getPracticeSettings: () => null, ...handlers } });
  const router = createMemoryRouter([{ path: '/Dashboard', element: card }], { initialEntries: ['/Dashboard'] });
  render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={privacy}>
        <BannerProvider>
          <ModalProvider>
            <RouterProvider router={router} />
            <ModalHost />
          </ModalProvider>
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
  return client;
}

/** A handler failing once with a server error, then answering. */
function failingOnce<T>(answer: () => T) {
  let calls = 0;
  return () => {
    calls += 1;
    if (calls === 1) throw new ApiError(500, 'Internal server error');
    return answer();
  };
}

const list = <T,>(items: T[], total = items.length, totalCapped = false) => ({ items, total, totalCapped });

// ---- today's sessions ------------------------------------------------------------------------------------------------

const AUCKLAND = 'Pacific/Auckland';
const started = new Date(Date.now() - HOUR).toISOString();
const later = new Date(Date.now() + 2 * HOUR).toISOString();

function todaySession(id: number, overrides: Partial<TodaySession> = {}): TodaySession {
  return {
    id,
    eventId: `session-${id}`,
    kind: 'session',
    clientId: 40 + id,
    clientName: `Client ${id}`,
    therapistId: 2,
    therapistName: 'Tomas Lindqvist',
    serviceName: 'Individual therapy',
    startsAt: started,
    endsAt: started,
    locationKind: 'in person',
    location: 'Room 2',
    videoLink: null,
    status: 'scheduled',
    ...overrides,
  };
}

const TODAY: TodaySession[] = [
  todaySession(1, { startsAt: '2026-11-24T20:00:00.000Z', status: 'attended' }),
  todaySession(2, { locationKind: 'video', location: '', videoLink: 'https://meet.example.org/abc' }),
  todaySession(3, { status: 'cancelled' }),
  todaySession(4, { startsAt: later, locationKind: 'phone', location: '' }),
];
const todayOf = (items: TodaySession[], total = items.length): TodaySessions => ({
  ...list(items, total),
  timeZone: AUCKLAND,
});

function sessionOf({ eventId: _eventId, kind: _kind, clientName: _name, ...s }: TodaySession): ClientSession {
  return {
    ...s,
    clientId: s.clientId ?? 0,
    locationKind: s.locationKind ?? 'in person',
    durationMinutes: 50,
    priceMinor: null,
    seriesId: null,
    recurrence: 'none',
    notes: '',
    chargeFee: false,
    cancellation: null,
    sessionNotes: [],
    hasPrivateNote: false,
    invoice: null,
    version: 1,
    createdAt: s.startsAt,
    updatedAt: s.startsAt,
  };
}

const rows = () => within(screen.getByRole('list', { name: "Today's sessions" })).getAllByRole('listitem');

describe("Today's sessions card", () => {
  it('given sessions, then each shows its time in the practice time zone, the client linked, service, where and attendance, and the rest counted', async () => {
    renderCard(<TodaySessionsCard userRole="Therapist" />, { dashboardTodaySessions: () => todayOf(TODAY, 6) });
    await screen.findByRole('list', { name: "Today's sessions" }, SLOW);
    const [first, second, third, fourth] = rows();
    // 20:00 UTC is 09:00 the next morning in Auckland (NZDT).
    expect(first).toHaveTextContent('09:00');
    expect(within(first!).getByRole('link', { name: 'Client 1' })).toHaveAttribute('href', '/Clients/41');
    expect(first).toHaveTextContent('Individual therapy · In person: Room 2 · Attended');
    expect(first).not.toHaveTextContent('Tomas Lindqvist');
    expect(within(second!).getByRole('link', { name: 'Join the video call' })).toHaveAttribute(
      'href',
      'https://meet.example.org/abc',
    );
    expect(third).toHaveTextContent('Cancelled');
    expect(fourth).toHaveTextContent('Phone · Scheduled');
    expect(screen.getByText('and 2 more')).toBeInTheDocument();
  });

  it('given started sessions, then only those not cancelled offer to mark attendance ("Change attendance" once marked), which opens the modal and refreshes the card on save', async () => {
    let current = TODAY;
    const client = renderCard(<TodaySessionsCard userRole="Admin" />, {
      dashboardTodaySessions: () => todayOf(current),
      getClientSession: ({ params }) => sessionOf(current.find((s) => s.id === Number(params.id))!),
      markSessionAttendance: ({ params, body }) => {
        current = current.map((s) => (s.id === Number(params.id) ? { ...s, status: body.status } : s));
        return sessionOf(current.find((s) => s.id === Number(params.id))!);
      },
    });
    await screen.findByRole('list', { name: "Today's sessions" }, SLOW);
    expect(rows()[0]).toHaveTextContent('with Tomas Lindqvist');
    const buttons = screen.getAllByRole('button', { name: /(Mark|Change) attendance/ });
    // The attended and the video session have started; the cancelled one and the later one offer nothing.
    expect(buttons).toHaveLength(2);
    expect(within(rows()[0]!).getByRole('button')).toHaveTextContent('Change attendance');
    expect(within(rows()[2]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows()[3]!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(rows()[1]!).getByRole('button', { name: /Mark attendance/ }));
    // The modal opens on the session (its form replaces the loading shell once the session is in).
    await userEvent.click(await screen.findByRole('radio', { name: /^Attended$/ }, SLOW));
    await userEvent.click(screen.getByRole('button', { name: 'Save attendance' }));
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Attended'), SLOW);
    expect(within(rows()[1]!).getByRole('button')).toHaveTextContent('Change attendance');
    expect(client.mock.callsTo('markSessionAttendance')[0]?.input).toMatchObject({ params: { id: 2 } });
    expect(client.mock.callsTo('dashboardTodaySessions').length).toBeGreaterThanOrEqual(2);
  });

  it('given an appointment and blocked time between the sessions, then they show their title and kind, with nothing to mark', async () => {
    const diary: TodaySession[] = [
      todaySession(1),
      todaySession(7, {
        eventId: 'appointment-7',
        kind: 'appointment',
        clientId: null,
        clientName: null,
        serviceName: 'Supervision',
        locationKind: null,
        location: '',
      }),
      todaySession(8, {
        eventId: 'appointment-8',
        kind: 'blocked time',
        clientId: null,
        clientName: null,
        serviceName: 'Lunch',
        locationKind: null,
        location: '',
      }),
    ];
    renderCard(<TodaySessionsCard userRole="Therapist" />, { dashboardTodaySessions: () => todayOf(diary) });
    await screen.findByRole('list', { name: "Today's sessions" }, SLOW);
    const [, appointment, blocked] = rows();
    expect(appointment).toHaveTextContent(/^\d\d:\d\dSupervisionAppointment$/);
    expect(blocked).toHaveTextContent('LunchBlocked time');
    expect(within(appointment!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /(Mark|Change) attendance/ })).toHaveLength(1);
  });

  it('given the Assistant, then every therapist is named, client names are not links and there is no attendance to mark', async () => {
    renderCard(<TodaySessionsCard userRole="Assistant" />, { dashboardTodaySessions: () => todayOf(TODAY) });
    await screen.findByRole('list', { name: "Today's sessions" }, SLOW);
    expect(rows()[0]).toHaveTextContent('Client 1');
    expect(rows()[0]).toHaveTextContent('with Tomas Lindqvist');
    expect(screen.queryByRole('link', { name: 'Client 1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /(Mark|Change) attendance/ })).not.toBeInTheDocument();
  });

  it('given Privacy on, then the client names are blurred', async () => {
    renderCard(<TodaySessionsCard userRole="Therapist" />, { dashboardTodaySessions: () => todayOf(TODAY) }, true);
    const name = await screen.findByText('Client 1', {}, SLOW);
    expect(name.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
  });

  it('given no sessions, then it says so', async () => {
    renderCard(<TodaySessionsCard userRole="Therapist" />, { dashboardTodaySessions: () => todayOf([]) });
    expect(await screen.findByText('No sessions today.', {}, SLOW)).toBeInTheDocument();
  });

  it('given a failed load, then it says so with Retry, which loads the sessions', async () => {
    renderCard(<TodaySessionsCard userRole="Therapist" />, {
      dashboardTodaySessions: failingOnce(() => todayOf(TODAY)),
    });
    expect(await screen.findByText("Today's sessions could not be loaded", {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: "Today's sessions" }, SLOW)).toBeInTheDocument();
  });

  it('while loading, then the card shows its skeleton', async () => {
    renderCard(<TodaySessionsCard userRole="Therapist" />, {
      dashboardTodaySessions: { response: () => todayOf(TODAY), latency: 60_000 },
    });
    const skeleton = await screen.findByRole('status', { name: "Loading today's sessions" });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    // A label needs a role to be allowed (axe: aria-prohibited-attr).
    await expect(skeleton).toHaveNoAxeViolations();
  });
});

// ---- sessions that need a note ---------------------------------------------------------------------------------------

const DUE: NoteDueSession[] = [
  {
    id: 7,
    clientId: 12,
    clientName: 'Mei Chen',
    therapistName: 'Amara Okafor',
    serviceName: 'Couples therapy',
    startsAt: '2026-11-20T10:00:00.000Z',
    status: 'attended',
    noteStatus: 'draft',
  },
  {
    id: 6,
    clientId: 13,
    clientName: 'Liam Murphy',
    therapistName: 'Amara Okafor',
    serviceName: 'Individual therapy',
    startsAt: '2026-11-19T10:00:00.000Z',
    status: 'scheduled',
    noteStatus: 'none',
  },
];

describe('Sessions that need a note card', () => {
  it('given sessions without a signed note, then each links to the client’s Sessions tab with its date and note state', async () => {
    renderCard(<NotesDueCard userRole="Admin" />, { dashboardNotesDue: () => list(DUE, 1000, true) });
    const items = within(await screen.findByRole('list', { name: 'Sessions that need a note' }, SLOW)).getAllByRole(
      'listitem',
    );
    expect(within(items[0]!).getByRole('link', { name: 'Mei Chen' })).toHaveAttribute(
      'href',
      '/Clients/12?tab=sessions',
    );
    expect(items[0]).toHaveTextContent('20 Nov 2026');
    expect(items[0]).toHaveTextContent('Draft note, not signed');
    expect(items[0]).toHaveTextContent('with Amara Okafor');
    expect(items[1]).toHaveTextContent('No note yet');
    expect(screen.getByText('and over 998 more')).toBeInTheDocument();
  });

  it('given the Therapist, then her own sessions come without her name', async () => {
    renderCard(<NotesDueCard userRole="Therapist" />, { dashboardNotesDue: () => list(DUE) });
    await screen.findByRole('list', { name: 'Sessions that need a note' }, SLOW);
    expect(screen.queryByText(/Amara Okafor/)).not.toBeInTheDocument();
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('given none, then it says every session has its note', async () => {
    renderCard(<NotesDueCard userRole="Therapist" />, { dashboardNotesDue: () => list([]) });
    expect(await screen.findByText('Every session has its note.', {}, SLOW)).toBeInTheDocument();
  });

  it('given a failed load, then Retry loads the list', async () => {
    renderCard(<NotesDueCard userRole="Therapist" />, { dashboardNotesDue: failingOnce(() => list(DUE)) });
    expect(await screen.findByText('Sessions that need a note could not be loaded', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Mei Chen' }, SLOW)).toBeInTheDocument();
  });
});

// ---- clients flagged high-risk ---------------------------------------------------------------------------------------

const HIGH: HighRiskClient[] = [
  {
    id: 21,
    name: 'Aisha Khan',
    therapistName: 'Tomas Lindqvist',
    riskReviewDue: '2026-01-05',
    riskReviewOverdue: true,
  },
  { id: 22, name: 'Noah Evans', therapistName: null, riskReviewDue: '2027-01-05', riskReviewOverdue: false },
];

describe('Clients flagged high-risk card', () => {
  it('given high-risk clients, then each links to the Risk tab and an overdue review is flagged', async () => {
    renderCard(<HighRiskCard userRole="Admin" />, { dashboardHighRisk: () => list(HIGH, 12) });
    const items = within(await screen.findByRole('list', { name: 'Clients flagged high-risk' }, SLOW)).getAllByRole(
      'listitem',
    );
    expect(within(items[0]!).getByRole('link', { name: 'Aisha Khan' })).toHaveAttribute('href', '/Clients/21?tab=risk');
    expect(items[0]).toHaveTextContent('Risk review overdue (due 5 Jan 2026)');
    expect(items[0]).toHaveTextContent('With Tomas Lindqvist');
    expect(items[1]).not.toHaveTextContent('overdue');
    expect(screen.getByText('and 10 more')).toBeInTheDocument();
  });

  it('given none, then it says no client is flagged', async () => {
    renderCard(<HighRiskCard userRole="Therapist" />, { dashboardHighRisk: () => list([]) });
    expect(await screen.findByText('No client is flagged high-risk.', {}, SLOW)).toBeInTheDocument();
  });

  it('given a failed load, then Retry loads the list', async () => {
    renderCard(<HighRiskCard userRole="Therapist" />, { dashboardHighRisk: failingOnce(() => list(HIGH)) });
    expect(await screen.findByText('Clients flagged high-risk could not be loaded', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Aisha Khan' }, SLOW)).toBeInTheDocument();
  });

  it('given Privacy on, then the names are blurred', async () => {
    renderCard(<HighRiskCard userRole="Admin" />, { dashboardHighRisk: () => list(HIGH) }, true);
    const name = await screen.findByText('Aisha Khan', {}, SLOW);
    expect(name.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
  });
});

// ---- pending session requests ----------------------------------------------------------------------------------------

const REQUESTS: PendingRequest[] = [
  {
    id: 5,
    name: 'Sam Okafor',
    serviceName: 'Initial consultation',
    startsAt: '2026-12-01T10:00:00.000Z',
    therapistName: 'Tomas Lindqvist',
    createdAt: '2026-11-20T09:00:00.000Z',
  },
];

describe('Pending session requests card', () => {
  it('given requests, then each says who asked, for what and when, and with whom for the Assistant; Privacy blurs the name', async () => {
    renderCard(
      <PendingRequestsCard userRole="Assistant" />,
      { dashboardPendingRequests: () => list(REQUESTS, 3) },
      true,
    );
    const items = within(await screen.findByRole('list', { name: 'Pending session requests' }, SLOW)).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Initial consultation');
    expect(items[0]).toHaveTextContent('with Tomas Lindqvist');
    expect(screen.getByText('Sam Okafor').closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
    expect(screen.getByText('and 2 more')).toBeInTheDocument();
  });

  it('given none, then it says so; given a failed load, then Retry loads them', async () => {
    renderCard(<PendingRequestsCard userRole="Therapist" />, { dashboardPendingRequests: failingOnce(() => list([])) });
    expect(await screen.findByText('Pending session requests could not be loaded', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No session request is waiting.', {}, SLOW)).toBeInTheDocument();
  });
});

// ---- compliance expiring ---------------------------------------------------------------------------------------------

describe('Compliance items expiring card', () => {
  it('given an expired and an expiring record, then each says when, the expired one flagged', async () => {
    renderCard(<ComplianceExpiringCard />, {
      dashboardComplianceExpiring: () =>
        list([
          { id: 1, kind: 'insurance', body: 'Balens', expiryDate: '2026-11-20', expired: true },
          { id: 2, kind: 'registration', body: 'HCPC', expiryDate: '2027-01-10', expired: false },
        ]),
    });
    const items = within(await screen.findByRole('list', { name: 'Compliance items expiring' }, SLOW)).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('Balens · Professional indemnity insurance');
    expect(within(items[0]!).getByText('Expired 20 Nov 2026')).toHaveAttribute('data-state', 'overdue');
    expect(items[1]).toHaveTextContent('Expires 10 Jan 2027');
  });

  it('given none, then it says nothing expires in the next 60 days', async () => {
    renderCard(<ComplianceExpiringCard />, { dashboardComplianceExpiring: () => list([]) });
    expect(await screen.findByText('Nothing of yours expires in the next 60 days.', {}, SLOW)).toBeInTheDocument();
  });
});

// ---- overdue invoices ------------------------------------------------------------------------------------------------

describe('Overdue invoices card', () => {
  it('given overdue invoices in two currencies, then each total shows with its count, blurred by Privacy', async () => {
    renderCard(
      <OverdueInvoicesCard />,
      {
        dashboardOverdueInvoices: () => ({
          items: [
            { currency: 'EUR', count: 1, totalMinor: 5_000 },
            { currency: 'GBP', count: 3, totalMinor: 42_050 },
          ],
          computedAt: '2026-11-26T09:00:00.000Z',
        }),
      },
      true,
    );
    const total = await screen.findByText('£420.50', {}, SLOW);
    expect(total.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
    expect(screen.getByText('3 overdue invoices')).toBeInTheDocument();
    expect(screen.getByText('1 overdue invoice')).toBeInTheDocument();
    expect(screen.getByText(/^As of /)).toBeInTheDocument();
  });

  it('given none, then it says no invoice is overdue; given a failed load, then Retry loads it', async () => {
    renderCard(<OverdueInvoicesCard />, {
      dashboardOverdueInvoices: failingOnce(() => ({ items: [], computedAt: '2026-11-26T09:00:00.000Z' })),
    });
    expect(await screen.findByText('Overdue invoices could not be loaded', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No invoice is overdue.', {}, SLOW)).toBeInTheDocument();
  });
});

// ---- unread messages -------------------------------------------------------------------------------------------------

describe('Unread messages card', () => {
  it('given a failed count, then Retry loads it; none unread says so', async () => {
    renderCard(<UnreadMessagesCard />, { messagesCount: failingOnce(() => ({ count: 0 })) });
    expect(await screen.findByText('Unread messages could not be loaded', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No unread message.', {}, SLOW)).toBeInTheDocument();
  });

  it('given one unread message, then it says 1 unread message', async () => {
    renderCard(<UnreadMessagesCard />, { messagesCount: () => ({ count: 1 }) });
    expect(await screen.findByText('unread message', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('1')).toBeInTheDocument();
  });
  it('given a task due for the Assistant, then they read its description on the card (they cannot open the task manager)', async () => {
    const task = makeTask(41, {
      title: 'Post the insurer letters',
      description: 'Use the franked envelopes.',
      days: 1,
    });
    const due = {
      items: [
        {
          id: task.id,
          title: task.title,
          dueDate: task.dueDate!,
          overdue: false,
          priority: task.priority,
          status: task.status,
          clientId: null,
          clientName: null,
        },
      ],
      total: 1,
      totalCapped: false,
    };
    const client = renderCard(<TasksDueCard userRole="Assistant" />, {
      dashboardTasksDue: () => due,
      getTask: () => task,
    });
    const details = await screen.findByRole('button', { name: 'Details of Post the insurer letters' }, SLOW);
    expect(screen.queryByRole('link', { name: 'Post the insurer letters' })).not.toBeInTheDocument();
    expect(client.mock.callsTo('getTask')).toHaveLength(0);
    await userEvent.click(details);
    expect(await screen.findByText('Use the franked envelopes.', {}, SLOW)).toBeInTheDocument();
    expect(details).toHaveAttribute('aria-expanded', 'true');
  });
});
