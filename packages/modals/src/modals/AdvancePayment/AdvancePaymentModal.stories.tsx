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
import { AdvancePaymentModal } from './AdvancePaymentModal';

const render = modalRender('advance-payment', billingModalHandlers);

const meta = {
  title: 'Modals/Billing/Advance payment',
  component: AdvancePaymentModal,
  args: { defaults: { clientId: 8, clientName: 'Tom Reid' } },
  parameters: modalParameters(
    'Money a client paid before there is an invoice: the client, amount, currency, day, method and reference. It ' +
      'is the client’s credit, which invoices issued later use. One Idempotency-Key per open, so a retried save ' +
      'records it once. With `id` the advance payment is shown, with Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof AdvancePaymentModal>;
export default meta;
type Story = ModalStoryObj<'advance-payment'>;

/** For Tom Reid, nothing typed yet. */
export const Default: Story = {};

/** Opened from /Billing: the client is chosen by name. */
export const Empty: Story = { args: { defaults: undefined } };

/** A negative amount: "Enter the amount above zero.". */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Advance payment');
    await userEvent.type(dialog.getByLabelText(/^Amount/), '-20');
    await clickButton(dialog, 'Record advance payment');
    await expect(await dialog.findByText('Enter the amount above zero.')).toBeVisible();
  },
};

async function fillAndSave(canvasElement: HTMLElement) {
  const { dialog, element } = await findModal(canvasElement, 'Advance payment');
  await userEvent.type(dialog.getByLabelText(/^Amount/), '160');
  await clickButton(dialog, 'Record advance payment');
  return { dialog, element };
}

/** A slow server while it is recorded: busy. */
export const Saving: Story = {
  render: render({ recordAdvancePayment: slow(billingModalHandlers().recordAdvancePayment) }),
  play: async ({ canvasElement }) => {
    const { element } = await fillAndSave(canvasElement);
    await expectBusy(element);
  },
};

/** The save fails (500): the sentence shows, the amount stays. */
export const ServerError: Story = {
  render: render({ recordAdvancePayment: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await fillAndSave(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Recorded: "Advance payment recorded.". */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await fillAndSave(canvasElement);
    await expectBanner(canvasElement, BILLING_MESSAGES.advancePaymentRecorded);
  },
};

/** A recorded advance payment opened by id: all of it is credit; Delete. */
export const Recorded: Story = { args: { id: 62, defaults: undefined } };
