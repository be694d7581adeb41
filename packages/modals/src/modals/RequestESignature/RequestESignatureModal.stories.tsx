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
import { documentHandlers } from '../UploadDocument/documentMocks';
import { RequestESignatureModal, SIGNATURE_REQUEST_SENT_MESSAGE } from './RequestESignatureModal';

const render = modalRender('request-e-signature', documentHandlers);

const meta = {
  title: 'Modals/Documents/Request e-signature',
  component: RequestESignatureModal,
  args: {
    documentId: 31,
    clientId: 7,
    documentName: 'Consent form',
    defaults: { signerName: 'Jane Doe', signerEmail: 'jane@client.example' },
  },
  parameters: modalParameters(
    'Asks someone (usually the client) to sign a document: the signer’s name and e-mail address, a message and a ' +
      'date to sign by. The signer is e-mailed a link; the document shows the request until it is signed.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof RequestESignatureModal>;
export default meta;
type Story = ModalStoryObj<'request-e-signature'>;

async function sendRequest(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Request an e-signature');
  await userEvent.type(dialog.getByLabelText(/^Message/), 'Please sign before our first session.');
  await clickButton(dialog, 'Send request');
  return dialog;
}

/** The client as the signer, open at rest. */
export const Default: Story = {};

/** No signer yet. */
export const Empty: Story = { args: { defaults: undefined } };

/** Send without a signer: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { defaults: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Request an e-signature');
    await clickButton(dialog, 'Send request');
    await expect(await dialog.findByText("Enter the signer's name.")).toBeVisible();
  },
};

/** A slow server while the request is sent: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ requestESignature: slow(documentHandlers().requestESignature) }),
  play: async ({ canvasElement }) => {
    await sendRequest(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Request an e-signature')).element);
  },
};

/** The server fails (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ requestESignature: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await sendRequest(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** The client asked to sign, with a message: SPEC.md's message. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await sendRequest(canvasElement);
    await expectBanner(canvasElement, SIGNATURE_REQUEST_SENT_MESSAGE);
  },
};
