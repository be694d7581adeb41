import {
  billingSettingsHandlers,
  createMockClient,
  type MockHandlers,
  clientModalHandlers,
} from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { CLIENT_DETAILS_UPDATED_MESSAGE } from './EditClientInfoModal';

vi.setConfig({ testTimeout: 15_000 });

function Opener({ section }: { section?: string }) {
  const modal = useModal();
  return <Button onClick={() => modal.open('edit-client-info', { clientId: 7, section })}>Edit</Button>;
}

async function open(section?: string, handlers: MockHandlers = {}) {
  const client = createMockClient({ handlers: { ...clientModalHandlers(), ...handlers } });
  renderWithModals(<Opener section={section} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit client details' });
  return { client, dialog };
}

describe('edit-client-info', () => {
  it('given the address section, when a field changes and is saved, then only the address is sent with its version', async () => {
    const { client } = await open('address');
    // The form replaces the loading frame once the address is in.
    const city = await screen.findByLabelText(/^Town or city/);
    expect(city).toHaveValue('Bristol');
    await userEvent.clear(city);
    await userEvent.type(city, 'Bath');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(CLIENT_DETAILS_UPDATED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('updateClientAddress')[0]?.input).toMatchObject({
      params: { id: 7 },
      body: { version: 2, city: 'Bath', line1: '4 Mill Lane', line2: null },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('given a stale version, when saved, then the server’s reason shows, the input stays and the latest version can be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const detail =
      'This client was changed elsewhere since you opened it. Copy your changes, reload, and apply them again.';
    const { dialog } = await open('personal', { updateClient: { error: { status: 409, message: detail } } });
    const preferred = await within(dialog).findByLabelText(/^Preferred name/);
    await userEvent.clear(preferred);
    await userEvent.type(preferred, 'JJ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(detail)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Preferred name/)).toHaveValue('JJ');
    expect(within(dialog).getByRole('button', { name: 'Reload the newest version' })).toBeInTheDocument();
    expect(screen.queryByText(CLIENT_DETAILS_UPDATED_MESSAGE)).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('given no section, then it opens on personal details; another section can be chosen while nothing is changed', async () => {
    const { dialog, client } = await open();
    expect(await within(dialog).findByLabelText(/^First name/)).toHaveValue('Jane');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Section/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'GP' }));
    const gp = await screen.findByLabelText(/^GP practice/);
    expect(gp).toHaveValue('Harbour Medical Centre');
    await userEvent.type(screen.getByLabelText(/^GP's phone/), '0117 496 0000');
    expect(screen.getByRole('combobox', { name: /^Section/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(CLIENT_DETAILS_UPDATED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('updateClientDetails')[0]?.input).toMatchObject({
      body: { version: 1, gpPhone: '0117 496 0000', gpName: 'Dr Patel' },
    });
  });

  it('given a bad phone number, then the field says what to fix and nothing is sent', async () => {
    const { dialog, client } = await open('contact');
    const phone = await within(dialog).findByLabelText(/^Phone/);
    await userEvent.clear(phone);
    await userEvent.type(phone, 'call me');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(/Enter a phone number with 6 to 20 digits/)).toBeInTheDocument();
    expect(client.mock.callsTo('updateClient')).toHaveLength(0);
    await expect(dialog).toHaveNoAxeViolations();
  });

  it('given billing details, when invoices are sent to a contact, then the contact must be chosen and the section saves with its version', async () => {
    const { client, dialog } = await open('billing', billingSettingsHandlers());
    const invoiceTo = await within(dialog).findByRole('radiogroup', { name: /Invoices go to/ });
    expect(within(invoiceTo).getByRole('radio', { name: 'The client' })).toBeChecked();
    await userEvent.click(within(invoiceTo).getByRole('radio', { name: 'A contact of the client' }));
    await userEvent.type(within(dialog).getByLabelText(/^Billing notes/), 'Pays at the end of the month.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Choose the contact invoices go to.')).toBeInTheDocument();
    expect(client.mock.callsTo('updateClientBilling')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: /Contact who pays/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Doe' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(CLIENT_DETAILS_UPDATED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('updateClientBilling')[0]?.input).toMatchObject({
      params: { id: 7 },
      body: { version: 0, invoiceTo: 'contact', contactId: 11, notes: 'Pays at the end of the month.' },
    });
  });
});
