import type { Insights } from '@halcyon/api/contract';
import { createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { BannerProvider, PrivacyProvider } from '@halcyon/design-system';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { userStore } from '../../app/userStore';
import { Dashboard2Page } from './Dashboard2Page';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

const months = ['2026-10', '2026-11'];
const INSIGHTS: Insights = {
  computedAt: '2026-11-26T09:00:00.000Z',
  income: [
    {
      currency: 'GBP',
      months: months.map((month, i) => ({ month, incomeMinor: 120_000 + i, outstandingMinor: 15_000 })),
    },
  ],
  sessionsPerWeek: [
    { weekStart: '2026-11-16', attended: 18, didNotAttend: 2, cancelled: 1, scheduled: 0, noShowRate: 0.1 },
    { weekStart: '2026-11-23', attended: 6, didNotAttend: 0, cancelled: 0, scheduled: 9, noShowRate: 0 },
  ],
  clientsByStatus: [
    { status: 'active', count: 40 },
    { status: 'waitlist', count: 3 },
  ],
  newReferrals: months.map((month) => ({ month, count: 4 })),
  outcomeChange: [{ measure: 'phq9', clients: 12, averageFirst: 16.5, averageLatest: 9.25, averageChange: -7.25 }],
  cpd: {
    year: 2026,
    targetHours: 30,
    months: months.map((month, i) => ({ month, hours: 2, cumulativeHours: 20 + 2 * i })),
  },
};

async function renderInsights(role: 'admin' | 'assistant', insights: Insights, privacy = false) {
  const client = createMockClient({ handlers: { getPracticeSettings: () => null, dashboardInsights: () => insights } });
  client.mock.fixtures.currentUser = client.mock.fixtures.users[role];
  await userStore.load(client, { force: true });
  const router = createMemoryRouter([{ path: '/Dashboard2', element: <Dashboard2Page /> }], {
    initialEntries: ['/Dashboard2'],
  });
  render(
    <MockApiProvider client={client}>
      <PrivacyProvider enabled={privacy}>
        <BannerProvider>
          <RouterProvider router={router} />
        </BannerProvider>
      </PrivacyProvider>
    </MockApiProvider>,
  );
  return client;
}

const card = (title: string) => screen.getByRole('region', { name: title });

describe('/Dashboard2', () => {
  it('given the Admin, then every chart shows with its table view and CSV download, linked to its page', async () => {
    await renderInsights('admin', INSIGHTS);
    expect(await screen.findByRole('region', { name: 'CPD hours' }, SLOW)).toBeInTheDocument();
    for (const title of [
      'Income and outstanding',
      'Sessions and attendance',
      'Active clients by status',
      'New referrals',
      'Outcome measures',
      'CPD hours',
    ]) {
      expect(within(card(title)).getAllByRole('button', { name: 'Download CSV' }).length, title).toBeGreaterThan(0);
    }
    expect(within(card('Sessions and attendance')).getByText(/No-show rate over the 12 weeks: 7\.7%/)).toBeVisible();
    expect(within(card('CPD hours')).getByText('22 h of your 30 h target.')).toBeVisible();
    expect(within(card('New referrals')).getByRole('link', { name: 'Open the enquiries' })).toHaveAttribute(
      'href',
      '/Clients?status=enquiry',
    );

    const outcomes = card('Outcome measures');
    await userEvent.click(within(outcomes).getByRole('button', { name: 'Show as table' }));
    const table = within(outcomes).getByRole('table');
    expect(within(table).getByRole('row', { name: /PHQ-9 \(12 clients\)/ })).toHaveTextContent('-7.25');
  });

  it('given the Assistant, then only income and sessions show (SPEC.md §6), the amounts blurred by Privacy', async () => {
    await renderInsights(
      'assistant',
      { ...INSIGHTS, clientsByStatus: null, newReferrals: null, outcomeChange: null, cpd: null },
      true,
    );
    const income = await screen.findByRole('region', { name: 'Income and outstanding' }, SLOW);
    expect(screen.getByRole('region', { name: 'Sessions and attendance' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Active clients by status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'CPD hours' })).not.toBeInTheDocument();
    expect(income.querySelector('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
  });
});
