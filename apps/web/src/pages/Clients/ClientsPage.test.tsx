import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@halcyon/api/client';
import { clientStore, listClientsFrom } from '@halcyon/api/testing';
import { renderClientsRoute } from '../../features/clients/testing';

// 25 rows with a status select each take a while to render in happy-dom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.restoreAllMocks();
});

const SLOW = { timeout: 5000 };

type ListCall = { query?: Record<string, unknown> };
const lastListQuery = (client: ReturnType<typeof renderClientsRoute>['client']) =>
  (client.mock.callsTo('listClients').at(-1)?.input as ListCall | undefined)?.query ?? {};

async function rows() {
  const grid = await screen.findByRole('grid');
  return within(grid).getAllByRole('row').slice(1);
}

describe('/Clients', () => {
  it('given 60 clients, then the first page of 25 shows with its columns, links and pages, and axe finds nothing', async () => {
    const { client, container } = renderClientsRoute('/Clients');
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    for (const name of [
      'Name',
      'Status',
      'Next session',
      'Last session',
      'Therapist',
      'Balance',
      'Risk level',
      'Tags',
    ]) {
      expect(screen.getByRole('columnheader', { name: new RegExp(name) })).toBeInTheDocument();
    }
    expect(screen.getByText('Showing 1–25 of 60 clients')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(lastListQuery(client)).toMatchObject({ page: 1, pageSize: 25, sort: 'name' });
    const first = (await rows())[0]!;
    expect(within(first).getByRole('link')).toHaveAttribute('href', expect.stringMatching(/^\/Clients\/\d+$/));
    await expect(container).toHaveNoAxeViolations();
  });

  it('given a count the server capped (a filter it counts only so far), then the summary and pages say "more than"', async () => {
    const store = clientStore();
    renderClientsRoute('/Clients?therapistId=2', {
      store,
      handlers: {
        listClients: () => ({
          items: store.clients.slice(0, 25),
          total: 1000,
          totalCapped: true,
          page: 1,
          pageSize: 25,
        }),
      },
    });
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    expect(screen.getByText('Showing 1–25 of more than 1,000 clients')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Clients pages' })).toHaveTextContent('Page 1 of 40 or more');
  });

  it('given the search field, when a name is typed, then it is labelled, capped at 320 and the server is asked for that name', async () => {
    const user = userEvent.setup();
    const { client } = renderClientsRoute('/Clients');
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    const search = screen.getByRole('searchbox', { name: 'Search clients' });
    expect(search).toHaveAttribute('maxLength', '320');
    await user.type(search, 'omar');
    await waitFor(() => expect(lastListQuery(client)).toMatchObject({ search: 'omar', page: 1 }));
    await waitFor(async () => {
      const shown = await rows();
      expect(shown.length).toBeGreaterThan(0);
      for (const row of shown) expect(row).toHaveTextContent(/Omar/);
    }, SLOW);
  });

  it('given the first row has no session dates, when a session column is pressed, then it sorts by date ascending first', async () => {
    const user = userEvent.setup();
    const store = clientStore(30);
    for (const row of store.clients) Object.assign(row, { nextSessionAt: null, lastSessionAt: null });
    const { client } = renderClientsRoute('/Clients', { store });
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    await user.click(within(screen.getByRole('columnheader', { name: /Next session/ })).getByRole('button'));
    await waitFor(() => expect(lastListQuery(client)).toMatchObject({ sort: 'nextSession' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Next session/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await user.click(within(screen.getByRole('columnheader', { name: /Last session/ })).getByRole('button'));
    await waitFor(() => expect(lastListQuery(client)).toMatchObject({ sort: 'lastSession' }));
  });

  it('given a sortable column, when its header is pressed, then the server sorts and the header says so', async () => {
    const user = userEvent.setup();
    const { client } = renderClientsRoute('/Clients');
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastListQuery(client)).toMatchObject({ sort: '-name' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending'),
    );
    await user.click(within(screen.getByRole('columnheader', { name: /Next session/ })).getByRole('button'));
    await waitFor(() => expect(lastListQuery(client)).toMatchObject({ sort: 'nextSession' }));
    // Columns the server cannot sort offer no sort button.
    expect(within(screen.getByRole('columnheader', { name: /Balance/ })).queryByRole('button')).toBeNull();
  });

  it('given the filter modal, when a status is chosen and applied, then only those clients are asked for and shown', async () => {
    const user = userEvent.setup();
    const { client } = renderClientsRoute('/Clients');
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter clients' });
    for (const legend of ['Status', 'Risk level', 'Kind']) {
      expect(within(dialog).getByRole('group', { name: legend })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('textbox', { name: 'Tag' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Waitlist' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply (1)' }));
    await waitFor(() => expect(lastListQuery(client)).toMatchObject({ status: ['waitlist'], page: 1 }));
    await waitFor(async () => {
      const shown = await rows();
      expect(shown).toHaveLength(12);
    }, SLOW);
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The unfiltered first page is still cached: it shows again without a new call.
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument();
  });

  it(
    'given overdue risk reviews, then their rows carry a red flag, and the "Risk review overdue" filter asks the server for them only',
    { timeout: 60_000 },
    async () => {
      const user = userEvent.setup();
      const { client } = renderClientsRoute('/Clients');
      await waitFor(async () => expect(await rows()).toHaveLength(25), { timeout: 15_000 });
      // Every 14th client of the test store has an overdue review (4 of 60).
      const flags = screen.getAllByText(/^Risk review overdue/);
      expect(flags.length).toBeGreaterThan(0);
      for (const flag of flags) expect(flag.closest('[data-variant]')).toHaveAttribute('data-variant', 'danger');
      await user.click(screen.getByRole('button', { name: 'Filter' }));
      const dialog = await screen.findByRole('dialog', { name: 'Filter clients' }, { timeout: 15_000 });
      await user.click(within(dialog).getByRole('checkbox', { name: /Risk review overdue/ }));
      await user.click(within(dialog).getByRole('button', { name: 'Apply (1)' }));
      await waitFor(() => expect(lastListQuery(client)).toMatchObject({ riskReviewOverdue: 'true', page: 1 }), {
        timeout: 10_000,
      });
      await waitFor(async () => expect(await rows()).toHaveLength(4), { timeout: 15_000 });
      for (const row of await rows()) expect(within(row).getByText(/^Risk review overdue/)).toBeInTheDocument();
    },
  );

  it('given a row, when its status is changed, then it shows at once, is saved with the loaded version, and a banner confirms', async () => {
    const user = userEvent.setup();
    const { client, store } = renderClientsRoute('/Clients');
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    const target = store.clients.find((c) => c.firstName === 'Omar' && c.lastName === 'Doe')!;
    const select = screen.getByRole('combobox', { name: 'Status of Omar Doe' });
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Discharged' }));
    expect(screen.getByRole('combobox', { name: 'Status of Omar Doe' })).toHaveTextContent('Discharged');
    await waitFor(() =>
      expect(client.mock.callsTo('updateClientStatus')[0]?.input).toMatchObject({
        params: { id: target.id },
        body: { status: 'discharged', version: 1 },
      }),
    );
    expect(await screen.findByText('Omar Doe is now discharged.')).toBeInTheDocument();
    expect(target.status).toBe('discharged');
  });

  it('given the save of a status fails, then the old status comes back and the reason shows', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderClientsRoute('/Clients', {
      handlers: {
        updateClientStatus: {
          error: {
            status: 409,
            message: 'This client was changed elsewhere since you opened it. Reload and try again.',
          },
        },
      },
    });
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    const before = screen.getByRole('combobox', { name: 'Status of Omar Doe' }).textContent;
    await user.click(screen.getByRole('combobox', { name: 'Status of Omar Doe' }));
    await user.click(await screen.findByRole('option', { name: 'Archived' }));
    expect(
      await screen.findByText('This client was changed elsewhere since you opened it. Reload and try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status of Omar Doe' }).textContent).toBe(before));
  });

  it('given more than one page, when Next page is pressed, then the next page is asked for', async () => {
    const user = userEvent.setup();
    const { client } = renderClientsRoute('/Clients');
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListQuery(client)).toMatchObject({ page: 2 }));
    expect(await screen.findByText('Showing 26–50 of 60 clients', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Showing 51–60 of 60 clients', {}, SLOW)).toBeInTheDocument();
  });

  it('given no clients at all, then the empty state says how to add the first one', async () => {
    const user = userEvent.setup();
    renderClientsRoute('/Clients', { store: clientStore(0) });
    expect(await screen.findByRole('heading', { name: 'No clients yet' })).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Add client' });
    await user.click(buttons.at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'Add client' })).toBeInTheDocument();
  });

  it('given the list cannot be read, then an error with Retry replaces the skeleton; when Retry works, then the rows show', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const store = clientStore();
    let down = true;
    const { client } = renderClientsRoute('/Clients', {
      store,
      handlers: {
        listClients: (input) => {
          if (down) throw new ApiError(0, 'Failed to fetch /api/clients. Status: 0');
          return listClientsFrom(store.clients, input?.query);
        },
      },
    });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('The clients could not be loaded');
    expect(alert).toHaveTextContent('Check your connection');
    expect(screen.queryByRole('grid', { busy: true })).toBeNull();
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    expect(client.mock.callsTo('listClients').length).toBeGreaterThanOrEqual(2);
  });

  it('given a search that matches nobody, then the empty state offers to clear it', async () => {
    const user = userEvent.setup();
    const { client } = renderClientsRoute('/Clients');
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'zzzz');
    // The rows narrow at once while typing; the server's answer to the whole search settles the page (on a loaded
    // machine the button could otherwise be replaced between finding and clicking it).
    await waitFor(() => expect(lastListQuery(client)).toMatchObject({ search: 'zzzz' }), SLOW);
    expect(await screen.findByRole('heading', { name: 'No clients match' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    await waitFor(async () => expect(await rows()).toHaveLength(25), SLOW);
  });
});
