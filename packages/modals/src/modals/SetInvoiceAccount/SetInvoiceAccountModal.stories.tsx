import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { BILLING_SETTINGS_MESSAGES } from '@halcyon/api/contract';
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
import { SetInvoiceAccountModal } from './SetInvoiceAccountModal';

const render = modalRender('set-invoice-account', billingSettingsHandlers);

const meta = {
  title: 'Modals/Billing/Set invoice account',
  component: SetInvoiceAccountModal,
  args: { id: 41 },
  parameters: modalParameters(
    'An account clients pay into (Settings > Client-billing): its name, currency, whether it is the default of its ' +
      'currency (one per currency), UK details or an IBAN and BIC, and payment instructions. Without `id` it adds an ' +
      'account; with `id` it edits one and offers Delete. Bank details blur with Privacy on.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetInvoiceAccountModal>;
export default meta;
type Story = ModalStoryObj<'set-invoice-account'>;

async function rename(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit invoice account');
  const name = await dialog.findByDisplayValue('Business current account', undefined, { timeout: 5000 });
  await userEvent.clear(name);
  await userEvent.type(name, 'Main account');
  await clickButton(dialog, 'Save account');
  return dialog;
}

/** The GBP default account, open at rest: its default cannot be unset here. */
export const Default: Story = {};

/** A new account. */
export const Empty: Story = { args: { id: undefined } };

/** The EUR account, paid into by IBAN. */
export const Euro: Story = { args: { id: 42 } };

/** A new account with nowhere to pay: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add invoice account');
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Savings');
    await clickButton(dialog, 'Add account');
    await expect(await dialog.findByText(BILLING_SETTINGS_MESSAGES.bankDetailsMissing)).toBeVisible();
  },
};

/** A slow server while the account saves: the dialog is busy. */
export const Saving: Story = {
  render: render({ updateInvoiceAccount: slow(billingSettingsHandlers().updateInvoiceAccount) }),
  play: async ({ canvasElement }) => {
    await rename(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit invoice account')).element);
  },
};

/** The account cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getInvoiceAccount: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit invoice account');
    await expect(await dialog.findByText('This account could not be loaded')).toBeVisible();
  },
};

/** Someone changed the account meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateInvoiceAccount: conflict(BILLING_SETTINGS_MESSAGES.accountChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await rename(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Main account')).toBeVisible();
  },
};

/** A new account with UK details; the message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add invoice account');
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Savings');
    await userEvent.type(dialog.getByLabelText(/^Sort code/), '12-34-56');
    await userEvent.type(dialog.getByLabelText(/^Account number/), '87654321');
    await clickButton(dialog, 'Add account');
    await expectBanner(canvasElement, BILLING_SETTINGS_MESSAGES.accountCreated);
  },
};
