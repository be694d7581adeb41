import { BILLING_SETTINGS_MESSAGES } from '@halcyon/api/contract';
import { billingSettingsHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 15_000 });

async function open(id?: number, handlers = billingSettingsHandlers()) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener type="set-invoice-account" label="Open" props={{ id }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client };
}

describe('set-invoice-account', () => {
  it('given a new account with nowhere to pay, then the form says what to fix; with UK details it is created', async () => {
    const { client } = await open();
    // The form once the practice's currency is known (a skeleton until then).
    await screen.findByRole('button', { name: 'Add account' });
    const dialog = screen.getByRole('dialog', { name: 'Add invoice account' });
    const inside = within(dialog);
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.type(inside.getByLabelText(/^Name/), 'Savings');
    await userEvent.click(inside.getByRole('button', { name: 'Add account' }));
    expect(await inside.findByText(BILLING_SETTINGS_MESSAGES.bankDetailsMissing)).toBeInTheDocument();
    expect(client.mock.callsTo('createInvoiceAccount')).toHaveLength(0);
    await userEvent.type(inside.getByLabelText(/^Sort code/), '12-34-5');
    await userEvent.type(inside.getByLabelText(/^Account number/), '87654321');
    await userEvent.click(inside.getByRole('button', { name: 'Add account' }));
    expect(await inside.findByText('Enter the sort code as six digits, such as 12-34-56.')).toBeInTheDocument();
    await userEvent.type(inside.getByLabelText(/^Sort code/), '6');
    await userEvent.click(inside.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByText(BILLING_SETTINGS_MESSAGES.accountCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createInvoiceAccount')[0]?.input).toMatchObject({
      body: {
        name: 'Savings',
        accountCurrency: 'GBP',
        sortCode: '123456',
        accountNumber: '87654321',
        isDefault: false,
      },
    });
  });

  it('given the default account of its currency, then its default cannot be unset here; saving sends the version', async () => {
    const { client } = await open(41);
    const dialog = await screen.findByRole('dialog', { name: 'Edit invoice account' });
    const inside = within(dialog);
    await inside.findByDisplayValue('Business current account');
    const isDefault = inside.getByRole('checkbox', { name: /default account for GBP/ });
    expect(isDefault).toBeChecked();
    expect(isDefault).toBeDisabled();
    await userEvent.click(inside.getByRole('button', { name: 'Save account' }));
    expect(await screen.findByText(BILLING_SETTINGS_MESSAGES.accountUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateInvoiceAccount')[0]?.input).toMatchObject({
      params: { id: 41 },
      body: { version: 1 },
    });
  });

  it('given the only account of its currency, when Delete is confirmed, then SPEC.md’s deletion message shows', async () => {
    const { client } = await open(42);
    const dialog = await screen.findByRole('dialog', { name: 'Edit invoice account' });
    await within(dialog).findByDisplayValue('Euro account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Account successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteInvoiceAccount')[0]?.input).toMatchObject({ params: { id: 42 } });
  });

  it('given an account that cannot be loaded, then the failure shows with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open(41, { ...billingSettingsHandlers(), getInvoiceAccount: { error: { status: 500, message: 'Down' } } });
    expect(await screen.findByText('This account could not be loaded')).toBeInTheDocument();
  });
});
