import { createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { BannerProvider, PrivacyProvider } from '@halcyon/design-system';
import { ModalHost, ModalProvider } from '@halcyon/modals';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { userStore } from '../../app/userStore';
import { DashboardPage } from './DashboardPage';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

async function renderDashboard(role: 'admin' | 'therapist' | 'assistant') {
  const empty = { items: [], total: 0, totalCapped: false };
  const client = createMockClient({
    handlers: {
      getPracticeSettings: () => null,
      dashboardTodaySessions: () => ({ ...empty, timeZone: 'Europe/London' }),
      dashboardNotesDue: () => empty,
      dashboardHighRisk: () => empty,
    },
  });
  client.mock.fixtures.currentUser = client.mock.fixtures.users[role];
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

const card = (title: string) => screen.getByRole('region', { name: title });

describe('/Dashboard', () => {
  it('given a Therapist, then the three cards of the clients vertical show their data and the others are still being built', async () => {
    await renderDashboard('therapist');
    expect(await screen.findByText('No sessions today.', {}, SLOW)).toBeInTheDocument();
    expect(await within(card('Sessions that need a note')).findByText('Every session has its note.')).toBeVisible();
    expect(await within(card('Clients flagged high-risk')).findByText('No client is flagged high-risk.')).toBeVisible();
    expect(
      within(card('Clients flagged high-risk')).getByRole('link', { name: 'Open the high-risk clients' }),
    ).toHaveAttribute('href', '/Clients?riskLevel=high');
    expect(within(card('Tasks due')).getByText(/Not available yet/)).toBeInTheDocument();
  });

  it('given the Assistant, then only today’s sessions are loaded: no clinical card, no clinical read', async () => {
    const client = await renderDashboard('assistant');
    expect(await screen.findByText('No sessions today.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sessions that need a note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Clients flagged high-risk' })).not.toBeInTheDocument();
    expect(client.mock.callsTo('dashboardNotesDue')).toHaveLength(0);
    expect(client.mock.callsTo('dashboardHighRisk')).toHaveLength(0);
  });
});
