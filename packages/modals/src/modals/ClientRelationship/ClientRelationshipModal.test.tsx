import { createMockClient, clientModalHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { CLIENT_CONTACT_CREATED_MESSAGE, CLIENT_CONTACT_UPDATED_MESSAGE } from './ClientRelationshipModal';

vi.setConfig({ testTimeout: 15_000 });

function Opener({ id, onSaved }: { id?: number; onSaved: () => void }) {
  const modal = useModal();
  return <Button onClick={() => modal.open('client-relationship', { clientId: 7, id, onSaved })}>Open</Button>;
}

async function open(id?: number) {
  const client = createMockClient({ handlers: clientModalHandlers() });
  const onSaved = vi.fn();
  renderWithModals(<Opener id={id} onSaved={onSaved} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client, onSaved };
}

describe('client-relationship', () => {
  it('given a new contact, when saved, then it is created for the client and "Client contact created." shows', async () => {
    const { client, onSaved } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Add contact' });
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await within(dialog).findByText("Enter the contact's name.")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Dr Patel');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Relationship/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'GP' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /consents to us contacting/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText(CLIENT_CONTACT_CREATED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('createClientRelationship')[0]).toMatchObject({
      path: '/api/clients/relationships/7',
      input: { body: { name: 'Dr Patel', relationshipType: 'gp', consentToContact: true } },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('given an existing contact, then it loads; saving sends its version and "Client contact updated." shows', async () => {
    const { client } = await open(11);
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    const phone = await within(dialog).findByLabelText(/^Phone/);
    expect(phone).toHaveValue('07700 900111');
    await userEvent.clear(phone);
    await userEvent.type(phone, '07700 900222');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save contact' }));
    expect(await screen.findByText(CLIENT_CONTACT_UPDATED_MESSAGE)).toBeInTheDocument();
    expect(client.mock.callsTo('updateClientRelationship')[0]?.input).toMatchObject({
      params: { id: 11 },
      body: { version: 1, phone: '07700 900222', name: 'Sam Doe' },
    });
  });

  it('given an existing contact, when Delete is confirmed, then delete-item calls the delete route with SPEC.md’s message', async () => {
    const { client, onSaved } = await open(11);
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' });
    await within(dialog).findByLabelText(/^Phone/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete client contact “Sam Doe”?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Client contact was successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteClientRelationship')[0]?.path).toBe('/api/clients/single-relationship/11');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });
});
