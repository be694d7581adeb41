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
import { SetInsuranceProviderModal } from './SetInsuranceProviderModal';

const render = modalRender('set-insurance-provider', billingSettingsHandlers);

const meta = {
  title: 'Modals/Billing/Set insurance provider',
  component: SetInsuranceProviderModal,
  args: { id: 61 },
  parameters: modalParameters(
    'An insurer the practice bills (Settings > Insurance): name, payer id, claims address, contact, e-mail and phone, ' +
      'and its Healthcode provider code. Without `id` it adds one; with `id` it edits one and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetInsuranceProviderModal>;
export default meta;
type Story = ModalStoryObj<'set-insurance-provider'>;

async function rename(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit insurance provider');
  const name = await dialog.findByDisplayValue('Bupa', undefined, { timeout: 5000 });
  await userEvent.clear(name);
  await userEvent.type(name, 'Bupa UK');
  await clickButton(dialog, 'Save provider');
  return dialog;
}

/** Bupa, open at rest, with Delete. */
export const Default: Story = {};

/** A new insurer. */
export const Empty: Story = { args: { id: undefined } };

/** An e-mail address that is not one: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add insurance provider');
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Vitality');
    await userEvent.type(dialog.getByLabelText(/^E-mail/), 'claims');
    await clickButton(dialog, 'Add provider');
    await expect(await dialog.findByText('Enter an e-mail address such as accounts@insurer.example.')).toBeVisible();
  },
};

/** A slow server while the insurer saves: the dialog is busy. */
export const Saving: Story = {
  render: render({ updateInsuranceProvider: slow(billingSettingsHandlers().updateInsuranceProvider) }),
  play: async ({ canvasElement }) => {
    await rename(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit insurance provider')).element);
  },
};

/** The insurer cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getInsuranceProvider: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit insurance provider');
    await expect(await dialog.findByText('This insurance provider could not be loaded')).toBeVisible();
  },
};

/** Someone changed the insurer meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateInsuranceProvider: conflict(BILLING_SETTINGS_MESSAGES.providerChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await rename(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Bupa UK')).toBeVisible();
  },
};

/** A new insurer; the message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add insurance provider');
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Vitality');
    await clickButton(dialog, 'Add provider');
    await expectBanner(canvasElement, BILLING_SETTINGS_MESSAGES.providerCreated);
  },
};
