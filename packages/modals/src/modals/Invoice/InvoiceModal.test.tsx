import { BILLING_MESSAGES, IDEMPOTENCY_KEY_HEADER } from '@halcyon/api/contract';
import { lineAmounts } from '@halcyon/api/money';
import { createMockClient, mockClientBilling, type MockHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { billingModalHandlers } from '../../billing/billingTesting';
import { lineFigures, linesTotals } from '../../billing/LineItemsEditor';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import type { InvoiceModalProps } from '../../types';

vi.setConfig({ testTimeout: 20_000 });

async function open(
  props: InvoiceModalProps = { clientId: 7, defaults: { clientName: 'Maya Patel' } },
  handlers: MockHandlers = {},
) {
  const client = createMockClient({ handlers: { ...billingModalHandlers(), ...handlers } });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="invoice" label="Open" props={{ ...props, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: props.id ? /./ : 'New invoice' });
  return { client, onSaved, dialog, inside: within(dialog) };
}

/** Maya Patel's work not invoiced yet (the mock): two sessions at £80, a £80 missed-session fee, a £30 letter. */
const MAYA_WORK_TOTAL = '£270.00';

describe('invoice', () => {
  it('given a client with work not invoiced, then it is all on the invoice and Send creates and sends it with one key', async () => {
    const { client, onSaved, dialog, inside } = await open();
    await waitFor(() => expect(inside.getAllByRole('group', { name: /^Line \d/ })).toHaveLength(4));
    expect(inside.getByLabelText('Totals')).toHaveTextContent(`Net${MAYA_WORK_TOTAL}Tax£0.00Total${MAYA_WORK_TOTAL}`);
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.click(inside.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(BILLING_MESSAGES.invoiceSent)).toBeInTheDocument();
    const call = client.mock.callsTo('createInvoice')[0]?.input;
    expect(call).toMatchObject({
      body: {
        action: 'send',
        clientId: 7,
        currency: 'GBP',
        accountId: 41,
        lines: [
          { sourceKind: 'session', sourceId: 601, unitMinor: 8_000 },
          { sourceKind: 'session', sourceId: 602, unitMinor: 8_000 },
          { sourceKind: 'chargeable', sourceId: 72, unitMinor: 8_000 },
          { sourceKind: 'service', sourceId: 81, unitMinor: 3_000 },
        ],
      },
    });
    expect(call).toMatchObject({ headers: { [IDEMPOTENCY_KEY_HEADER]: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("given the client's billing details send invoices to a contact, then a new invoice starts addressed to that contact", async () => {
    const { client, inside } = await open(undefined, {
      getClientBilling: () => mockClientBilling({ invoiceTo: 'contact', contactId: 31 }),
    });
    const billTo = inside.getByRole('radiogroup', { name: 'Bill to' });
    await waitFor(() => expect(within(billTo).getByRole('radio', { name: 'A contact of the client' })).toBeChecked());
    expect(await inside.findByRole('combobox', { name: /Contact who pays/ })).toHaveTextContent('Priya Patel');
    await waitFor(() => expect(inside.getAllByRole('group', { name: /^Line \d/ })).toHaveLength(4));
    await userEvent.click(inside.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(client.mock.callsTo('createInvoice')).toHaveLength(1));
    expect(client.mock.callsTo('createInvoice')[0]?.input).toMatchObject({
      body: { billToKind: 'contact', contactId: 31 },
    });
  });

  it('given a tax rate on one line, then its tax shows in the totals at once (20% of £30.00)', async () => {
    const { inside } = await open();
    await waitFor(() => expect(inside.getAllByRole('group', { name: /^Line \d/ })).toHaveLength(4));
    const letter = within(inside.getByRole('group', { name: 'Line 4' }));
    await userEvent.clear(letter.getByLabelText(/^Tax/));
    await userEvent.type(letter.getByLabelText(/^Tax/), '20');
    expect(inside.getByLabelText('Totals')).toHaveTextContent('Tax£6.00Total£276.00');
  });

  it('given Save as draft, then the invoice stays a draft and SPEC.md’s “Saved as draft” shows', async () => {
    const { client, inside } = await open({ clientId: 7, defaults: { sessionIds: [601] } });
    await waitFor(() => expect(inside.getAllByRole('group', { name: /^Line \d/ })).toHaveLength(1));
    await userEvent.click(inside.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText(BILLING_MESSAGES.savedAsDraft)).toBeInTheDocument();
    expect(client.mock.callsTo('createInvoice')[0]?.input).toMatchObject({
      body: { action: 'draft', lines: [{ sourceKind: 'session', sourceId: 601 }] },
    });
  });

  it('given a session that was not attended, then opening for that session puts its no-show fee on the invoice', async () => {
    const { client, inside } = await open({ clientId: 7, defaults: { sessionIds: [603] } });
    await waitFor(() => expect(inside.getAllByRole('group', { name: /^Line \d/ })).toHaveLength(1));
    await userEvent.click(inside.getByRole('button', { name: 'Save as draft' }));
    await screen.findByText(BILLING_MESSAGES.savedAsDraft);
    expect(client.mock.callsTo('createInvoice')[0]?.input).toMatchObject({
      body: { lines: [{ sourceKind: 'chargeable', sourceId: 72 }] },
    });
  });

  it('given Add a line, then the new line takes the focus and asks for nothing until it is left empty', async () => {
    const { inside } = await open({ clientId: 7, defaults: { sessionIds: [] } });
    await userEvent.click(inside.getByRole('button', { name: 'Add a line' }));
    const line = within(inside.getByRole('group', { name: 'Line 1' }));
    await waitFor(() => expect(line.getByLabelText(/^Description/)).toHaveFocus());
    expect(line.queryByText('Describe the line.')).not.toBeInTheDocument();
    expect(line.queryByText('Enter the price.')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(await line.findByText('Describe the line.')).toBeInTheDocument();
  });

  it('given a line with a negative price and a tax rate of 500%, then the form names both and nothing is sent', async () => {
    const { client, inside } = await open({ clientId: 7, defaults: { sessionIds: [] } });
    await userEvent.click(inside.getByRole('button', { name: 'Add a line' }));
    const line = within(inside.getByRole('group', { name: 'Line 1' }));
    await userEvent.type(line.getByLabelText(/^Description/), 'Report for the school');
    await userEvent.type(line.getByLabelText(/^Price/), '-40');
    await userEvent.clear(line.getByLabelText(/^Tax/));
    await userEvent.type(line.getByLabelText(/^Tax/), '500');
    await userEvent.click(inside.getByRole('button', { name: 'Send' }));
    expect(await line.findByText('Enter a tax rate of at most 100%.')).toBeInTheDocument();
    expect(line.getByText('The price cannot be negative.')).toBeInTheDocument();
    expect(client.mock.callsTo('createInvoice')).toHaveLength(0);
  });

  it('given an account in another currency than the invoice, then the form says so as the server would', async () => {
    const { client, inside } = await open();
    await waitFor(() => expect(inside.getAllByRole('group', { name: /^Line \d/ })).toHaveLength(4));
    await userEvent.click(inside.getByRole('combobox', { name: /^Invoice account/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^Euro account/ }));
    await userEvent.click(inside.getByRole('button', { name: 'Send' }));
    expect(await inside.findByText(BILLING_MESSAGES.accountCurrency('Euro account', 'EUR', 'GBP'))).toBeInTheDocument();
    expect(client.mock.callsTo('createInvoice')).toHaveLength(0);
  });

  it('given a due date before the issue date, then the form asks for the order and nothing is sent', async () => {
    const { client, inside } = await open();
    await waitFor(() => expect(inside.getAllByRole('group', { name: /^Line \d/ })).toHaveLength(4));
    const due = inside.getByLabelText(/^Due date/);
    await userEvent.clear(due);
    await userEvent.type(due, '2020-01-01');
    await userEvent.click(inside.getByRole('button', { name: 'Send' }));
    expect(await inside.findByText(/due date must be on or after the issue date/i)).toBeInTheDocument();
    expect(client.mock.callsTo('createInvoice')).toHaveLength(0);
  });

  it('given a sent invoice opened by id, then it is not edited: it changes only by a credit note', async () => {
    const { inside } = await open({ id: 42 });
    expect(await inside.findByText(BILLING_MESSAGES.notADraft)).toBeInTheDocument();
    expect(inside.queryByRole('button', { name: 'Send' })).toBeNull();
  });

  it('given lines, then the totals follow the server’s rule: tax per line, half away from zero, summed', () => {
    // 12.5% of 13p is 1.625p: 2p per line, never a rate applied to the total.
    const line = { sourceKind: 'free' as const, quantity: 1, unitMinor: 13, taxRateBp: 1_250 };
    expect(lineFigures(line)).toEqual(lineAmounts(line));
    expect(linesTotals([line, line])).toEqual({ netMinor: 26, taxMinor: 4, grossMinor: 30 });
    expect(lineFigures({ ...line, unitMinor: -1 })).toBeNull();
    expect(lineFigures({ ...line, taxRateBp: 50_000 })).toBeNull();
  });
});
