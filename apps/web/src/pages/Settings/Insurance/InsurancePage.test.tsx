import { BILLING_SETTINGS_MESSAGES } from '@halcyon/api/contract';
import { billingSettingsHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSettingsPage } from '../ProfileSecurity/testing';
import { InsurancePage } from './InsurancePage';

function renderPage() {
  const client = createMockClient({ handlers: billingSettingsHandlers() });
  return renderSettingsPage(<InsurancePage />, { path: '/Settings/Insurance', client });
}

describe('Settings/Insurance', { timeout: 30_000 }, () => {
  it('given the practice’s insurers, then they list by name with their Healthcode codes', async () => {
    const { container } = renderPage();
    const providers = await screen.findByRole('list', { name: 'Insurance providers' });
    expect(
      within(providers)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['AXA Health Healthcode AXA', 'Bupa Healthcode BUP']);
    await expect(container).toHaveNoAxeViolations();
  });

  it('given Healthcode turned on without a practitioner id, then the form asks for it; with it, it is saved', async () => {
    const { client } = renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Send claims through Healthcode' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Healthcode account' }));
    expect(await screen.findByText('Enter the Healthcode practitioner id to send claims.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Practitioner id/), 'HC-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save Healthcode account' }));
    expect(await screen.findByText(BILLING_SETTINGS_MESSAGES.healthcodeUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateHealthcodeAccount')[0]?.input).toMatchObject({
      body: { practitionerId: 'HC-12345', enabled: true, version: 0 },
    });
  });
});
