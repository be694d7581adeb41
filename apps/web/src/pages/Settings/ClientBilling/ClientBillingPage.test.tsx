import { BILLING_SETTINGS_MESSAGES, DEFAULT_BILLING_SETTINGS } from '@halcyon/api/contract';
import { billingSettingsHandlers, createMockClient, type MockHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettingsPage } from '../ProfileSecurity/testing';
import { ClientBillingPage } from './ClientBillingPage';

function renderPage(handlers: MockHandlers = {}, privacy = false) {
  const client = createMockClient({ handlers: { ...billingSettingsHandlers(), ...handlers } });
  return renderSettingsPage(<ClientBillingPage />, { path: '/Settings/Client-billing', client, privacy });
}

describe('Settings/Client-billing', { timeout: 30_000 }, () => {
  it('given the practice’s settings, then the invoice settings, the accounts with their defaults and the reminders show', async () => {
    const { container } = renderPage();
    expect(await screen.findByLabelText(/^Invoice number prefix/)).toHaveValue('INV-');
    expect(screen.getByText('The next invoice reads like INV-0042.')).toBeInTheDocument();
    const accounts = await screen.findByRole('list', { name: 'Invoice accounts' });
    expect(within(accounts).getByText('Default for GBP')).toBeInTheDocument();
    expect(within(accounts).getByText('Sort code 12-34-56, account 12345678')).toBeInTheDocument();
    const reminders = screen.getByRole('list', { name: 'Invoice reminders' });
    expect(
      within(reminders)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent?.trim()),
    ).toEqual(['3 days before the due date', '7 days after the due date']);
    await expect(container).toHaveNoAxeViolations();
  });

  it('given a tax rate of 500%, then the form names the fix and nothing is saved; 20% is saved', async () => {
    const { client } = renderPage();
    const tax = await screen.findByLabelText(/^Default tax rate/);
    await userEvent.clear(tax);
    await userEvent.type(tax, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice settings' }));
    expect(await screen.findByText('Enter a tax rate of at most 100%.')).toBeInTheDocument();
    expect(client.mock.callsTo('updateBillingSettings')).toHaveLength(0);
    await userEvent.clear(tax);
    await userEvent.type(tax, '20');
    await userEvent.click(screen.getByRole('button', { name: 'Save invoice settings' }));
    expect(await screen.findByText(BILLING_SETTINGS_MESSAGES.settingsUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateBillingSettings')[0]?.input).toMatchObject({
      body: { ...DEFAULT_BILLING_SETTINGS, defaultTaxRateBp: 2_000, version: 0 },
    });
  });

  it('given Privacy on, then bank details are blurred', async () => {
    renderPage({}, true);
    const details = await screen.findByText('Sort code 12-34-56, account 12345678');
    expect(details.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
  });
});
