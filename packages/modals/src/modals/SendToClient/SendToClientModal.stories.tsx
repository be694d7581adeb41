import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
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
import { templateHandlers } from '@halcyon/api/testing';
import { documentHandlers, mockDocument } from '../UploadDocument/documentMocks';
import { ITEM_SHARED_MESSAGE } from '@halcyon/api/contract';
import { SendToClientModal } from './SendToClientModal';

const fixtures = () => ({
  ...documentHandlers([mockDocument(), mockDocument({ id: 32, name: 'GP letter' })]),
  ...templateHandlers(),
});
const render = modalRender('send-to-client', fixtures);

const meta = {
  title: 'Modals/Documents/Send to client',
  component: SendToClientModal,
  args: { clientId: 7, item: { kind: 'document', id: 31 }, itemName: 'Consent form' },
  parameters: modalParameters(
    'Shares an item with the client, in the portal or by e-mail, with a message: a record given by `item` (a ' +
      'document, an invoice…), or, without one, a document of the client or a measure to complete (e-mailed with a ' +
      'single-use link).',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SendToClientModal>;
export default meta;
type Story = ModalStoryObj<'send-to-client'>;

async function sendByEmail(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Send to client');
  await userEvent.click(dialog.getByRole('radio', { name: /E-mail/ }));
  await clickButton(dialog, 'Send');
  return dialog;
}

/** A document to share, open at rest. */
export const Default: Story = {};

/** Opened without an item: the client's documents and the measures are offered. */
export const Empty: Story = { args: { item: undefined, itemName: undefined } };

/** Send without choosing a document: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { item: undefined, itemName: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Send to client');
    await clickButton(dialog, 'Send');
    await expect(await dialog.findByText('Choose the item to send.')).toBeVisible();
  },
};

/** A slow server while the item is sent: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ sendToClient: slow(fixtures().sendToClient) }),
  play: async ({ canvasElement }) => {
    await sendByEmail(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Send to client')).element);
  },
};

/** The server fails (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ sendToClient: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await sendByEmail(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** A document e-mailed to the client: SPEC.md's message. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await sendByEmail(canvasElement);
    await expectBanner(canvasElement, ITEM_SHARED_MESSAGE);
  },
};

/** Opened without an item, a measure chosen: it is e-mailed with a single-use link to complete it. */
export const InteractionMeasure: Story = {
  args: { item: undefined, itemName: undefined },
  play: async ({ canvasElement }) => {
    const { body, dialog } = await findModal(canvasElement, 'Send to client');
    await userEvent.click(dialog.getByRole('radio', { name: /A measure/ }));
    await userEvent.click(dialog.getByRole('combobox', { name: /^Measure/ }));
    await userEvent.click(await body.findByRole('option', { name: /PHQ-9/ }));
    await clickButton(dialog, 'Send');
    await expectBanner(canvasElement, ITEM_SHARED_MESSAGE);
  },
};

/** Opened without an item, a form of the template library chosen: it is e-mailed on a single-use link to fill in. */
export const InteractionForm: Story = {
  args: { item: undefined, itemName: undefined },
  play: async ({ canvasElement }) => {
    const { body, dialog } = await findModal(canvasElement, 'Send to client');
    await userEvent.click(dialog.getByRole('radio', { name: /A form/ }));
    await userEvent.click(dialog.getByRole('combobox', { name: /^Form/ }));
    const [first] = await body.findAllByRole('option');
    await userEvent.click(first!);
    await clickButton(dialog, 'Send');
    await expectBanner(canvasElement, ITEM_SHARED_MESSAGE);
  },
};
