import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { BILLING_MESSAGES } from '@halcyon/api/contract';
import { billingModalHandlers } from '../../billing/billingTesting';
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
import { DraftInvoiceModal } from './DraftInvoiceModal';

const render = modalRender('draft-invoice', billingModalHandlers);

const meta = {
  title: 'Modals/Billing/Draft invoice',
  component: DraftInvoiceModal,
  args: { invoiceId: 44 },
  parameters: modalParameters(
    'A draft invoice: its payer, account, dates, lines and notes change freely. “Save draft” keeps it a draft ' +
      '(“Draft invoice updated.”), “Save invoice” numbers it without e-mailing (“Invoice saved.”), “Send” numbers and ' +
      'e-mails it (“Invoice sent.”). A draft changed elsewhere meanwhile offers Reload; Delete removes it.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof DraftInvoiceModal>;
export default meta;
type Story = ModalStoryObj<'draft-invoice'>;

/** Waits for the draft (its dialog replaces the loading one), then types a note. */
async function editNotes(canvasElement: HTMLElement) {
  const { body } = await findModal(canvasElement, 'Edit draft invoice');
  await body.findByRole('group', { name: 'Line 1' }, { timeout: 5000 });
  const { dialog } = await findModal(canvasElement, 'Edit draft invoice');
  await userEvent.type(dialog.getByLabelText(/^Notes/), 'Thank you.');
  return dialog;
}

/** The draft of Maya Patel's session of 16 March, open at rest. */
export const Default: Story = {};

/** A draft issued or deleted meanwhile: it is no longer a draft. */
export const Missing: Story = { args: { invoiceId: 42 } };

/** A slow server while the draft saves: the dialog is busy. */
export const Saving: Story = {
  render: render({ updateDraftInvoice: slow(billingModalHandlers().updateDraftInvoice) }),
  play: async ({ canvasElement }) => {
    const dialog = await editNotes(canvasElement);
    await clickButton(dialog, 'Save draft');
    await expectBusy((await findModal(canvasElement, 'Edit draft invoice')).element);
  },
};

/** The draft cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getDraftInvoice: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit draft invoice');
    await expect(await dialog.findByText('This draft invoice could not be loaded')).toBeVisible();
  },
};

/** Changed elsewhere meanwhile (409): the server's words, Reload offered, the typing kept. */
export const Conflict: Story = {
  render: render({ updateDraftInvoice: conflict(BILLING_MESSAGES.draftChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await editNotes(canvasElement);
    await clickButton(dialog, 'Save draft');
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Thank you.')).toBeVisible();
  },
};

/** Saved as a draft: "Draft invoice updated.". */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await editNotes(canvasElement);
    await clickButton(dialog, 'Save draft');
    await expectBanner(canvasElement, BILLING_MESSAGES.draftUpdated);
  },
};

/** Sent: "Invoice sent.". */
export const Send: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await editNotes(canvasElement);
    await clickButton(dialog, 'Send');
    await expectBanner(canvasElement, BILLING_MESSAGES.invoiceSent);
  },
};
