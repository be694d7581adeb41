import { EXPENSE_MESSAGES } from '@halcyon/api/contract';
import { ApiError } from '@halcyon/api/client';
import { billingBooksHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import { percentToBasisPoints } from './ExpenseModal';

vi.setConfig({ testTimeout: 15_000 });

async function open(id?: number, handlers = billingBooksHandlers()) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="expense" label="Open" props={{ id, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client, onSaved };
}

const receipt = new File(['%PDF-1.4 receipt'], 'rail-ticket.pdf', { type: 'application/pdf' });

describe('expense', () => {
  it('given a new expense with a receipt, when saved, then the receipt uploads first and the expense names it', async () => {
    const { client, onSaved } = await open();
    // The form once the practice's currency is known (a skeleton until then).
    await screen.findByLabelText(/^Supplier/);
    const dialog = screen.getByRole('dialog', { name: 'Add expense' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    await userEvent.type(inside.getByLabelText(/^Supplier/), 'Great Western Railway');
    await userEvent.type(inside.getByLabelText(/^Amount before tax/), '23.45');
    await userEvent.clear(inside.getByLabelText(/^Tax rate/));
    await userEvent.type(inside.getByLabelText(/^Tax rate/), '20');
    // 20% of £23.45 is £4.69.
    expect(await inside.findByText('Tax £4.69, total £28.14.')).toBeInTheDocument();
    await userEvent.upload(dialog.querySelector('input[type="file"]')!, receipt);
    await userEvent.click(inside.getByRole('button', { name: 'Add expense' }));
    expect(await screen.findByText(EXPENSE_MESSAGES.created)).toBeInTheDocument();
    expect(client.mock.calls.filter((c) => c.kind === 'upload').map((c) => c.path)).toEqual(['/api/files']);
    expect(client.mock.callsTo('createExpense')[0]?.input).toMatchObject({
      body: {
        supplier: 'Great Western Railway',
        amountMinor: 2_345,
        taxRateBp: 2000,
        currency: 'GBP',
        receiptFileId: '00000000-0000-4000-8000-0000000000f1',
      },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('given a negative amount and a tax rate of 500%, then the form names both and nothing is sent', async () => {
    const { client } = await open();
    const inside = within(await screen.findByRole('dialog', { name: 'Add expense' }));
    await userEvent.type(inside.getByLabelText(/^Supplier/), 'Harbour Rooms');
    await userEvent.type(inside.getByLabelText(/^Amount before tax/), '-12');
    await userEvent.clear(inside.getByLabelText(/^Tax rate/));
    await userEvent.type(inside.getByLabelText(/^Tax rate/), '500');
    await userEvent.click(inside.getByRole('button', { name: 'Add expense' }));
    expect(await inside.findByText(EXPENSE_MESSAGES.taxTooHigh)).toBeInTheDocument();
    expect(inside.getByText(EXPENSE_MESSAGES.amountNegative)).toBeInTheDocument();
    expect(client.mock.callsTo('createExpense')).toHaveLength(0);
  });

  it('given a receipt the server refuses, then its sentence shows, the typed values stay and no expense is made', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client } = await open();
    client.upload = () =>
      Promise.reject(new ApiError(415, 'Failed to upload file. Status: 415', { detail: EXPENSE_MESSAGES.receiptType }));
    const inside = within(await screen.findByRole('dialog', { name: 'Add expense' }));
    await userEvent.type(inside.getByLabelText(/^Supplier/), 'Harbour Rooms');
    await userEvent.type(inside.getByLabelText(/^Amount before tax/), '480');
    await userEvent.upload(document.querySelector('[role="dialog"] input[type="file"]')!, receipt);
    await userEvent.click(inside.getByRole('button', { name: 'Add expense' }));
    expect((await inside.findAllByText(/Failed to upload file\. Status: 415/))[0]).toBeInTheDocument();
    expect(inside.getByDisplayValue('Harbour Rooms')).toBeInTheDocument();
    expect(client.mock.callsTo('createExpense')).toHaveLength(0);
  });

  it('given an expense with a receipt, when the receipt is removed and saved, then the save sends no receipt and its version', async () => {
    const { client } = await open(301);
    const inside = within(await screen.findByRole('dialog', { name: 'Edit expense' }));
    expect(await inside.findByText('Receipt: harbour-rooms-march.pdf')).toBeInTheDocument();
    await userEvent.click(inside.getByRole('button', { name: 'Remove receipt' }));
    await userEvent.click(inside.getByRole('button', { name: 'Save expense' }));
    expect(await screen.findByText(EXPENSE_MESSAGES.updated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateExpense')[0]?.input).toMatchObject({
      params: { id: 301 },
      body: { receiptFileId: null, version: 1, amountMinor: 48_000 },
    });
  });

  it('given an expense, when Delete is confirmed, then SPEC.md’s deletion message shows', async () => {
    const { client } = await open(302);
    const dialog = await screen.findByRole('dialog', { name: 'Edit expense' });
    await within(dialog).findByDisplayValue('Dr R. Mensah');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Expense was successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteExpense')[0]?.input).toMatchObject({ params: { id: 302 } });
  });

  it('given percentages, then they become basis points; more than two decimals stays fractional for the contract to refuse', () => {
    expect(percentToBasisPoints(20)).toBe(2000);
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(0.07)).toBe(7);
    expect(percentToBasisPoints(12.345)).not.toSatisfy(Number.isInteger);
    expect(percentToBasisPoints(null)).toBeNaN();
  });
});
