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
import { SetServiceModal } from './SetServiceModal';

const render = modalRender('set-service', billingSettingsHandlers);

const meta = {
  title: 'Modals/Billing/Set service',
  component: SetServiceModal,
  args: { id: 31 },
  parameters: modalParameters(
    'A service the practice sells (Settings > Services): its name, kind (a kind of session, or an other service such ' +
      'as a report), length, price, currency and tax rate, colour, whether clients book it online, and archived. ' +
      'Without `id` it adds a service; with `id` it edits one and offers Delete. Prices blur with Privacy on.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetServiceModal>;
export default meta;
type Story = ModalStoryObj<'set-service'>;

async function rename(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit service');
  const name = await dialog.findByLabelText(/^Name/, undefined, { timeout: 5000 });
  await userEvent.clear(name);
  await userEvent.type(name, 'Individual session (50 min)');
  await clickButton(dialog, 'Save service');
  return dialog;
}

/** A session service, open at rest, with Delete. */
export const Default: Story = {};

/** A new service. */
export const Empty: Story = { args: { id: undefined } };

/** An other service (a report): no length, never booked online. */
export const OtherService: Story = { args: { id: 34 } };

/** A new service without a name: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add service');
    await clickButton(dialog, 'Add service');
    await expect(await dialog.findByText('Give the service a name.')).toBeVisible();
  },
};

/** A slow server while the service saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateService: slow(billingSettingsHandlers().updateService) }),
  play: async ({ canvasElement }) => {
    await rename(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit service')).element);
  },
};

/** The service cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getService: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit service');
    await expect(await dialog.findByText('This service could not be loaded')).toBeVisible();
  },
};

/** Someone changed the service meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateService: conflict(BILLING_SETTINGS_MESSAGES.serviceChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await rename(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Individual session (50 min)')).toBeVisible();
  },
};

/** A new service saved; the message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add service');
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Supervision');
    await userEvent.type(dialog.getByLabelText(/^Price/), '85');
    await clickButton(dialog, 'Add service');
    await expectBanner(canvasElement, BILLING_SETTINGS_MESSAGES.serviceCreated);
  },
};
