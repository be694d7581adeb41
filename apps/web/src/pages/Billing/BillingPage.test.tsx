import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayDate } from '@halcyon/api/contract';
import { renderBillingRoute } from '../../features/billing/testing';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.restoreAllMocks());

const SLOW = { timeout: 5000 };

describe('/Billing', () => {
  it('given the ledger, then the totals show and the invoices list drafts, invoices and credit notes newest first', async () => {
    const { container } = renderBillingRoute('/Billing');
    expect(await screen.findByRole('heading', { name: 'Billing', level: 1 })).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Billing totals' });
    // Outstanding: INV-0042 owes £180.00 after £60.00 paid, INV-0043 owes £160.00 (overdue).
    expect(await within(totals).findByText('£340.00', undefined, SLOW)).toBeInTheDocument();
    expect(within(totals).getAllByText('£160.00')).toHaveLength(1);
    const table = await screen.findByRole('grid', { name: 'Invoices' });
    await within(table).findByRole('link', { name: 'INV-0042' }, SLOW);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('gridcell')[0]?.textContent)).toEqual([
      'Draft invoice',
      'INV-0042',
      'CN-0001Credit note',
      'INV-0040',
      'INV-0043',
    ]);
    expect(within(rows[4]!).getByText('Overdue')).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given expenses this month in two currencies, then the Expenses this month card shows each', async () => {
    const summary = { currency: 'GBP', outstandingMinor: 0, overdueMinor: 0, paidThisMonthMinor: 0 };
    renderBillingRoute('/Billing', {
      handlers: {
        getBillingSummary: () => ({
          items: [
            { ...summary, currency: 'EUR', expensesThisMonthMinor: 1_200 },
            { ...summary, expensesThisMonthMinor: 51_480 },
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Expenses this month' })).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Billing totals' });
    expect(await within(totals).findByText('£514.80', undefined, SLOW)).toBeInTheDocument();
    expect(within(totals).getByText('€12.00')).toBeInTheDocument();
  });

  it('given the Expenses and Insurance claims tabs, then each lists its records', async () => {
    const { router } = renderBillingRoute('/Billing?tab=expenses');
    expect(await screen.findByRole('button', { name: 'Add expense' }, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Insurance claims' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=claims'));
    expect(await screen.findByText('INV-0041', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/being built/)).not.toBeInTheDocument();
  });

  it('given a search, then the server is asked for it, only matching invoices show, and the address never holds it', async () => {
    const user = userEvent.setup();
    const { client, router } = renderBillingRoute('/Billing');
    const table = await screen.findByRole('grid', { name: 'Invoices' });
    await within(table).findByRole('link', { name: 'INV-0042' }, SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'inv-0043');
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'INV-0042' })).not.toBeInTheDocument(), SLOW);
    expect(within(table).getByRole('link', { name: 'INV-0043' })).toBeInTheDocument();
    expect(client.mock.callsTo('listInvoices').at(-1)?.input).toMatchObject({ query: { search: 'inv-0043' } });
    expect(router.state.location.search).not.toContain('0043');
    await user.clear(screen.getByRole('searchbox', { name: 'Search invoices' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'nobody');
    expect(await screen.findByText('No invoices match', undefined, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the search and filters' }));
    await within(table).findByRole('link', { name: 'INV-0042' }, SLOW);
  });

  it('given the filter modal, when Overdue is applied, then the list asks for overdue invoices and the address keeps it', async () => {
    const { client, router } = renderBillingRoute('/Billing');
    await screen.findByRole('link', { name: 'INV-0042' }, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter invoices' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Overdue' }));
    await userEvent.click(within(dialog).getByRole('button', { name: /^Apply/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=overdue'));
    const table = screen.getByRole('grid', { name: 'Invoices' });
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'INV-0042' })).not.toBeInTheDocument());
    expect(within(table).getByRole('link', { name: 'INV-0043' })).toBeInTheDocument();
    expect(client.mock.callsTo('listInvoices').at(-1)?.input).toMatchObject({ query: { state: 'overdue' } });
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();
  });

  it('given a client chosen in the filter modal, then the invoices are theirs, a chip names them, and the address keeps only their id', async () => {
    const { client, router } = renderBillingRoute('/Billing');
    await screen.findByRole('link', { name: 'INV-0042' }, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter invoices' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: /^Client/ }), 'Tom');
    await userEvent.click(await screen.findByRole('option', { name: 'Tom Reid' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply (1)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?clientId=8'));
    await waitFor(() =>
      expect(client.mock.callsTo('listInvoices').at(-1)?.input).toMatchObject({ query: { clientId: 8 } }),
    );
    const chips = await screen.findByRole('list', { name: 'Filters applied' });
    expect(await within(chips).findByText('Tom Reid', undefined, SLOW)).toBeInTheDocument();
    const table = screen.getByRole('grid', { name: 'Invoices' });
    await waitFor(() => expect(within(table).queryByRole('link', { name: 'INV-0042' })).not.toBeInTheDocument());
    expect(within(table).getAllByText('Tom Reid').length).toBeGreaterThan(0);

    // The chip's button removes that filter: every invoice again, and the address forgets the client.
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove the client filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await within(table).findByRole('link', { name: 'INV-0042' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Filters applied' })).not.toBeInTheDocument();
  });

  it('given an address with a client and dates (a reload, or Back from an invoice), then both lists read them and name the client', async () => {
    const { client } = renderBillingRoute('/Billing?tab=payments&paymentClientId=8&paymentPaidFrom=2020-01-01', {
      privacy: true,
    });
    const chips = await screen.findByRole('list', { name: 'Filters applied' });
    const name = await within(chips).findByText('Tom Reid', undefined, SLOW);
    expect(name.closest('[data-privacy="on"]')).toHaveAttribute('data-state', 'hidden');
    expect(within(chips).getByText(/^From /)).toBeInTheDocument();
    await waitFor(() =>
      expect(client.mock.callsTo('listPayments').at(-1)?.input).toMatchObject({
        query: { clientId: 8, from: '2020-01-01' },
      }),
    );
    expect(client.mock.callsTo('lookupClientNames').at(-1)?.input).toEqual({ query: { id: 8 } });
    expect(screen.getByRole('button', { name: 'Filter (2)' })).toBeInTheDocument();
    // The filter modal opens with the client chosen.
    await userEvent.click(screen.getByRole('button', { name: 'Filter (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter payments' });
    expect(within(dialog).getByRole('combobox', { name: /^Client/ })).toHaveValue('Tom Reid');
  });

  it('given more invoices than a page, when Next is pressed, then the next page is read with the cursor and Previous goes back', async () => {
    const { client, router } = renderBillingRoute('/Billing', { ledger: { moreInvoices: 30 } });
    await screen.findByRole('link', { name: 'INV-0042' }, SLOW);
    expect(screen.getByText('Showing 1–25 invoices')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 26–35 invoices', undefined, SLOW)).toBeInTheDocument();
    const cursor = client.mock.callsTo('listInvoices').at(-1)?.input;
    expect(cursor).toMatchObject({ query: { cursor: expect.stringMatching(/^\d{4}-\d{2}-\d{2}\.\d+$/) } });
    expect(router.state.location.search).toMatch(/^\?page=/);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 1–25 invoices', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'INV-0042' })).toBeInTheDocument();
  });

  it('given the payments tab, then payments and advance payments show with what is left as credit', async () => {
    renderBillingRoute('/Billing?tab=payments');
    const table = await screen.findByRole('grid', { name: 'Payments' });
    expect(await within(table).findByText('Adv payment', undefined, SLOW)).toBeInTheDocument();
    expect(within(table).getByText('Payment')).toBeInTheDocument();
    const advance = within(table).getByText('Adv payment').closest('tr')!;
    // £160.00 taken in advance, none of it used yet: all of it is Tom Reid's credit.
    expect(within(advance).getAllByText('£160.00')).toHaveLength(2);
    expect(within(advance).getByText('Tom Reid')).toBeInTheDocument();
  });

  it('given the payments tab, when a client name is searched, then only their payments show; the address keeps no name', async () => {
    const user = userEvent.setup();
    const { client, router } = renderBillingRoute('/Billing?tab=payments');
    const table = await screen.findByRole('grid', { name: 'Payments' });
    await within(table).findByText('Adv payment', undefined, SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Search payments' }), 'maya');
    await waitFor(() => expect(within(table).queryByText('Tom Reid')).not.toBeInTheDocument(), SLOW);
    expect(within(table).getByText('Maya Patel')).toBeInTheDocument();
    expect(client.mock.callsTo('listPayments').at(-1)?.input).toMatchObject({ query: { search: 'maya' } });
    expect(router.state.location.search).not.toContain('maya');
  });

  it('given a payment in the list, when its row is opened, then it shows what it settled and offers Delete', async () => {
    const user = userEvent.setup();
    const { client } = renderBillingRoute('/Billing?tab=payments');
    const table = await screen.findByRole('grid', { name: 'Payments' });
    await user.click(await within(table).findByText('Adv payment', undefined, SLOW));
    // The dialog loads the payment, then shows it.
    expect(await screen.findByRole('button', { name: /Delete/ }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: /Advance payment/ })).toHaveTextContent('£160.00');
    expect(client.mock.callsTo('getAdvancePaymentDetails')).toHaveLength(1);
  });

  it('given the invoices cannot be read, then the failure shows with Retry, and Retry reads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = renderBillingRoute('/Billing', {
      handlers: { listInvoices: { error: { status: 500, message: 'Down' } } },
    });
    expect(await screen.findByText('The invoices could not be loaded', undefined, SLOW)).toBeInTheDocument();
    const before = client.mock.callsTo('listInvoices').length;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(client.mock.callsTo('listInvoices').length).toBeGreaterThan(before));
  });

  it('given privacy on, then every client name and amount of the page is blurred', async () => {
    const { container } = renderBillingRoute('/Billing', { privacy: true });
    await screen.findByRole('link', { name: 'INV-0042' }, SLOW);
    await within(screen.getByRole('region', { name: 'Billing totals' })).findAllByText(/£/, undefined, SLOW);
    for (const text of ['Maya Patel', 'Tom Reid', '£340.00']) {
      for (const element of within(container).getAllByText(text)) {
        expect(element.closest('[data-privacy="on"]')).toHaveAttribute('data-state', 'hidden');
      }
    }
  });

  it('given the accountant, when Export is chosen, then this year’s and last year’s files download in one click each', async () => {
    const user = userEvent.setup();
    const { client } = renderBillingRoute('/Billing');
    URL.createObjectURL = vi.fn(() => 'blob:mock');
    URL.revokeObjectURL = vi.fn();
    const today = todayDate();
    const year = Number(today.slice(0, 4));
    await user.click(await screen.findByRole('button', { name: 'Export for your accountant' }, SLOW));
    await user.click(await screen.findByRole('menuitem', { name: `Invoices and credit notes, ${year} so far (CSV)` }));
    await waitFor(() =>
      expect(client.mock.callsTo('exportInvoices').at(-1)?.input).toMatchObject({
        query: { from: `${year}-01-01`, to: today },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Export for your accountant' }));
    await user.click(await screen.findByRole('menuitem', { name: `Payments, ${year - 1} (CSV)` }));
    await waitFor(() =>
      expect(client.mock.callsTo('exportPayments').at(-1)?.input).toMatchObject({
        query: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Export for your accountant' }));
    await user.click(await screen.findByRole('menuitem', { name: `Yearly summary ${year - 1} (CSV)` }));
    await waitFor(() =>
      expect(client.mock.callsTo('exportYearlySummary').at(-1)?.input).toMatchObject({ params: { year: year - 1 } }),
    );
    expect(URL.createObjectURL).toHaveBeenCalledTimes(3);
  });
});
