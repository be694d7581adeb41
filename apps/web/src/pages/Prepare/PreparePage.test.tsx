import type { UserDetails } from '@halcyon/api/contract';
import { createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { render, screen } from '@testing-library/react';
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
) {
  const client = createMockClient();
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
