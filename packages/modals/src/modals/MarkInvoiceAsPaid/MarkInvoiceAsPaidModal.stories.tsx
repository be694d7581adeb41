import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
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
import { MarkInvoiceAsPaidModal } from './MarkInvoiceAsPaidModal';

const render = modalRender('mark-invoice-as-paid', billingModalHandlers);

const meta = {
  title: 'Modals/Billing/Mark invoice as paid',
  component: MarkInvoiceAsPaidModal,
  args: { invoiceId: 42 },
  parameters: modalParameters(
    'A payment of everything an invoice still owes, on the day it was paid, by a method, with a reference: one ' +
      'Idempotency-Key per open, so the invoice is paid once however often the save is retried. An invoice that ' +
      'owes nothing says so and offers no save.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof MarkInvoiceAsPaidModal>;
export default meta;
type Story = ModalStoryObj<'mark-invoice-as-paid'>;

/** INV-0042, £180.00 still owed. */
export const Default: Story = {};

/** An invoice credited in full: nothing is owed. */
export const NothingOwed: Story = { args: { invoiceId: 40 } };

async function loaded(canvasElement: HTMLElement) {
  const { body } = await findModal(canvasElement, 'Mark invoice as paid');
  await body.findByText(/^INV-\d+, issued/, undefined, { timeout: 5000 });
  return findModal(canvasElement, 'Mark invoice as paid');
}

/** A slow server while it is recorded: busy. */
export const Saving: Story = {
  render: render({ markInvoiceAsPaid: slow(billingModalHandlers().markInvoiceAsPaid) }),
  play: async ({ canvasElement }) => {
    const { dialog, element } = await loaded(canvasElement);
    await clickButton(dialog, 'Mark as paid');
    await expectBusy(element);
  },
};

/** The invoice cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getInvoice: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Mark invoice as paid');
    await expect(await dialog.findByText('This invoice could not be loaded')).toBeVisible();
  },
};

/** The save fails (500): the sentence shows. */
export const SaveFailed: Story = {
  render: render({ markInvoiceAsPaid: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await loaded(canvasElement);
    await clickButton(dialog, 'Mark as paid');
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Paid: "Invoice marked as paid.". */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await loaded(canvasElement);
    await clickButton(dialog, 'Mark as paid');
    await expectBanner(canvasElement, BILLING_MESSAGES.markedAsPaid);
  },
};
