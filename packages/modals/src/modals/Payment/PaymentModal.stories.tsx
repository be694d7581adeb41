import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
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
import { PaymentModal, paymentRemainderMessage } from './PaymentModal';

const render = modalRender('payment', billingModalHandlers);

const meta = {
  title: 'Modals/Billing/Payment',
  component: PaymentModal,
  args: {
    defaults: { clientId: 7, clientName: 'Maya Patel', invoiceIds: [42], amountMinor: 18_000, currency: 'GBP' },
  },
  parameters: modalParameters(
    'A payment of a client: the invoices it settles (each at most what it still owes) and how much each takes, the ' +
      'amount, day, method and reference. Anything more than the invoices take is kept as the client’s credit only ' +
      'when ticked. One Idempotency-Key per open: a retried save records the payment once. With `id` it is shown.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof PaymentModal>;
export default meta;
type Story = ModalStoryObj<'payment'>;

/** Opened from invoice INV-0042: it settles the £180.00 still owed. */
export const Default: Story = {};

/** Opened from /Billing: no client chosen yet. */
export const Empty: Story = { args: { defaults: undefined } };

/** £200 against £180 owed, the rest not kept as credit: refused, saying what to do. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record payment');
    await dialog.findByLabelText(/^Amount for INV-0042/, undefined, { timeout: 5000 });
    const amount = dialog.getByLabelText(/^Amount\s*\*?$/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '200');
    await clickButton(dialog, 'Record payment');
    await expect(await dialog.findByText(paymentRemainderMessage('£20.00'))).toBeVisible();
  },
};

/** A slow server while the payment is recorded: busy. */
export const Saving: Story = {
  render: render({ recordPayment: slow(billingModalHandlers().recordPayment) }),
  play: async ({ canvasElement }) => {
    const { dialog, element } = await findModal(canvasElement, 'Record payment');
    await dialog.findByLabelText(/^Amount for INV-0042/, undefined, { timeout: 5000 });
    await clickButton(dialog, 'Record payment');
    await expectBusy(element);
  },
};

/** The client's invoices cannot be read (500): the list says so, with Retry. */
export const ServerError: Story = {
  render: render({ listInvoices: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record payment');
    await expect(await dialog.findByText('The client’s invoices could not be loaded')).toBeVisible();
  },
};

/** The save fails (500): the sentence shows; a retry sends the same Idempotency-Key. */
export const SaveFailed: Story = {
  render: render({ recordPayment: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record payment');
    await dialog.findByLabelText(/^Amount for INV-0042/, undefined, { timeout: 5000 });
    await clickButton(dialog, 'Record payment');
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Recorded: "Payment recorded.". */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record payment');
    await dialog.findByLabelText(/^Amount for INV-0042/, undefined, { timeout: 5000 });
    await clickButton(dialog, 'Record payment');
    await expectBanner(canvasElement, BILLING_MESSAGES.paymentRecorded);
  },
};

/** A recorded payment opened by id: what it settled, and Delete. */
export const Recorded: Story = { args: { id: 61, defaults: undefined } };
