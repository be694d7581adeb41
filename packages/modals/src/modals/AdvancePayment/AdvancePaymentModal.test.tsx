import { BILLING_MESSAGES, IDEMPOTENCY_KEY_HEADER } from '@halcyon/api/contract';
import { createMockClient } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { billingModalHandlers } from '../../billing/billingTesting';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';
import type { ModalPropsMap } from '../../types';

vi.setConfig({ testTimeout: 20_000 });

async function open(props: ModalPropsMap['advance-payment'] = {}) {
  const client = createMockClient({ handlers: billingModalHandlers() });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="advance-payment" label="Open" props={{ ...props, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: 'Advance payment' });
  return { client, onSaved, dialog, inside: within(dialog) };
}

describe('advance-payment', () => {
  it('given a client chosen by name and an amount, then it is recorded once with a key: “Advance payment recorded.”', async () => {
    const { client, dialog, inside, onSaved } = await open();
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.type(inside.getByRole('combobox', { name: /^Client/ }), 'Tom');
    await userEvent.click(await screen.findByRole('option', { name: 'Tom Reid' }));
    await userEvent.type(inside.getByLabelText(/^Amount/), '160');
    await userEvent.click(inside.getByRole('button', { name: 'Record advance payment' }));
    expect(await screen.findByText(BILLING_MESSAGES.advancePaymentRecorded)).toBeInTheDocument();
    const call = client.mock.callsTo('recordAdvancePayment')[0]?.input;
    expect(call).toMatchObject({
      body: { clientId: 8, amountMinor: 16_000, currency: 'GBP', method: 'bank transfer' },
    });
    expect(call).toMatchObject({ headers: { [IDEMPOTENCY_KEY_HEADER]: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('given no client, a negative amount and a day ahead, then the form names each and nothing is sent', async () => {
    const { client, inside } = await open();
    await userEvent.type(inside.getByLabelText(/^Amount/), '-20');
    const date = inside.getByLabelText(/^Date paid/);
    await userEvent.clear(date);
    await userEvent.type(date, '2099-01-01');
    await userEvent.click(inside.getByRole('button', { name: 'Record advance payment' }));
    expect(await inside.findByText(BILLING_MESSAGES.clientMissing)).toBeInTheDocument();
    expect(inside.getByText('Enter the amount above zero.')).toBeInTheDocument();
    expect(inside.getByText(/payment date/i)).toBeInTheDocument();
    expect(client.mock.callsTo('recordAdvancePayment')).toHaveLength(0);
  });

  it('given a recorded advance payment opened by id, then it is shown as credit, with Delete', async () => {
    await open({ id: 62 });
    expect(await screen.findByText('REID ADVANCE', undefined, { timeout: 5000 })).toBeInTheDocument();
    const inside = within(screen.getByRole('dialog', { name: 'Advance payment' }));
    expect(inside.getByText('Left as credit')).toBeInTheDocument();
    expect(inside.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });
});
