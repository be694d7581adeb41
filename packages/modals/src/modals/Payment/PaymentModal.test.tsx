import { BILLING_MESSAGES, IDEMPOTENCY_KEY_HEADER } from '@halcyon/api/contract';
import { createMockClient, defaultFixtures } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { billingModalHandlers } from '../../billing/billingTesting';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';
import { paymentRemainderMessage } from './PaymentModal';

vi.setConfig({ testTimeout: 20_000 });

/** Invoice INV-0042 of Maya Patel (client 7) owes £180.00 (£240.00, £60.00 paid). */
const FROM_INVOICE: ModalPropsMap['payment'] = {
  defaults: { clientId: 7, clientName: 'Maya Patel', invoiceIds: [42], amountMinor: 18_000, currency: 'GBP' },
};

async function open(props: ModalPropsMap['payment'] = FROM_INVOICE, handlers = billingModalHandlers()) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="payment" label="Open" props={{ ...props, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: props.id ? 'Payment' : 'Record payment' });
  return { client, onSaved, dialog, inside: within(dialog) };
}

const amountFor = () => screen.findByLabelText(/^Amount for INV-0042/, undefined, { timeout: 5000 });

describe('payment', () => {
  it('given a practice in euros and no client chosen yet, then the amount and the currency read euros, not pounds', async () => {
    const euros = { ...defaultFixtures().practice, currency: 'EUR' };
    const { inside } = await open({}, { ...billingModalHandlers(), getPractice: () => euros });
    expect(await inside.findByText('€')).toBeInTheDocument();
    expect(inside.queryByText('£')).not.toBeInTheDocument();
  });

  it('given the invoice it was opened for, then it settles what it owes, with an Idempotency-Key: “Payment recorded.”', async () => {
    const { client, dialog, inside, onSaved } = await open();
    expect(await amountFor()).toHaveValue('180.00');
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.click(inside.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(BILLING_MESSAGES.paymentRecorded)).toBeInTheDocument();
    const call = client.mock.callsTo('recordPayment')[0]?.input;
    expect(call).toMatchObject({
      body: {
        clientId: 7,
        amountMinor: 18_000,
        currency: 'GBP',
        allocations: [{ invoiceId: 42, amountMinor: 18_000 }],
      },
    });
    expect(call).toMatchObject({ headers: { [IDEMPOTENCY_KEY_HEADER]: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('given a payment larger than what is owed, then it is refused until the rest is kept as credit', async () => {
    const { client, inside } = await open();
    await amountFor();
    const amount = inside.getByLabelText(/^Amount$|^Amount\s*\*?$/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '200');
    await userEvent.click(inside.getByRole('button', { name: 'Record payment' }));
    expect(await inside.findByText(paymentRemainderMessage('£20.00'))).toBeInTheDocument();
    expect(client.mock.callsTo('recordPayment')).toHaveLength(0);
    await userEvent.click(inside.getByRole('checkbox', { name: /Keep the rest, £20\.00/ }));
    await userEvent.click(inside.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(BILLING_MESSAGES.paymentRecorded)).toBeInTheDocument();
    expect(client.mock.callsTo('recordPayment')[0]?.input).toMatchObject({
      body: { amountMinor: 20_000, allocations: [{ invoiceId: 42, amountMinor: 18_000 }] },
    });
  });

  it('given an invoice asked to take more than it owes, then the server’s sentence shows beside it', async () => {
    const { client, inside } = await open();
    const forInvoice = await amountFor();
    await userEvent.clear(forInvoice);
    await userEvent.type(forInvoice, '190');
    const amount = inside.getByLabelText(/^Amount$|^Amount\s*\*?$/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '190');
    await userEvent.click(inside.getByRole('button', { name: 'Record payment' }));
    expect(await inside.findByText(BILLING_MESSAGES.overAllocated('INV-0042', '£180.00'))).toBeInTheDocument();
    expect(client.mock.callsTo('recordPayment')).toHaveLength(0);
  });

  it('given a negative amount, then the form says it must be above zero', async () => {
    const { inside } = await open({ defaults: { clientId: 9, clientName: 'Ana Silva' } });
    const amount = await inside.findByLabelText(/^Amount$|^Amount\s*\*?$/);
    await userEvent.type(amount, '-5');
    await userEvent.click(inside.getByRole('button', { name: 'Record payment' }));
    expect(await inside.findByText('Enter the amount above zero.')).toBeInTheDocument();
  });

  it('given a save that fails and is retried, then both tries carry the same Idempotency-Key', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'The service is unavailable. Please try again later.';
    const { client, inside } = await open(FROM_INVOICE, {
      ...billingModalHandlers(),
      recordPayment: { error: { status: 503, message } },
    });
    await amountFor();
    await userEvent.click(inside.getByRole('button', { name: 'Record payment' }));
    expect(await inside.findByText(message)).toBeInTheDocument();
    await userEvent.click(inside.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(client.mock.callsTo('recordPayment')).toHaveLength(2));
    const [first, second] = client.mock.callsTo('recordPayment');
    expect(first?.input).toMatchObject({
      headers: { [IDEMPOTENCY_KEY_HEADER]: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(second?.input).toEqual(first?.input);
  });

  it('given a recorded payment opened by id, then it is shown with what it settles, and Delete', async () => {
    await open({ id: 61 });
    expect(await screen.findByText('Settles INV-0042', undefined, { timeout: 5000 })).toBeInTheDocument();
    const inside = within(screen.getByRole('dialog', { name: 'Payment' }));
    expect(inside.getByText('Card ending 4242')).toBeInTheDocument();
    expect(inside.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
