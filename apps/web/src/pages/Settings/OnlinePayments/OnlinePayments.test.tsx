import { isOnboarded, ONLINE_PAYMENT_MESSAGES } from '@halcyon/api/contract';
import {
  accountFixtures,
  accountHandlers,
  createMockClient,
  MockApiProvider,
  ONLINE_ACCOUNT_ACTIVE,
  onlinePaymentsHandlers,
  type MockHandlers,
} from '@halcyon/api/testing';
import { BannerProvider, BannerRegion } from '@halcyon/design-system';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldUserDetails } from '../ProfileSecurity/testing';
import { OnlinePaymentsErrorPage } from './OnlinePaymentsErrorPage';
import { OnlinePaymentsPage } from './OnlinePaymentsPage';
import { OnlinePaymentsReturnPage } from './OnlinePaymentsReturnPage';
import { OnlinePaymentsSuccessPage } from './OnlinePaymentsSuccessPage';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The four pages of the flow at their paths, with a mock client: the signed-in member is an Admin unless `role`. */
function renderFlow(
  start: string,
  options: { handlers?: MockHandlers; role?: 'Admin' | 'Therapist'; account?: typeof ONLINE_ACCOUNT_ACTIVE } = {},
) {
  const fixtures = accountFixtures();
  const client = createMockClient({
    handlers: {
      ...accountHandlers(fixtures),
      ...onlinePaymentsHandlers(options.account ? { account: options.account } : {}),
      ...options.handlers,
    },
  });
  if (options.role) client.mock.fixtures.currentUser = { ...client.mock.fixtures.currentUser, role: options.role };
  const router = createMemoryRouter(
    [
      { path: '/Settings/Online-payments', element: <OnlinePaymentsPage /> },
      { path: '/Settings/Online-payments-return', element: <OnlinePaymentsReturnPage /> },
      { path: '/Settings/Online-payments-error', element: <OnlinePaymentsErrorPage /> },
      { path: '/Settings/Online-payments-success', element: <OnlinePaymentsSuccessPage /> },
    ],
    { initialEntries: [start] },
  );
  const view = render(
    <MockApiProvider client={client}>
      <BannerProvider>
        <BannerRegion />
        <RouterProvider router={router} />
      </BannerProvider>
    </MockApiProvider>,
  );
  const at = () => router.state.location.pathname;
  return { client, router, at, ...view };
}

const status = (value: string): MockHandlers => ({ onlinePaymentsOnboardingStatus: () => ({ status: value }) });

