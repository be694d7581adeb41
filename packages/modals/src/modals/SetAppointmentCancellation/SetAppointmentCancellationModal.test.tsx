import { APPOINTMENT_POLICY_MESSAGES } from '@halcyon/api/contract';
import { appointmentPolicyHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 15_000 });

async function open(id?: number) {
  const client = createMockClient({ handlers: appointmentPolicyHandlers() });
  renderWithModals(<Opener type="set-appointment-cancellation" label="Open" props={{ id }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client };
}

describe('set-appointment-cancellation', () => {
  it('given a new fixed-fee rule, when saved, then the amount goes in minor units with the currency and only its fee', async () => {
    const { client } = await open();
    // The form once the practice's currency is known (a skeleton until then).
    await screen.findByRole('button', { name: 'Add rule' });
    const dialog = screen.getByRole('dialog', { name: 'Add policy rule' });
    const inside = within(dialog);
    await expect(dialog).toHaveNoAxeViolations();
    const hours = inside.getByLabelText(/^Cancelled less than/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '12');
    await userEvent.click(inside.getByRole('radio', { name: 'A fixed amount' }));
    await userEvent.click(inside.getByRole('button', { name: 'Add rule' }));
    expect(await inside.findByText('Enter the fee.')).toBeInTheDocument();
    await userEvent.type(inside.getByLabelText(/^Fee/), '25.50');
    await userEvent.click(inside.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText(APPOINTMENT_POLICY_MESSAGES.ruleCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createCancellationRule')[0]?.input).toMatchObject({
      body: { triggerInHoursBeforeStart: 12, feeKind: 'fixed', feeMinor: 2_550, currency: 'GBP', feePercent: null },
    });
  });

  it('given a rule for any time, then no hours are asked and null is sent', async () => {
    const { client } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Add policy rule' });
    const inside = within(dialog);
    await userEvent.click(inside.getByRole('checkbox', { name: /however early/ }));
    expect(inside.queryByLabelText(/^Cancelled less than/)).not.toBeInTheDocument();
    await userEvent.click(inside.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText(APPOINTMENT_POLICY_MESSAGES.ruleCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createCancellationRule')[0]?.input).toMatchObject({
      body: { triggerInHoursBeforeStart: null, feeKind: 'percent', feePercent: 50 },
    });
  });

  it('given a rule for a notice another rule has, then the server’s 409 shows and the values stay', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Add policy rule' });
    // 24 hours is the form's start and the fixtures' first rule.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(await within(dialog).findByText(APPOINTMENT_POLICY_MESSAGES.ruleExists(24))).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Percentage/)).toHaveValue(50);
  });

  it('given an existing rule, when Delete is confirmed, then "Policy rule successfully deleted." shows', async () => {
    const { client } = await open(22);
    const dialog = await screen.findByRole('dialog', { name: 'Edit policy rule' });
    await within(dialog).findByLabelText(/^Fee/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Policy rule successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteCancellationRule')[0]?.input).toMatchObject({ params: { id: 22 } });
  });
});
