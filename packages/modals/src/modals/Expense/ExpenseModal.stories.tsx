import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { EXPENSE_MESSAGES } from '@halcyon/api/contract';
import { billingBooksHandlers } from '@halcyon/api/testing';
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
import { ExpenseModal } from './ExpenseModal';

const render = modalRender('expense', billingBooksHandlers);

const meta = {
  title: 'Modals/Billing/Expense',
  component: ExpenseModal,
  args: { id: 301 },
  parameters: modalParameters(
    'An expense of the practice (Billing > Expenses): the day, a category, the supplier, the amount before tax, the ' +
      'tax rate (the tax and total follow by the one rounding rule) and a receipt uploaded with progress. Without `id` ' +
      'it adds one; with `id` it edits one, keeps or removes its receipt, and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof ExpenseModal>;
export default meta;
type Story = ModalStoryObj<'expense'>;

async function changeSupplier(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit expense');
  const supplier = await dialog.findByDisplayValue('Harbour Rooms Ltd', undefined, { timeout: 5000 });
  await userEvent.clear(supplier);
  await userEvent.type(supplier, 'Harbour Rooms');
  await clickButton(dialog, 'Save expense');
  return dialog;
}

/** An expense with its receipt, open at rest, with Delete. */
export const Default: Story = {};

/** A new expense: today, in the practice's currency. */
export const Empty: Story = { args: { id: undefined } };

/** A new expense with a negative amount and a tax rate of 500%: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add expense');
    await userEvent.type(dialog.getByLabelText(/^Supplier/), 'Harbour Rooms');
    await userEvent.type(dialog.getByLabelText(/^Amount before tax/), '-12');
    await userEvent.clear(dialog.getByLabelText(/^Tax rate/));
    await userEvent.type(dialog.getByLabelText(/^Tax rate/), '500');
    await clickButton(dialog, 'Add expense');
    await expect(await dialog.findByText(EXPENSE_MESSAGES.taxTooHigh)).toBeVisible();
  },
};

/** A slow server while the expense saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateExpense: slow(billingBooksHandlers().updateExpense) }),
  play: async ({ canvasElement }) => {
    await changeSupplier(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit expense')).element);
  },
};

/** The expense cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getExpense: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit expense');
    await expect(await dialog.findByText('This expense could not be loaded')).toBeVisible();
  },
};

/** Someone changed the expense meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateExpense: conflict(EXPENSE_MESSAGES.changed) }),
  play: async ({ canvasElement }) => {
    const dialog = await changeSupplier(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Harbour Rooms')).toBeVisible();
  },
};

/** A new expense saved: "Expense created." shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add expense');
    await userEvent.type(dialog.getByLabelText(/^Supplier/), 'Great Western Railway');
    await userEvent.type(dialog.getByLabelText(/^Amount before tax/), '23.50');
    await clickButton(dialog, 'Add expense');
    await expectBanner(canvasElement, EXPENSE_MESSAGES.created);
  },
};
