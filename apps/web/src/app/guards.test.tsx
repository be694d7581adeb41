import { ALL_ROLES, CLINICAL_ROLES, type UserDetails } from '@halcyon/api/contract';
import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireRole, RequireSession } from './guards';
import { createUserStore, type UserStore } from './userStore';

let store: UserStore;
beforeEach(() => {
  store = createUserStore();
});
afterEach(() => {
  vi.restoreAllMocks();
});

function renderAt(path: string, client: MockClient) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <h1>Sign in</h1> },
      {
        element: <RequireSession store={store} />,
        children: [
          {
            element: <RequireRole roles={ALL_ROLES} store={store} />,
            children: [{ path: '/Dashboard', element: <h1>Dashboard</h1> }],
          },
          {
            element: <RequireRole roles={CLINICAL_ROLES} store={store} />,
            children: [{ path: '/Task-manager', element: <h1>Task manager</h1> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <MockApiProvider client={client}>
      <RouterProvider router={router} />
    </MockApiProvider>,
  );
  return { router, ...view };
}

function clientAs(user: UserDetails | 'fails') {
  return createMockClient({
    handlers: {
      userDetails:
        user === 'fails'
          ? { error: { status: 500, message: 'Failed to fetch /api/user-details. Status: 500' } }
          : () => user,
    },
  });
}

describe('guards (SPEC.md §6)', () => {
  it('given no access token, when a guarded page opens, then a warning is logged and the user lands on /login', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = clientAs(createMockClient().mock.fixtures.users.admin);
    client.tokens.clear();
    const { router } = renderAt('/Dashboard', client);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('No access token'));
    expect(client.mock.callsTo('userDetails')).toHaveLength(0);
  });

  it('given a signed-in page, when the session ends (tokens cleared, store reset as expired), then the guard sends the user to /login carrying the session-expired state', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createMockClient();
    const { router } = renderAt('/Dashboard', client);
    await screen.findByRole('heading', { name: 'Dashboard' });
    client.tokens.clear();
    act(() => store.reset({ expired: true }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ sessionExpired: true, from: '/Dashboard' });
  });

  it('given a plain reset without a token (sign-out), then the guard goes to /login without the session-expired state', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createMockClient();
    const { router } = renderAt('/Dashboard', client);
    await screen.findByRole('heading', { name: 'Dashboard' });
    client.tokens.clear();
    act(() => store.reset());
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/Dashboard' });
  });

  it('given a deep link opened signed out, then /login is told the page (path, query and hash) to return to', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = clientAs(createMockClient().mock.fixtures.users.admin);
    client.tokens.clear();
    const { router } = renderAt('/Task-manager?due=today#week', client);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/Task-manager?due=today#week' });
  });

  it('given a token and no loaded user, when a page opens, then the role is loaded once and the page shows', async () => {
    const client = createMockClient();
    const { container } = renderAt('/Dashboard', client);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(client.mock.callsTo('userDetails')).toHaveLength(1);
    expect(store.getState()).toMatchObject({
      status: 'loaded',
      user: { role: 'Admin', firstName: 'Amara', loaded: true },
    });
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the user is already loaded, when another page opens, then the role is not loaded again', async () => {
    const client = createMockClient();
    await store.load(client);
    renderAt('/Task-manager', client);
    expect(await screen.findByRole('heading', { name: 'Task manager' })).toBeInTheDocument();
    expect(client.mock.callsTo('userDetails')).toHaveLength(1);
  });

  it('given an Assistant, when a clinical page opens (case-insensitive path), then they land on /login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = clientAs(createMockClient().mock.fixtures.users.assistant);
    const { router } = renderAt('/task-manager', client);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('given an Assistant, when the dashboard opens, then it shows', async () => {
    const client = clientAs(createMockClient().mock.fixtures.users.assistant);
    renderAt('/dashboard', client);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('given the role lookup fails, when a page opens, then the store returns to empty and the user lands on /login', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = clientAs('fails');
    const { router } = renderAt('/Dashboard', client);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState()).toMatchObject({ status: 'empty', user: null, failed: true });
  });
});

describe('user store (SPEC.md §4)', () => {
  it('given a loaded user, when a forced reload runs, then user details are fetched again and replaced', async () => {
    const client = createMockClient();
    await store.load(client);
    client.mock.fixtures.currentUser = client.mock.fixtures.users.therapist;
    await store.load(client);
    expect(store.getState().user?.role).toBe('Admin');
    await store.load(client, { force: true });
    expect(store.getState().user?.role).toBe('Therapist');
    expect(client.mock.callsTo('userDetails')).toHaveLength(2);
  });

  it('given two loads at once, then one request is made', async () => {
    const client = createMockClient({ latency: 5 });
    await Promise.all([store.load(client), store.load(client)]);
    expect(client.mock.callsTo('userDetails')).toHaveLength(1);
    await waitFor(() => expect(store.getState().status).toBe('loaded'));
  });
});
