import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
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
import { billingSettingsHandlers, clientModalHandlers, mockClientBilling } from '@halcyon/api/testing';
import { CLIENT_DETAILS_UPDATED_MESSAGE, EDIT_CLIENT_SECTIONS, EditClientInfoModal } from './EditClientInfoModal';

const render = modalRender('edit-client-info', clientModalHandlers);

const meta = {
  title: 'Modals/Clients/Edit client info',
  component: EditClientInfoModal,
  args: { clientId: 7, section: 'address' },
  argTypes: { section: { control: 'select', options: EDIT_CLIENT_SECTIONS } },
  parameters: modalParameters(
    'Edits one part of a client’s record at a time: personal details, contact, address, emergency contact, GP, ' +
      'background, insurance, billing details or reminders (`section` picks the one it opens on). Each part saves with its version: a ' +
      'save after someone else changed it (409) keeps the typed values and offers "Copy my text" and "Reload the newest version".',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof EditClientInfoModal>;
export default meta;
type Story = ModalStoryObj<'edit-client-info'>;

async function moveToBath(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit client details');
  const city = await dialog.findByLabelText(/^Town or city/, undefined, { timeout: 5000 });
  await userEvent.clear(city);
  await userEvent.type(city, 'Bath');
  await clickButton(dialog, 'Save changes');
  return dialog;
}

/** The client's address, open at rest. */
export const Default: Story = {};

/** The insurance section: insurer, policy, authorisation, sessions, excess and dates. */
export const Insurance: Story = { args: { section: 'insurance' } };

/**
 * The billing details: whom invoices go to (here a contact of the client), the usual service and agreed fee, and notes
 * for the billing.
 */
export const BillingDetails: Story = {
  args: { section: 'billing' },
  render: render({
    ...billingSettingsHandlers(),
    getClientBilling: () =>
      mockClientBilling({ invoiceTo: 'contact', contactId: 11, notes: 'Her mother pays at the end of each month.' }),
  }),
};

/** The personal details. */
export const Personal: Story = { args: { section: 'personal' } };

/** A slow server while the address saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateClientAddress: slow(clientModalHandlers().updateClientAddress) }),
  play: async ({ canvasElement }) => {
    await moveToBath(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit client details')).element);
  },
};

/** The address cannot be read (500): the modal says so. */
export const ServerError: Story = {
  render: render({ getClientAddress: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit client details');
    await expectModalError(dialog, 'This part of the client could not be loaded. Close and try again.');
  },
};

/** Someone else saved first (409): the server's reason shows and the typed text stays. */
export const Conflict: Story = {
  render: render({
    updateClientAddress: conflict(
      'These details were changed elsewhere since you opened them. Reload to see the latest version, then apply your change again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await moveToBath(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened them/);
    await expect(dialog.getByLabelText(/^Town or city/)).toHaveValue('Bath');
  },
};

/** Changes the town and saves: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await moveToBath(canvasElement);
    await expectBanner(canvasElement, CLIENT_DETAILS_UPDATED_MESSAGE);
  },
};
