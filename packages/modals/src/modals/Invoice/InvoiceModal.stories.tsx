import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { BILLING_MESSAGES } from '@halcyon/api/contract';
import { billingModalHandlers } from '../../billing/billingTesting';
import {
  clickButton,
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
import { InvoiceModal } from './InvoiceModal';

const render = modalRender('invoice', billingModalHandlers);

const meta = {
  title: 'Modals/Billing/Invoice',
  component: InvoiceModal,
  args: { clientId: 7, defaults: { clientName: 'Maya Patel' } },
  parameters: modalParameters(
    'A new invoice: the client and who pays (the client, a contact or an insurer), the currency and its invoice ' +
      'account, issue and due dates from the payment terms, the lines (the client’s attended sessions and fees not ' +
      'invoiced yet, ticked; services and free lines added), tax per line and live totals by the server’s rounding ' +
      'rule. “Send” numbers and e-mails it; “Save as draft” keeps it a draft. With `id`, a draft opens for editing.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof InvoiceModal>;
export default meta;
type Story = ModalStoryObj<'invoice'>;

/** Maya Patel's work not invoiced yet, all on the invoice, with its totals. */
export const Default: Story = {};

/** Opened from /Billing: no client yet, no lines. */
export const Empty: Story = { args: { clientId: undefined, defaults: undefined } };

/** A client with nothing to invoice: only free lines and services can go on. */
export const NothingToInvoice: Story = { args: { clientId: 9, defaults: { clientName: 'Ana Silva' } } };

/** A free line with a negative price and a tax rate of 500%: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { clientId: 9, defaults: { clientName: 'Ana Silva' } },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New invoice');
    await clickButton(dialog, 'Add a line');
    const line = within(await dialog.findByRole('group', { name: 'Line 1' }));
    await userEvent.type(line.getByLabelText(/^Description/), 'Report');
    await userEvent.type(line.getByLabelText(/^Price/), '-40');
    await userEvent.clear(line.getByLabelText(/^Tax/));
    await userEvent.type(line.getByLabelText(/^Tax/), '500');
    await clickButton(dialog, 'Send');
    await expect(await line.findByText('Enter a tax rate of at most 100%.')).toBeVisible();
  },
};

/** A slow server while the invoice is sent: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createInvoice: slow(billingModalHandlers().createInvoice) }),
  play: async ({ canvasElement }) => {
    const { dialog, element } = await findModal(canvasElement, 'New invoice');
    await dialog.findByRole('group', { name: 'Line 1' }, { timeout: 5000 });
    await clickButton(dialog, 'Send');
    await expectBusy(element);
  },
};

/** The client's work cannot be read (500): the form says so, with Retry; free lines can still be added. */
export const ServerError: Story = {
  render: render({ listBillableItems: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New invoice');
    await expect(await dialog.findByText('The client’s work to invoice could not be loaded')).toBeVisible();
  },
};

/** The send fails (500): the sentence shows and every line stays. */
export const SaveFailed: Story = {
  render: render({ createInvoice: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New invoice');
    await dialog.findByRole('group', { name: 'Line 1' }, { timeout: 5000 });
    await clickButton(dialog, 'Send');
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Sent: "Invoice sent." shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New invoice');
    await dialog.findByRole('group', { name: 'Line 4' }, { timeout: 5000 });
    await clickButton(dialog, 'Send');
    await expectBanner(canvasElement, BILLING_MESSAGES.invoiceSent);
  },
};

/** Kept as a draft: "Saved as draft". */
export const SaveAsDraft: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New invoice');
    await dialog.findByRole('group', { name: 'Line 4' }, { timeout: 5000 });
    await clickButton(dialog, 'Save as draft');
    await expectBanner(canvasElement, BILLING_MESSAGES.savedAsDraft);
  },
};

/** A sent invoice opened by id: it changes only by a credit note. */
export const SentInvoice: Story = { args: { id: 42, clientId: undefined, defaults: undefined } };
