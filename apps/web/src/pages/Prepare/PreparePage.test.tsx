import type { UserDetails } from '@halcyon/api/contract';
import { createMockClient, MockApiProvider, type MockHandlers } from '@halcyon/api/testing';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { userStore } from '../../app/userStore';
import { PreparePage } from './PreparePage';

afterEach(() => {
  userStore.reset();
  window.localStorage.clear();
});

function renderPrepare(
  as: (users: ReturnType<typeof createMockClient>['mock']['fixtures']['users']) => UserDetails,
  from?: string,
  handlers?: MockHandlers,
) {
  const client = createMockClient(handlers ? { handlers } : {});
  client.mock.fixtures.currentUser = as(client.mock.fixtures.users);
  const router = createMemoryRouter(
    [
      { path: '/Prepare-console', element: <PreparePage /> },
      { path: '/Dashboard', element: <h1>Dashboard</h1> },
      { path: '/Clients/:id', element: <h1>Client</h1> },
    ],
    { initialEntries: [{ pathname: '/Prepare-console', state: from ? { from } : null }] },
  );
  render(
    <MockApiProvider client={client}>
      <RouterProvider router={router} />
    </MockApiProvider>,
  );
  return router;
}

describe('PreparePage after sign-in (a deep link returns to its page)', () => {
  it('given a Therapist sent to sign in from a client page, then they land back on that page with its query', async () => {
    const router = renderPrepare((users) => users.therapist, '/Clients/7?tab=notes');
    expect(await screen.findByRole('heading', { name: 'Client' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/Clients/7?tab=notes');
  });

  it('given an Assistant sent to sign in from a client page she may not open, then she lands on the dashboard', async () => {
    const router = renderPrepare((users) => users.assistant, '/Clients/7');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Dashboard');
  });

  it('given a return path to another site, then it is ignored and the dashboard opens', async () => {
    const router = renderPrepare((users) => users.therapist, '//evil.example/Clients/7');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Dashboard');
  });

  it('given an Admin with a deep link, then the page opens before the set-up checklist', async () => {
    renderPrepare((users) => users.admin, '/Clients/3');
    expect(await screen.findByRole('heading', { name: 'Client' })).toBeInTheDocument();
  });
});

describe('PreparePage: the set-up checklist of a new practice', () => {
  const none = { details: false, service: false, availability: false, invoiceAccount: false };

  it('given an Admin of a new practice, then the four steps show with none done, and "Skip for now" opens the dashboard until the next sign-in', async () => {
    const user = userEvent.setup();
    const router = renderPrepare((users) => users.admin);
    expect(await screen.findByRole('heading', { name: 'Welcome, Amara' })).toBeInTheDocument();
    expect(screen.getByText(/^Four short steps get Quiet Harbour Therapy ready/)).toBeInTheDocument();
    expect(screen.getByText(/this list comes back when you sign in until they are done/)).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    expect(screen.queryByText(/^Done\./)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Dashboard');
    expect(window.localStorage.getItem('halcyon.setup-checklist.1')).toBeNull();
    cleanup();
    userStore.reset();

    renderPrepare((users) => users.admin);
    expect(await screen.findByRole('heading', { name: 'Welcome, Amara' })).toBeInTheDocument();
  });

  it('given an Admin who chooses "Don\'t show this again", then the next sign-in goes straight to the dashboard', async () => {
    const user = userEvent.setup();
    renderPrepare((users) => users.admin);
    await user.click(await screen.findByRole('button', { name: "Don't show this again" }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(window.localStorage.getItem('halcyon.setup-checklist.1')).toBe('done');
    cleanup();
    userStore.reset();

    const router = renderPrepare((users) => users.admin);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Dashboard');
    expect(screen.queryByRole('heading', { name: 'Welcome, Amara' })).not.toBeInTheDocument();
  });

  it('given two steps done, then the page says so and marks them done in words', async () => {
    renderPrepare((users) => users.admin, undefined, {
      getPracticeSetup: () => ({ ...none, details: true, service: true }),
    });
    expect(await screen.findByText(/^2 of 4 steps done\./)).toBeInTheDocument();
    expect(screen.getByText('Done. Address, contact, time zone and currency.')).toBeInTheDocument();
    expect(screen.getByText('Done. What you offer, how long and at what price.')).toBeInTheDocument();
    expect(screen.getByText('When clients can book sessions with you.')).toBeInTheDocument();
  });

  it('given every step done (on another browser, say), then the Admin goes straight to the dashboard', async () => {
    const router = renderPrepare((users) => users.admin, undefined, {
      getPracticeSetup: () => ({ details: true, service: true, availability: true, invoiceAccount: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Dashboard');
  });

  it('given the steps cannot be read, then the checklist still shows, without ticks', async () => {
    renderPrepare((users) => users.admin, undefined, {
      getPracticeSetup: { error: { status: 500, message: 'Failed to fetch /api/practice/setup. Status: 500' } },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Amara' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('given a Therapist, then there is no checklist and the setup is not read', async () => {
    renderPrepare((users) => users.therapist);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
