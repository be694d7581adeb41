import { createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { clientHandlers, clientStore } from '../features/clients/testing';
import { ClientSearch } from './ClientSearch';

function renderSearch() {
  const client = createMockClient({ handlers: clientHandlers(clientStore()) });
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
  it('given a name typed, then matching clients are listed from the clients list and Enter opens one', async () => {
    const user = userEvent.setup();
    const { client, router } = renderSearch();
    const search = screen.getByRole('combobox', { name: 'Search on client name' });
    expect(search).toHaveAttribute('maxLength', '320');
    await user.type(search, 'Omar');
    const list = await screen.findByRole('listbox', { name: 'Matching clients' });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBeGreaterThan(0));
    expect(client.mock.callsTo('listClients').at(-1)?.input).toMatchObject({ query: { search: 'Omar', pageSize: 8 } });
    for (const option of within(list).getAllByRole('option')) expect(option).toHaveTextContent(/Omar/);
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/Clients\/\d+$/));
  });

  it('given a name nobody has, then it says so', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.type(screen.getByRole('combobox', { name: 'Search on client name' }), 'Zzyzx');
    expect(await screen.findByText('No matching clients')).toBeInTheDocument();
  });
});