describe('Settings/Online-payments redirect rule (SPEC.md §2, §4)', { timeout: 60_000 }, () => {
  it('given the status "not started", then the onboarding screen stays, with its connect button', async () => {
    const { at, client, container } = renderFlow('/Settings/Online-payments');
    await waitFor(() => expect(client.mock.callsTo('onlinePaymentsOnboardingStatus')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Online payments' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect payment account' })).toBeInTheDocument();
    expect(at()).toBe('/Settings/Online-payments');
    await expect(container).toHaveNoAxeViolations();
  });

  it('given "Not Started" in another case, then it is still not onboarded', async () => {
    const { at } = renderFlow('/Settings/Online-payments', { handlers: status('Not Started') });
    expect(await screen.findByRole('button', { name: 'Connect payment account' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(at()).toBe('/Settings/Online-payments');
  });

  it.each(['pending', 'Complete', 'restricted', 'ACTIVE'])(
    'given the status "%s", then it goes to the success screen',
    async (value) => {
      const { at } = renderFlow('/Settings/Online-payments', { handlers: status(value) });
      await waitFor(() => expect(at()).toBe('/Settings/Online-payments-success'));
      expect(await screen.findByRole('heading', { name: 'Payment account' })).toBeInTheDocument();
    },
  );

  it('given the status call fails, then a warning is logged and the user stays on the onboarding screen', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { at } = renderFlow('/Settings/Online-payments', {
      handlers: { onlinePaymentsOnboardingStatus: { error: { status: 500, message: 'Failed' } } },
    });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Online payments' })).toBeInTheDocument();
    expect(at()).toBe('/Settings/Online-payments');
  });

  it('compares case-insensitively and treats a missing status as not onboarded', () => {
    expect(isOnboarded('NOT STARTED')).toBe(false);
    expect(isOnboarded(' not started ')).toBe(false);
    expect(isOnboarded(undefined)).toBe(false);
    expect(isOnboarded('active')).toBe(true);
  });
});

describe('Settings/Online-payments flow', { timeout: 60_000 }, () => {
  it('given an Admin who connects (the sandbox finishes at once), then -return checks the account and lands on -success', async () => {
    const user = userEvent.setup();
    const { at, client } = renderFlow('/Settings/Online-payments');
    await user.click(await screen.findByRole('button', { name: 'Connect payment account' }));
    await waitFor(() => expect(at()).toBe('/Settings/Online-payments-success'));
    expect(client.mock.callsTo('startOnlinePaymentsOnboarding')).toHaveLength(1);
    expect(client.mock.callsTo('onlinePaymentsAccountStatus').length).toBeGreaterThan(0);
    expect(await screen.findByText('Taking card payments')).toBeInTheDocument();
    expect(screen.getByText(/acct_sandbox_3f9a1c2b7d/)).toBeInTheDocument();
  });

  it('given a Therapist, then the onboarding screen says only an Admin connects, with no button', async () => {
    renderFlow('/Settings/Online-payments', { role: 'Therapist' });
    expect(await screen.findByText(/Only an Admin can connect/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect payment account' })).not.toBeInTheDocument();
  });

  it('given the provider left onboarding unfinished, then -return goes to -error, whose Try again starts onboarding again', async () => {
    const user = userEvent.setup();
    const { at, client } = renderFlow('/Settings/Online-payments-return', {
      account: { ...ONLINE_ACCOUNT_ACTIVE, status: 'pending', detailsSubmitted: false, chargesEnabled: false },
    });
    await waitFor(() => expect(at()).toBe('/Settings/Online-payments-error'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing is lost');
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(client.mock.callsTo('startOnlinePaymentsOnboarding')).toHaveLength(1));
    await waitFor(() => expect(at()).toBe('/Settings/Online-payments-success'));
  });

  it('given the signed-in member is not known yet, then -error says nothing about Admins until it is', async () => {
    const { handlers, release } = heldUserDetails();
    const { client } = renderFlow('/Settings/Online-payments-error', { handlers });
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing is lost');
    expect(screen.queryByText(/Only an Admin/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByText(/Only an Admin/)).not.toBeInTheDocument();
    expect(client.mock.callsTo('userDetails').length).toBeGreaterThan(0);
  });

  it('given the account status cannot be read on return, then -error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { at } = renderFlow('/Settings/Online-payments-return', {
      handlers: {
        onlinePaymentsAccountStatus: { error: { status: 503, message: ONLINE_PAYMENT_MESSAGES.providerDown } },
      },
    });
    await waitFor(() => expect(at()).toBe('/Settings/Online-payments-error'));
  });

  it('given the connected account, when the Admin disconnects and confirms, then it says so', async () => {
    const user = userEvent.setup();
    const { client, container } = renderFlow('/Settings/Online-payments-success', { account: ONLINE_ACCOUNT_ACTIVE });
    expect(await screen.findByText('Taking card payments')).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Disconnect the payment account?' }));
    await user.click(dialog.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(ONLINE_PAYMENT_MESSAGES.disconnected)).toBeInTheDocument();
    expect(client.mock.callsTo('disconnectOnlinePayments')).toHaveLength(1);
    expect(await screen.findByText('No payment provider account is connected.')).toBeInTheDocument();
  });

  it('given the pay link settings, when saved, then the version read is sent and 500 days is refused in the form', async () => {
    const user = userEvent.setup();
    const { client } = renderFlow('/Settings/Online-payments-success', { account: ONLINE_ACCOUNT_ACTIVE });
    const days = await screen.findByLabelText(/^A pay link works for/);
    await user.clear(days);
    await user.type(days, '500');
    await user.click(screen.getByRole('button', { name: 'Save pay link settings' }));
    expect(await screen.findByText('A pay link works at most 365 days.')).toBeInTheDocument();
    expect(client.mock.callsTo('updateOnlinePaymentDetails')).toHaveLength(0);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Save pay link settings' }));
    expect(await screen.findByText(ONLINE_PAYMENT_MESSAGES.detailsSaved)).toBeInTheDocument();
    expect(client.mock.callsTo('updateOnlinePaymentDetails')[0]?.input).toEqual({
      body: { acceptCardPayments: true, payLinkDays: 30, version: 0 },
    });
  });
});
