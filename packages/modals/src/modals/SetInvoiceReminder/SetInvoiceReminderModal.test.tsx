import { BILLING_SETTINGS_MESSAGES, TEMPLATE_MESSAGES } from '@halcyon/api/contract';
import { billingSettingsHandlers, createMockClient } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 15_000 });

async function open(id?: number, handlers = billingSettingsHandlers()) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener type="set-invoice-reminder" label="Open" props={{ id }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client };
}

describe('set-invoice-reminder', () => {
  it('given a new reminder, when it names a merge field there is not, then the form says which; 5 days before the due date is saved as -5', async () => {
    const { client } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Add invoice reminder' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    const subject = inside.getByLabelText(/^Subject/);
    await userEvent.clear(subject);
    await userEvent.paste('Pay {{balance}}');
    await userEvent.click(inside.getByRole('button', { name: 'Add reminder' }));
    expect(await inside.findByText(TEMPLATE_MESSAGES.unknownMergeField('balance'))).toBeInTheDocument();
    expect(client.mock.callsTo('createInvoiceReminder')).toHaveLength(0);
    await userEvent.clear(subject);
    await userEvent.paste('Invoice {{invoice.number}} is due soon');
    const preview = within(inside.getByRole('region', { name: 'Preview with sample data' }));
    expect(preview.getByText('Invoice INV-0042 is due soon')).toBeInTheDocument();
    await userEvent.click(inside.getByRole('button', { name: /^Insert \{\{link\.url\}\}/ }));
    expect(inside.getByLabelText<HTMLTextAreaElement>(/^E-mail/).value).toMatch(
      /\{\{practice\.name\}\} \{\{link\.url\}\}$/,
    );
    await userEvent.click(inside.getByRole('radio', { name: 'Before the due date' }));
    const days = inside.getByLabelText(/^Days/);
    await userEvent.clear(days);
    await userEvent.type(days, '5');
    await userEvent.click(inside.getByRole('button', { name: 'Add reminder' }));
    expect(await screen.findByText(BILLING_SETTINGS_MESSAGES.reminderCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createInvoiceReminder')[0]?.input).toMatchObject({
      body: { offsetDays: -5, subject: 'Invoice {{invoice.number}} is due soon', enabled: true },
    });
  });

  it('given a reminder a week after the due date, when another takes its day, then the server’s words show', async () => {
    const { client } = await open(51);
    const dialog = await screen.findByRole('dialog', { name: 'Edit invoice reminder' });
    const inside = within(dialog);
    expect(await inside.findByLabelText(/^Days/)).toHaveValue(3);
    await userEvent.click(inside.getByRole('radio', { name: 'After the due date' }));
    const days = inside.getByLabelText(/^Days/);
    await userEvent.clear(days);
    await userEvent.type(days, '7');
    await userEvent.click(inside.getByRole('button', { name: 'Save reminder' }));
    expect(await inside.findByText(BILLING_SETTINGS_MESSAGES.reminderExists(7))).toBeInTheDocument();
    expect(client.mock.callsTo('updateInvoiceReminder')[0]?.input).toMatchObject({
      params: { id: 51 },
      body: { offsetDays: 7, version: 1 },
    });
  });

  it('given an existing reminder, when Delete is confirmed, then SPEC.md’s deletion message shows', async () => {
    await open(52);
    const dialog = await screen.findByRole('dialog', { name: 'Edit invoice reminder' });
    await within(dialog).findByDisplayValue('Invoice {{invoice.number}} is overdue');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Reminder successfully deleted.')).toBeInTheDocument();
  });
});
