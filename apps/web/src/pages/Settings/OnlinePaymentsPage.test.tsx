import { createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isOnboarded, OnlinePaymentsPage } from './OnlinePaymentsPage';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderWith(status: string) {
  const client = createMockClient({
    handlers: {
      onlinePaymentsOnboardingStatus:
        status === 'fails' ? { error: { status: 500, message: 'Failed' } } : () => ({ status }),
    },
  });
  const router = createMemoryRouter(
    [
      { path: '/Settings/Online-payments', element: <OnlinePaymentsPage /> },
      { path: '/Settings/Online-payments-success', element: <h1>Connected</h1> },
    ],
    { initialEntries: ['/Settings/Online-payments'] },
  );
  const view = render(
    <MockApiProvider client={client}>
      <RouterProvider router={router} />
    </MockApiProvider>,
  );
  return { router, client, ...view };
}

describe('Settings/Online-payments redirect (SPEC.md §2)', () => {
  it('given the status "not started", then the onboarding page stays', async () => {
    const { router, client, container } = renderWith('not started');
    await waitFor(() => expect(client.mock.callsTo('onlinePaymentsOnboardingStatus')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Online payments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Settings/Online-payments');
    await expect(container).toHaveNoAxeViolations();
  });

  it('given "Not Started" in another case, then it is still not onboarded', async () => {
    const { router } = renderWith('Not Started');
    expect(await screen.findByRole('heading', { name: 'Online payments' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(router.state.location.pathname).toBe('/Settings/Online-payments');
  });

  it.each(['pending', 'Complete', 'restricted'])(
    'given the status "%s", then it goes to the success page',
    async (status) => {
      const { router } = renderWith(status);
      expect(await screen.findByRole('heading', { name: 'Connected' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/Settings/Online-payments-success');
    },
  );

  it('given the status call fails, then a warning is logged and the page stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderWith('fails');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Online payments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Settings/Online-payments');
  });

  it('compares case-insensitively and treats a missing status as not onboarded', () => {
    expect(isOnboarded('NOT STARTED')).toBe(false);
    expect(isOnboarded(undefined)).toBe(false);
    expect(isOnboarded('active')).toBe(true);
  });
});
