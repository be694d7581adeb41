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
  renderWithModals(<Opener type="set-insurance-provider" label="Open" props={{ id }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client };
}

describe('set-insurance-provider', () => {
  it('given a new insurer with a bad e-mail, then the form says what to fix; fixed, it is created', async () => {
    const { client } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Add insurance provider' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    await userEvent.type(inside.getByLabelText(/^Name/), 'Vitality');
    await userEvent.type(inside.getByLabelText(/^E-mail/), 'claims');
    await userEvent.click(inside.getByRole('button', { name: 'Add provider' }));
    expect(await inside.findByText('Enter an e-mail address such as accounts@insurer.example.')).toBeInTheDocument();
    await userEvent.type(inside.getByLabelText(/^E-mail/), '@vitality.example');
    await userEvent.type(inside.getByLabelText(/^Healthcode provider code/), 'VIT');
    await userEvent.click(inside.getByRole('button', { name: 'Add provider' }));
    expect(await screen.findByText(BILLING_SETTINGS_MESSAGES.providerCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createInsuranceProvider')[0]?.input).toMatchObject({
      body: { name: 'Vitality', email: 'claims@vitality.example', healthcodeProviderCode: 'VIT' },
    });
  });

  it('given an insurer, when saved, then the version goes with it; Delete shows SPEC.md’s message', async () => {
    const { client } = await open(61);
    const dialog = await screen.findByRole('dialog', { name: 'Edit insurance provider' });
    const inside = within(dialog);
    await inside.findByDisplayValue('Bupa');
    await userEvent.click(inside.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Insurance provider successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteInsuranceProvider')[0]?.input).toMatchObject({ params: { id: 61 } });
  });

  it('given an insurer that cannot be loaded, then the failure shows with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open(61, { ...billingSettingsHandlers(), getInsuranceProvider: { error: { status: 500, message: 'Down' } } });
    expect(await screen.findByText('This insurance provider could not be loaded')).toBeInTheDocument();
  });
});
