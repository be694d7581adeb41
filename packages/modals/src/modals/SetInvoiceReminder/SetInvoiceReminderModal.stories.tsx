import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { BILLING_SETTINGS_MESSAGES, TEMPLATE_MESSAGES } from '@halcyon/api/contract';
import { billingSettingsHandlers } from '@halcyon/api/testing';
import {
  clickButton,
  conflict,
  expectBanner,
  expectBusy,
  expectModalError,
  findModal,
  modalIsOpen,
  modalParameters,
  modalRender,
  serverError,
  slow,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { SetInvoiceReminderModal } from './SetInvoiceReminderModal';

const render = modalRender('set-invoice-reminder', billingSettingsHandlers);

const meta = {
  title: 'Modals/Billing/Set invoice reminder',
  component: SetInvoiceReminderModal,
  args: { id: 52 },
  parameters: modalParameters(
    'A reminder e-mail for unpaid invoices (Settings > Client-billing): days before, on or after the due date, the ' +
      'subject and the e-mail with the merge fields of a payment-reminder e-mail ({{invoice.number}}, ' +
      '{{invoice.amount}}, {{link.url}}, ...: inserted by their buttons, filled in with sample data in the preview), ' +
      'and whether it is sent. Without `id` it adds one; with `id` it edits one and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetInvoiceReminderModal>;
export default meta;
type Story = ModalStoryObj<'set-invoice-reminder'>;

async function retitle(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit invoice reminder');
  const subject = await dialog.findByDisplayValue('Invoice {{invoice.number}} is overdue', undefined, {
    timeout: 5000,
  });
  await userEvent.clear(subject);
  await userEvent.paste('Overdue: {{invoice.number}}');
  await clickButton(dialog, 'Save reminder');
  return dialog;
}

/** A reminder a week after the due date, open at rest, with Delete. */
export const Default: Story = {};

/** A new reminder, with the wording it starts from. */
export const Empty: Story = { args: { id: undefined } };

/** A reminder three days before the due date. */
export const BeforeDue: Story = { args: { id: 51 } };

/** A merge field there is not: the form names it. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add invoice reminder');
    const subject = dialog.getByLabelText(/^Subject/);
    await userEvent.clear(subject);
    await userEvent.click(subject);
    await userEvent.paste('Pay {{balance}}');
    await clickButton(dialog, 'Add reminder');
    await expect(await dialog.findByText(TEMPLATE_MESSAGES.unknownMergeField('balance'))).toBeVisible();
  },
};

/** A slow server while the reminder saves: the dialog is busy. */
export const Saving: Story = {
  render: render({ updateInvoiceReminder: slow(billingSettingsHandlers().updateInvoiceReminder) }),
  play: async ({ canvasElement }) => {
    await retitle(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit invoice reminder')).element);
  },
};

/** The reminder cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getInvoiceReminder: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit invoice reminder');
    await expect(await dialog.findByText('This reminder could not be loaded')).toBeVisible();
  },
};

/** Someone changed the reminder meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateInvoiceReminder: conflict(BILLING_SETTINGS_MESSAGES.reminderChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await retitle(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
  },
};

/** A new reminder on the due date; the message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add invoice reminder');
    await userEvent.click(dialog.getByRole('radio', { name: 'On the due date' }));
    await clickButton(dialog, 'Add reminder');
    await expectBanner(canvasElement, BILLING_SETTINGS_MESSAGES.reminderCreated);
  },
};
