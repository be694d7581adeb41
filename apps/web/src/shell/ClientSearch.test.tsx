import { ApiError } from '@halcyon/api/client';
import type { Role } from '@halcyon/api/contract';
import { clientHandlers, clientStore, createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userStore } from '../app/userStore';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ClientSearch } from './ClientSearch';

afterEach(() => {
  userStore.reset();
  vi.restoreAllMocks();
});

async function renderSearch(role: Role = 'Therapist', handlers = {}) {
  const client = createMockClient({ handlers: { ...clientHandlers(clientStore()), ...handlers } });
  client.mock.set('userDetails', () => ({ ...client.mock.fixtures.currentUser, role }));
  await userStore.load(client, { force: true });
  const router = createMemoryRouter(
    [
      { path: '/Dashboard', element: <ClientSearch /> },
      { path: '/Clients/:id', element: <h1>Client page</h1> },
    ],
    { initialEntries: ['/Dashboard'] },
  );
  render(
    <MockApiProvider client={client}>
      <RouterProvider router={router} />
    </MockApiProvider>,
  );
  return { client, router };
}

describe('ClientSearch (top bar)', () => {
  it('given a name typed, then matching clients are listed from the name lookup and Enter opens one', async () => {
    const user = userEvent.setup();
    const { client, router } = await renderSearch();
    const search = screen.getByRole('combobox', { name: 'Search on client name' });
    expect(search).toHaveAttribute('maxLength', '320');
    await user.type(search, 'Omar');
    const list = await screen.findByRole('listbox', { name: 'Matching clients' });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(0));
    expect(client.mock.callsTo('lookupClientNames').at(-1)?.input).toMatchObject({ query: { search: 'Omar' } });
    for (const option of within(list).getAllByRole('option')) expect(option).toHaveTextContent(/Omar/);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/Clients\/\d+$/));
  });

  it('given a name nobody has, then it says so', async () => {
    const user = userEvent.setup();
    await renderSearch();
    await user.type(screen.getByRole('combobox', { name: 'Search on client name' }), 'Zzyzx');
    expect(await screen.findByText('No matching clients')).toBeInTheDocument();
  });

  it('given the Assistant (who cannot open a client), then she sees the matching names without links, and Enter goes nowhere', async () => {
    const user = userEvent.setup();
    const { client, router } = await renderSearch('Assistant');
    await user.type(screen.getByRole('combobox', { name: 'Search on client name' }), 'Omar');
    const list = await screen.findByRole('listbox', { name: 'Matching clients' });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(0));
    expect(screen.queryByText('No matching clients')).toBeNull();
    expect(client.mock.callsTo('listClients')).toHaveLength(0);
    for (const option of within(list).getAllByRole('option')) {
      expect(option).toHaveTextContent(/Omar/);
      expect(option).toHaveAttribute('aria-disabled', 'true');
    }
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(within(list).getAllByRole('option')[0]!);
    expect(router.state.location.pathname).toBe('/Dashboard');
  });

  it('given the search fails, then it says the search failed, never "No matching clients"', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderSearch('Therapist', {
      lookupClientNames: () => {
        throw new ApiError(0, 'Failed to fetch /api/clients/names. Status: 0');
      },
    });
    await user.type(screen.getByRole('combobox', { name: 'Search on client name' }), 'Omar');
    expect(await screen.findByText(/The search failed/)).toBeInTheDocument();
    expect(screen.queryByText('No matching clients')).toBeNull();
  });
});
