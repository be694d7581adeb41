import { billingBooksHandlers, EXPENSES } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderBooks } from '../booksTesting';
import { ExpensesTab } from './ExpensesTab';
import { thisYearSoFar } from '../exports/periods';

vi.setConfig({ testTimeout: 15_000 });

/** The fixtures' expenses are of early 2026: the tab opens on this year so far, so start the period there. */
async function openOn2026() {
  const view = renderBooks(<ExpensesTab />);
  const from = await screen.findByLabelText('From');
  await userEvent.clear(from);
  await userEvent.type(from, '2026-01-01');
  const to = screen.getByLabelText('To');
  await userEvent.clear(to);
  await userEvent.type(to, '2026-12-31');
  return view;
}

describe('ExpensesTab', () => {
  it('given expenses, then each row shows its date, supplier, category and amounts, newest first, with its receipt', async () => {
    await openOn2026();
    const table = await screen.findByRole('grid');
    expect(await within(table).findByText('Harbour Rooms Ltd')).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('gridcell')[1]?.textContent)).toEqual([
      'Harbour Rooms Ltd',
      'Dr R. Mensah',
      'Great Western Railway',
    ]);
    // £480.00 before tax, 20% tax £96.00, total £576.00.
    expect(within(rows[0]!).getByText('£480.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('£96.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('£576.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: /Download the receipt/ })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('None')).toBeInTheDocument();
  });

  it('given Privacy on, then suppliers and every amount are blurred', async () => {
    renderBooks(<ExpensesTab />, { privacy: true });
    const from = await screen.findByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    const amount = await screen.findByText('£576.00');
    expect(amount.closest('[data-privacy="on"]')).toHaveAttribute('data-state', 'hidden');
    expect(screen.getByText('Harbour Rooms Ltd').closest('[data-privacy="on"]')).toHaveAttribute(
      'data-state',
      'hidden',
    );
  });

  it('given a category, then only its expenses are asked for; Export CSV downloads the period', async () => {
    const { client } = await openOn2026();
    await screen.findByText('Harbour Rooms Ltd');
    URL.createObjectURL = vi.fn(() => 'blob:mock');
    URL.revokeObjectURL = vi.fn();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(client.mock.callsTo('exportExpenses').at(-1)?.input).toMatchObject({
        query: { from: '2026-01-01', to: '2026-12-31' },
      }),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Travel' }));
    expect(await screen.findByText('Great Western Railway')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Harbour Rooms Ltd')).not.toBeInTheDocument());
    expect(client.mock.callsTo('listExpenses').at(-1)?.input).toMatchObject({ query: { category: ['travel'] } });
  });

  it('given no expenses, then the empty state offers to add one, which opens the expense modal in the practice currency', async () => {
    renderBooks(<ExpensesTab />, { handlers: billingBooksHandlers({ expenses: [] }) });
    expect(await screen.findByText('No expenses in this period')).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add expense' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Add expense' })).toBeInTheDocument();
  });

  it('given a failed load, then the failure shows with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBooks(<ExpensesTab />, { handlers: { listExpenses: { error: { status: 500, message: 'Down' } } } });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('given a day, then the tab opens on that year so far', () => {
    expect(thisYearSoFar('2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(EXPENSES).toHaveLength(3);
  });
});
