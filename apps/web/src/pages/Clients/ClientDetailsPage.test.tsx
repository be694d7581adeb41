import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@halcyon/api/client';
import type { RouteName } from '@halcyon/api/contract';
import { billingHandlers, type MockHandlers } from '@halcyon/api/testing';
import { renderClientsRoute } from '../../features/clients/testing';

/** Every read a tab makes fails as when the server is down; the header's own read still works. */
const DOWN: RouteName[] = [
  'getClientDetails',
  'getClientAddress',
  'getClientInsurance',
  'getClientNotifications',
  'getClientPortal',
  'listClientRelationships',
  'listClientActivity',
  'listRiskLog',
  'listClientSessions',
];
const serverDown = Object.fromEntries(
  DOWN.map((name) => [
    name,
    () => {
      throw new ApiError(0, 'Failed to fetch. Status: 0');
    },
  ]),
) as MockHandlers;

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/Clients/{id}', () => {
  it.each([
    'overview',
    'sessions',
    'assessments',
    'treatment-plan',
    'risk',
    'contacts',
    'documents',
    'activity-log',
    'clinical-profile',
    'portal',
  ])(
    'given the server cannot answer, when the %s tab opens, then it says what could not be loaded and offers Retry',
    async (tab) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      renderClientsRoute(`/Clients/1?tab=${tab}`, { handlers: serverDown });
      expect(await screen.findByRole('heading', { level: 1, name: 'Omar Doe' }, SLOW)).toBeInTheDocument();
      const alerts = await screen.findAllByRole('alert', {}, SLOW);
      const failure = alerts.find((alert) => /could not be loaded/.test(alert.textContent ?? ''));
      expect(failure).toBeDefined();
      expect(within(failure!).getByRole('button', { name: 'Retry' })).toBeEnabled();
    },
  );

  it.each(['0', '-3', 'abc', '1.5', 'Infinity'])(
    'given the id "%s" (not a whole number above 0), then the not-found page shows and nothing is loaded',
    async (id) => {
      const { client } = renderClientsRoute(`/Clients/${id}`);
      expect(await screen.findByRole('heading', { name: 'Page not found' }, SLOW)).toBeInTheDocument();
      expect(client.mock.callsTo('getClient')).toHaveLength(0);
    },
  );

  it('given a client that does not exist (404), then the not-found page shows', async () => {
    renderClientsRoute('/Clients/999');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, SLOW)).toBeInTheDocument();
  });

  it('given a client, then the header shows name, status, risk, next session, balance, tags and quick actions', async () => {
    const user = userEvent.setup();
    const { router, container } = renderClientsRoute('/Clients/28');
    // Client 28 of the test store: Zara Khan, on hold, tag EMDR (28 = 4 × 7), high risk (28 = 4 × 7).
    expect(await screen.findByRole('heading', { level: 1, name: 'Zara Khan' }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('On hold');
    expect(screen.getByText('High risk')).toBeInTheDocument();
    expect(screen.getByText('EMDR')).toBeInTheDocument();
    // The header's balance (the Overview may show the same figure again).
    const balance = screen.getAllByText('Balance').find((element) => element.tagName === 'DT');
    expect(balance?.nextElementSibling).toHaveTextContent('£0.00');
    const actions = screen.getByRole('group', { name: 'Quick actions' });
    // Billing is built: the invoice action is a working button (it opens the invoice modal for this client).
    expect(within(actions).getByRole('button', { name: 'Invoice' })).not.toHaveAttribute('aria-disabled');
    await expect(container).toHaveNoAxeViolations();
    await user.click(within(actions).getByRole('button', { name: 'Message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Messages'));
    // The new conversation opens with this client chosen (named in the router state, not in the address).
    expect(router.state.location.search).toBe('?new=1');
    expect(router.state.location.state).toEqual({ messageClient: { id: expect.any(Number), name: 'Zara Khan' } });
  });

  it('given an overdue risk review, then the header flags it in red with its due date', async () => {
    renderClientsRoute('/Clients/28');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zara Khan' }, SLOW)).toBeInTheDocument();
    const flag = screen.getByText('Risk review overdue (due 5 Jan 2026)');
    expect(flag.closest('[data-variant]')).toHaveAttribute('data-variant', 'danger');
  });

  it('given a risk review not yet due, then the header shows no overdue flag', async () => {
    renderClientsRoute('/Clients/7');
    expect(await screen.findByText('High risk', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/Risk review overdue/)).not.toBeInTheDocument();
  });

  it('given the Overview, then details, address, insurance and contacts show, and Edit opens edit-client-info on that section', async () => {
    const user = userEvent.setup();
    const { container } = renderClientsRoute('/Clients/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Omar Doe' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Harbour Medical Centre', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/4 Mill Lane/)).toBeInTheDocument();
    expect(screen.getByText('Bupa')).toBeInTheDocument();
    expect(screen.getAllByText('Sam Doe').length).toBeGreaterThan(0);
    expect(screen.getByText('No open risk items.')).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Edit address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit client details' }, SLOW);
    expect(await within(dialog).findByLabelText(/^Address line 1/, {}, SLOW)).toHaveValue('4 Mill Lane');
  });

  it('given ?tab=contacts, then the Contacts tab opens; choosing another tab puts it in the address', async () => {
    const user = userEvent.setup();
    const { router } = renderClientsRoute('/Clients/1?tab=contacts', { handlers: billingHandlers() });
    expect(await screen.findByRole('tab', { name: 'Contacts', selected: true }, SLOW)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Edit Sam Doe' }, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Activity log' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=activity-log'));
    expect(await screen.findByText('Phoned about moving Thursday', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Billing' }));
    expect(await screen.findByRole('heading', { name: 'Balance' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Nothing invoiced or paid yet.', {}, SLOW)).toBeInTheDocument();
  });

  it('given the Contacts tab, when Delete is pressed, then delete-item confirms and the delete route is called', async () => {
    const user = userEvent.setup();
    const { client, store } = renderClientsRoute('/Clients/1?tab=contacts', {
      handlers: {
        deleteClientRelationship: ({ params }) => {
          store.relationships = store.relationships.filter((r) => r.id !== Number(params.id));
          return { detail: 'Deleted.' };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Sam Doe' }, SLOW));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete client contact “Sam Doe”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Client contact was successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteClientRelationship')[0]?.path).toBe('/api/clients/single-relationship/11');
    expect(await screen.findByRole('heading', { name: 'No contacts yet' }, SLOW)).toBeInTheDocument();
  });

  it('given the header status, when changed, then the client is saved with its version', async () => {
    const user = userEvent.setup();
    const { client } = renderClientsRoute('/Clients/2');
    await user.click(await screen.findByRole('combobox', { name: 'Status' }, SLOW));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() =>
      expect(client.mock.callsTo('updateClientStatus')[0]?.input).toMatchObject({
        params: { id: 2 },
        body: { status: 'active', version: 1 },
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Active');
  });
});
