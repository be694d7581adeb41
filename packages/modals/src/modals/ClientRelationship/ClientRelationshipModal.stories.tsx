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
import { clientModalHandlers } from '@halcyon/api/testing';
import { CLIENT_CONTACT_CREATED_MESSAGE, ClientRelationshipModal } from './ClientRelationshipModal';

const render = modalRender('client-relationship', clientModalHandlers);

const meta = {
  title: 'Modals/Clients/Client relationship',
  component: ClientRelationshipModal,
  args: { clientId: 7, id: 11 },
  parameters: modalParameters(
    'Someone connected to the client (an emergency contact, a relative, a GP, a social worker): their name and ' +
      'relationship, organisation, phone, e-mail and address, whether the client consents to the practice contacting ' +
      'them, and notes. Without `id` it adds a contact; with `id` it edits one and offers Delete (through delete-item).',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof ClientRelationshipModal>;
export default meta;
type Story = ModalStoryObj<'client-relationship'>;

async function renameContact(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit contact');
  const name = await dialog.findByDisplayValue('Sam Doe', undefined, { timeout: 5000 });
  await userEvent.clear(name);
  await userEvent.type(name, 'Samuel Doe');
  await clickButton(dialog, 'Save contact');
  return dialog;
}

/** An existing contact, open at rest, with Delete. */
export const Default: Story = {};

/** A new contact. */
export const Empty: Story = { args: { id: undefined } };

/** A new contact without a name: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add contact');
    await clickButton(dialog, 'Add contact');
    await expect(await dialog.findByText("Enter the contact's name.")).toBeVisible();
  },
};

/** A slow server while the contact saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateClientRelationship: slow(clientModalHandlers().updateClientRelationship) }),
  play: async ({ canvasElement }) => {
    await renameContact(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit contact')).element);
  },
};

/** The contact cannot be read (500): the modal says so. */
export const ServerError: Story = {
  render: render({ getClientRelationship: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit contact');
    await expectModalError(dialog, 'This contact could not be loaded. Close and try again.');
  },
};

/** Someone changed the contact meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({
    updateClientRelationship: conflict(
      'This contact was changed elsewhere since you opened it. Reload to see the latest version, then apply your change again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await renameContact(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Samuel Doe')).toBeVisible();
  },
};

/** A new contact: name, relationship, consent; SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add contact');
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Dr Patel');
    await clickButton(dialog, 'Add contact');
    await expectBanner(canvasElement, CLIENT_CONTACT_CREATED_MESSAGE);
  },
};
