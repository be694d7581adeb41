import { BILLING_SETTINGS_MESSAGES } from '@halcyon/api/contract';
import { billingSettingsHandlers, createMockClient, defaultFixtures } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 15_000 });

async function open(id?: number, handlers = billingSettingsHandlers(), privacy = false) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="set-service" label="Open" props={{ id, onSaved }} />, { client, privacy });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client, onSaved };
}

describe('set-service', () => {
  it('given a new service, when saved without a name, then the form asks for it; with it, it is created in the practice currency', async () => {
    // A practice in Ireland: a new price starts in euros, never in the default pounds while the settings load.
    const euros = { ...defaultFixtures().practice, currency: 'EUR' };
    const { client, onSaved } = await open(undefined, {
      ...billingSettingsHandlers(),
      getPractice: () => euros,
    });
    // The form once the practice's currency is known (a skeleton until then).
    await screen.findByRole('button', { name: 'Add service' });
    const dialog = screen.getByRole('dialog', { name: 'Add service' });
    const inside = within(dialog);
    await expect(dialog).toHaveNoAxeViolations();
    expect(inside.getByText('€')).toBeInTheDocument();
    await userEvent.click(inside.getByRole('button', { name: 'Add service' }));
    expect(await inside.findByText('Give the service a name.')).toBeInTheDocument();
    expect(client.mock.callsTo('createService')).toHaveLength(0);
    await userEvent.type(inside.getByLabelText(/^Name/), 'Supervision');
    await userEvent.type(inside.getByLabelText(/^Price/), '85');
    await userEvent.type(inside.getByLabelText(/^Tax rate/), '20');
    await userEvent.click(inside.getByRole('button', { name: 'Add service' }));
    expect(await screen.findByText(BILLING_SETTINGS_MESSAGES.serviceCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createService')[0]?.input).toMatchObject({
      body: {
        name: 'Supervision',
        kind: 'individual',
        durationMinutes: 50,
        priceMinor: 8_500,
        taxRateBp: 2_000,
        currency: 'EUR',
      },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Supervision' })));
  });

  it('given an other service, then it has no length or online booking; saving sends the version', async () => {
    const { client } = await open(34);
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    const inside = within(dialog);
    await inside.findByDisplayValue('Report writing');
    expect(inside.queryByLabelText(/^Length/)).not.toBeInTheDocument();
    expect(inside.queryByLabelText(/book it online/)).not.toBeInTheDocument();
    await userEvent.click(inside.getByRole('button', { name: 'Save service' }));
    expect(await screen.findByText(BILLING_SETTINGS_MESSAGES.serviceUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateService')[0]?.input).toMatchObject({
      params: { id: 34 },
      body: { kind: 'other', durationMinutes: null, priceMinor: 12_000, version: 1 },
    });
  });

  it('given a tax rate of 500%, then the form refuses it and nothing is saved', async () => {
    const { client } = await open(31);
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    const inside = within(dialog);
    const tax = await inside.findByLabelText(/^Tax rate/);
    await userEvent.clear(tax);
    await userEvent.type(tax, '500');
    await userEvent.click(inside.getByRole('button', { name: 'Save service' }));
    expect(await inside.findByText('Enter a tax rate of at most 100%.')).toBeInTheDocument();
    expect(client.mock.callsTo('updateService')).toHaveLength(0);
  });

  it('given Privacy on, then the price is blurred', async () => {
    await open(31, billingSettingsHandlers(), true);
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    const price = await within(dialog).findByLabelText(/^Price/);
    expect(price.closest('[data-privacy]')).toHaveAttribute('data-privacy', 'on');
  });

  it('given an existing service, when Delete is confirmed, then SPEC.md’s deletion message shows', async () => {
    const { client } = await open(31);
    const dialog = await screen.findByRole('dialog', { name: 'Edit service' });
    expect(await within(dialog).findByLabelText(/^Name/)).toHaveValue('Individual session');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Service successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteService')[0]?.input).toMatchObject({ params: { id: 31 } });
  });

  it('given a service that cannot be loaded, then the failure shows with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open(31, { ...billingSettingsHandlers(), getService: { error: { status: 500, message: 'Down' } } });
    expect(await screen.findByText('This service could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
