import { createMockClient, makeTask, MockApiProvider, taskHandlers, type MockHandlers } from '@halcyon/api/testing';
import { BannerProvider, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { userStore } from '../../app/userStore';
import { DashboardPage } from './DashboardPage';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

async function renderDashboard(
  role: 'admin' | 'therapist' | 'assistant',
  practiceTimeZone?: string,
  handlers: MockHandlers = {},
) {
  const empty = { items: [], total: 0, totalCapped: false };
  const client = createMockClient({
    handlers: {
      getPracticeSettings: () => null,
      dashboardTodaySessions: () => ({ ...empty, timeZone: 'Europe/London' }),
      dashboardNotesDue: () => empty,
      dashboardHighRisk: () => empty,
      dashboardPendingRequests: () => empty,
      messagesCount: () => ({ count: 3 }),
      dashboardComplianceExpiring: () => empty,
      dashboardOverdueInvoices: () => ({ items: [], computedAt: new Date().toISOString() }),
      // The signed-in member's own tasks: the Assistant (id 3) has an overdue one.
      ...taskHandlers(
        [
          makeTask(1, { title: 'Book supervision', days: 2 }),
          makeTask(2, { title: 'Post the letters', days: -1, assigneeId: 3 }),
        ],
        memberIdOf(role),
      ),
      ...handlers,
    },
  });
  client.mock.fixtures.currentUser = client.mock.fixtures.users[role];
  if (practiceTimeZone)
    client.mock.fixtures.practice = { ...client.mock.fixtures.practice, timeZone: practiceTimeZone };
  await userStore.load(client, { force: true });
  const router = createMemoryRouter([{ path: '/Dashboard', element: <DashboardPage /> }], {
    initialEntries: ['/Dashboard'],
  });
  render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={false}>
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

function memberIdOf(role: 'admin' | 'therapist' | 'assistant'): number {
  return { admin: 1, therapist: 2, assistant: 3 }[role];
}

const card = (title: string) => screen.getByRole('region', { name: title });

describe('/Dashboard', () => {
  it('given a Therapist, then every card shows its data and links to its page; unread messages counted', async () => {
    await renderDashboard('therapist');
    expect(await screen.findByText('No sessions today.', {}, SLOW)).toBeInTheDocument();
    expect(await within(card('Sessions that need a note')).findByText('Every session has its note.')).toBeVisible();
    expect(await within(card('Clients flagged high-risk')).findByText('No client is flagged high-risk.')).toBeVisible();
    expect(
      within(card('Clients flagged high-risk')).getByRole('link', { name: 'Open the high-risk clients' }),
    ).toHaveAttribute('href', '/Clients?riskLevel=high');
    expect(await within(card('Tasks due')).findByText('No task of yours is due this week.')).toBeVisible();
    expect(within(card('Tasks due')).getByRole('link', { name: 'Open the task manager' })).toBeInTheDocument();
    expect(await within(card('Pending session requests')).findByText('No session request is waiting.')).toBeVisible();
    expect(await within(card('Overdue invoices')).findByText('No invoice is overdue.')).toBeVisible();
    expect(within(card('Overdue invoices')).getByRole('link', { name: 'Open the overdue invoices' })).toHaveAttribute(
      'href',
      '/Billing?state=overdue',
    );
    expect(
      await within(card('Compliance items expiring')).findByText('Nothing of yours expires in the next 60 days.'),
    ).toBeVisible();
    expect(await within(card('Unread messages')).findByText('unread messages')).toBeVisible();
    expect(within(card('Unread messages')).getByText('3')).toBeVisible();
  });

  it('given the Admin, then their own task due this week shows with Mark done, and its title opens the task manager', async () => {
    await renderDashboard('admin');
    const tasks = card('Tasks due');
    expect(await within(tasks).findByRole('link', { name: 'Book supervision' }, SLOW)).toHaveAttribute(
      'href',
      '/Task-manager?task=1',
    );
    expect(within(tasks).getByRole('button', { name: 'Mark done: Book supervision' })).toBeInTheDocument();
  });

  it('given the Assistant, then today’s sessions and their own tasks are loaded: no clinical card, no clinical read', async () => {
    const client = await renderDashboard('assistant');
    expect(await screen.findByText('No sessions today.', {}, SLOW)).toBeInTheDocument();
    // Their overdue task, with Mark done but no link to the task manager SPEC.md §6 keeps from them.
    const tasks = card('Tasks due');
    expect(await within(tasks).findByText('Post the letters', {}, SLOW)).toBeVisible();
    expect(within(tasks).getByText(/^Overdue: due/)).toBeVisible();
    expect(within(tasks).queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(within(tasks).getByRole('button', { name: 'Mark done: Post the letters' }));
    // Done, it leaves the card (the write reloads the dashboard's reads).
    expect(await within(tasks).findByText('No task of yours is due this week.', {}, SLOW)).toBeVisible();
    expect(client.mock.callsTo('moveTask')[0]?.input).toMatchObject({ params: { id: 2 }, body: { status: 'done' } });
    expect(screen.queryByRole('region', { name: 'Sessions that need a note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Clients flagged high-risk' })).not.toBeInTheDocument();
    expect(client.mock.callsTo('dashboardNotesDue')).toHaveLength(0);
    expect(client.mock.callsTo('dashboardHighRisk')).toHaveLength(0);
    expect(client.mock.callsTo('dashboardComplianceExpiring')).toHaveLength(0);
    // Requests and overdue invoices are theirs to see (SPEC.md §6: appointments and billing), linked to their pages.
    expect(await within(card('Pending session requests')).findByText('No session request is waiting.')).toBeVisible();
    expect(within(card('Overdue invoices')).getByRole('link', { name: 'Open the overdue invoices' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Unread messages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Compliance items expiring' })).not.toBeInTheDocument();
  });

  it("given a practice far from the browser's zone, then the header's today is the practice's day", async () => {
    // 12:00 UTC on 1 March is already 2 March on Kiritimati (UTC+14).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T12:00:00Z') });
    try {
      await renderDashboard('therapist', 'Pacific/Kiritimati');
      expect(await screen.findByText(/Today is Monday,? 2 March 2026\./, {}, SLOW)).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });

  it("given a pending request, then its time is the practice's, not the browser's", async () => {
    const request = {
      id: 1,
      name: 'Ana Ruiz',
      serviceName: 'First session',
      startsAt: '2026-03-02T09:00:00Z',
      therapistName: null,
      createdAt: '2026-03-01T09:00:00Z',
    };
    await renderDashboard('therapist', 'Pacific/Kiritimati', {
      dashboardPendingRequests: () => ({ items: [request], total: 1, totalCapped: false }),
    });
    // 09:00 UTC is 23:00 on Kiritimati (UTC+14), the same day.
    expect(
      await within(card('Pending session requests')).findByText(/First session · .*2 Mar 2026, 23:00/, {}, SLOW),
    ).toBeVisible();
  });
});
