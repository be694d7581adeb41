import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import {
  clickButton,
  expectBanner,
  expectBusy,
  findModal,
  modalIsOpen,
  modalParameters,
  modalRender,
  serverError,
  slow,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { documentHandlers, mockDocument } from './documentMocks';
import { DOCUMENT_UPDATED_MESSAGE } from './EditDocumentForm';
import { DOCUMENT_UPLOADED_MESSAGE, UploadDocumentModal } from './UploadDocumentModal';

const fixtures = () => documentHandlers([mockDocument({ tags: ['Consent', 'Letters'] })]);
const render = modalRender('upload-document', fixtures);

const meta = {
  title: 'Modals/Documents/Upload document',
  component: UploadDocumentModal,
  args: { clientId: 7 },
  parameters: modalParameters(
    'Adds documents to a client’s record: files dropped or chosen (PDF, Word, images… up to 25 MB each), each named ' +
      'after its file, tagged (the tags the client’s documents already use are offered) and, if wanted, shared with ' +
      'the client in the portal. Each file becomes one document; a failed upload names the file and why.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof UploadDocumentModal>;
export default meta;
type Story = ModalStoryObj<'upload-document'>;

/** Drops a PDF on the modal: it is named after the file. */
async function dropConsentForm(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Upload documents');
  const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File(['%PDF-1.7 consent'], 'Consent form.pdf', { type: 'application/pdf' }));
  await expect(dialog.getByLabelText(/^Name/)).toHaveValue('Consent form');
  return dialog;
}

/** Nothing chosen yet, open at rest. */
export const Default: Story = {};

/** With an `id`: the document's name, tags and sharing, saved as "Document updated.". */
export const Editing: Story = {
  args: { id: 31 },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit document');
    const name = await dialog.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 });
    await expect(name).toHaveValue('Consent form');
    await userEvent.clear(name);
    await userEvent.type(name, 'Consent form 2026');
    await clickButton(dialog, 'Save document');
    await expectBanner(canvasElement, DOCUMENT_UPDATED_MESSAGE);
  },
};

/** A file chosen, named after it, before the upload. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await dropConsentForm(canvasElement);
  },
};

/** Nothing chosen: submitting asks for a file. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Upload documents');
    await clickButton(dialog, 'Upload document');
    await expect(await dialog.findByText('Choose at least one file to upload.')).toBeVisible();
  },
};

/** A slow server while the document is added: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createClientDocument: slow(fixtures().createClientDocument) }),
  play: async ({ canvasElement }) => {
    const dialog = await dropConsentForm(canvasElement);
    await clickButton(dialog, 'Upload document');
    await expectBusy((await findModal(canvasElement, 'Upload documents')).element);
  },
};

/** The server fails to add the document (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ createClientDocument: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await dropConsentForm(canvasElement);
    await clickButton(dialog, 'Upload document');
    await expect((await dialog.findAllByText(/Status: 500/))[0]).toBeVisible();
  },
};

/** A PDF dropped, named, tagged with a tag the client already uses, then uploaded: SPEC.md's message. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await dropConsentForm(canvasElement);
    await userEvent.click(await dialog.findByRole('button', { name: 'Add tag Letters' }));
    await clickButton(dialog, 'Upload document');
    await expectBanner(canvasElement, DOCUMENT_UPLOADED_MESSAGE);
  },
};
