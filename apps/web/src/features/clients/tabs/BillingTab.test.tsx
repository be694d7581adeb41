import { billingBooksHandlers, billingHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderClientsRoute } from '../testing';

vi.setConfig({ testTimeout: 20_000 });
const SLOW = { timeout: 5000 };

describe('the client’s Billing tab', () => {
  it('given a client with invoices and a payment, then their balance, invoices and payments show, only theirs', async () => {
    const { client, container } = renderClientsRoute('/Clients/7?tab=billing', {
      handlers: { ...billingHandlers(), ...billingBooksHandlers() },
    });
    const balance = await screen.findByLabelText('Balance in GBP', undefined, SLOW);
    expect(within(balance).getByText('Outstanding').nextSibling).toHaveTextContent('£180.00');
    const invoices = await screen.findByRole('grid', { name: 'Invoices' }, SLOW);
    expect(await within(invoices).findByRole('link', { name: 'INV-0042' }, SLOW)).toBeInTheDocument();
    expect(within(invoices).getByRole('link', { name: 'Draft invoice' })).toBeInTheDocument();
    expect(within(invoices).queryByRole('link', { name: 'INV-0043' })).not.toBeInTheDocument();
    expect(client.mock.callsTo('listInvoices')[0]?.input).toMatchObject({ query: { clientId: 7 } });
    const payments = await screen.findByRole('grid', { name: 'Payments' }, SLOW);
    expect(await within(payments).findByText('Card ending 4242', undefined, SLOW)).toBeInTheDocument();
    expect(client.mock.callsTo('listPayments')[0]?.input).toMatchObject({ query: { clientId: 7 } });
    const details = await screen.findByLabelText('Billing details', { selector: 'dl' }, SLOW);
    expect(within(details).getByText('Invoices go to').nextSibling).toHaveTextContent('The client');
    expect(screen.getByRole('button', { name: 'Edit billing details' })).toBeInTheDocument();
    // The policy their claims are made under.
    const policy = await screen.findByLabelText('Insurance', { selector: 'dl' }, SLOW);
    expect(within(policy).getByText('Policy number').nextSibling).toHaveTextContent('POL-123');
    expect(screen.getByRole('button', { name: 'Edit insurance' })).toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the tab, when a payment is recorded from it, then the modal names the client instead of “This client”', async () => {
    renderClientsRoute('/Clients/7?tab=billing', { handlers: { ...billingHandlers(), ...billingBooksHandlers() } });
    const name = (await screen.findByRole('heading', { level: 1 }, SLOW)).textContent ?? '';
    expect(name).not.toBe('');
    const payments = await screen.findByRole('grid', { name: 'Payments' }, SLOW);
    await within(payments).findByText('Card ending 4242', undefined, SLOW);
    await userEvent.click(screen.getAllByRole('button', { name: 'Record payment' })[0]!);
    const dialog = await screen.findByRole('dialog', undefined, SLOW);
    expect(within(dialog).getByRole('textbox', { name: /^Client/ })).toHaveValue(name);
  });

  it('given a client with an insurance claim, then the tab lists their claims, only theirs', async () => {
    const { client } = renderClientsRoute('/Clients/11?tab=billing', {
      handlers: { ...billingHandlers(), ...billingBooksHandlers() },
    });
    const claims = await screen.findByRole('grid', { name: 'Insurance claims' }, SLOW);
    expect(await within(claims).findByText('INV-0038', undefined, SLOW)).toBeInTheDocument();
    expect(within(claims).queryByText('INV-0041')).not.toBeInTheDocument();
    expect(client.mock.callsTo('listInsuranceClaims')[0]?.input).toMatchObject({ query: { clientId: 11 } });
  });
});
