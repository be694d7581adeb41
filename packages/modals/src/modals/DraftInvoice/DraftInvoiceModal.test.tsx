import { BILLING_MESSAGES } from '@halcyon/api/contract';
import { createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { billingModalHandlers } from '../../billing/billingTesting';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 20_000 });

async function open(handlers = billingModalHandlers()) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener type="draft-invoice" label="Open" props={{ invoiceId: 44 }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  // The dialog that shows the draft replaces the one that showed it loading.
  await screen.findByRole('group', { name: 'Line 1' }, { timeout: 5000 });
  const dialog = screen.getByRole('dialog', { name: 'Edit draft invoice' });
  return { client, dialog, inside: within(dialog) };
}

async function addNote(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText(/^Notes/), 'Thank you.');
}

describe('draft-invoice', () => {
  it('given a change saved as a draft, then it is saved with its version: “Draft invoice updated.”', async () => {
    const { client, dialog, inside } = await open();
    await expect(dialog).toHaveNoAxeViolations();
    await addNote(dialog);
    await userEvent.click(inside.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(BILLING_MESSAGES.draftUpdated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateDraftInvoice')[0]?.input).toMatchObject({
      params: { id: 44 },
      body: { version: 1, notes: 'Thank you.', lines: [{ sourceKind: 'session', sourceId: 508 }] },
    });
  });

  it('given Save invoice, then the draft is saved and issued: “Invoice saved.”', async () => {
    const { client, inside } = await open();
    await userEvent.click(inside.getByRole('button', { name: 'Save invoice' }));
    expect(await screen.findByText(BILLING_MESSAGES.invoiceSaved)).toBeInTheDocument();
    expect(client.mock.callsTo('saveInvoice')[0]?.input).toMatchObject({ params: { id: 44 } });
  });

  it('given Send, then the draft is saved and sent: “Invoice sent.”', async () => {
    const { client, inside } = await open();
    await userEvent.click(inside.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(BILLING_MESSAGES.invoiceSent)).toBeInTheDocument();
    expect(client.mock.callsTo('sendInvoice')[0]?.input).toMatchObject({ params: { id: 44 } });
  });

  it('given a draft changed elsewhere (409), then the server’s sentence shows, with Reload, and the typing stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { dialog, inside } = await open({
      ...billingModalHandlers(),
      updateDraftInvoice: { error: { status: 409, message: BILLING_MESSAGES.draftChanged } },
    });
    await addNote(dialog);
    await userEvent.click(inside.getByRole('button', { name: 'Save draft' }));
    expect(await inside.findByText(BILLING_MESSAGES.draftChanged)).toBeInTheDocument();
    expect(inside.getByRole('button', { name: 'Reload the newest version' })).toBeInTheDocument();
    expect(inside.getByDisplayValue('Thank you.')).toBeInTheDocument();
  });
});
