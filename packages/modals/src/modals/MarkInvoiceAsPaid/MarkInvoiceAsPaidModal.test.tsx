import { BILLING_MESSAGES, IDEMPOTENCY_KEY_HEADER } from '@halcyon/api/contract';
import { createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { billingModalHandlers } from '../../billing/billingTesting';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 20_000 });

async function open(invoiceId: number) {
  const client = createMockClient({ handlers: billingModalHandlers() });
  renderWithModals(<Opener type="mark-invoice-as-paid" label="Open" props={{ invoiceId }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  // The dialog that shows the invoice replaces the one that showed it loading.
  await screen.findByText(/^INV-\d+, issued/, undefined, { timeout: 5000 });
  const dialog = screen.getByRole('dialog', { name: 'Mark invoice as paid' });
  return { client, dialog, inside: within(dialog) };
}

describe('mark-invoice-as-paid', () => {
  it('given an invoice that owes, then it is paid in full with a key: “Invoice marked as paid.”', async () => {
    const { client, dialog, inside } = await open(42);
    expect(inside.getByText('£180.00 owed')).toBeInTheDocument();
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.click(inside.getByRole('button', { name: 'Mark as paid' }));
    expect(await screen.findByText(BILLING_MESSAGES.markedAsPaid)).toBeInTheDocument();
    const call = client.mock.callsTo('markInvoiceAsPaid')[0]?.input;
    expect(call).toMatchObject({ params: { id: 42 }, body: { method: 'bank transfer' } });
    expect(call).toMatchObject({ headers: { [IDEMPOTENCY_KEY_HEADER]: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
  });

  it('given an invoice credited in full, then nothing is owed and there is nothing to save', async () => {
    const { inside } = await open(40);
    expect(await inside.findByText(BILLING_MESSAGES.nothingOwed)).toBeInTheDocument();
    expect(inside.queryByRole('button', { name: 'Mark as paid' })).toBeNull();
  });
});
