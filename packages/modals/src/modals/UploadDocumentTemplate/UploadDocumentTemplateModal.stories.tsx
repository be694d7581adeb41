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
import { documentHandlers } from '../UploadDocument/documentMocks';
import { TEMPLATE_UPLOADED_MESSAGE, UploadDocumentTemplateModal } from './UploadDocumentTemplateModal';

const render = modalRender('upload-document-template', documentHandlers);

const meta = {
  title: 'Modals/Documents/Upload document template',
  component: UploadDocumentTemplateModal,
  args: { defaults: { category: 'Consent' } },
  parameters: modalParameters(
    'Adds a document template to the practice (a consent form, a therapy agreement, a letter): the file, its name ' +
      'and its category. Templates are what documents are created from for each client.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof UploadDocumentTemplateModal>;
export default meta;
type Story = ModalStoryObj<'upload-document-template'>;

async function dropTemplate(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Upload a document template');
  const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File(['%PDF-1.7'], 'Photography consent.pdf', { type: 'application/pdf' }));
  await clickButton(dialog, 'Upload template');
  return dialog;
}

/** A consent template, nothing chosen yet, open at rest. */
export const Default: Story = {};

/** Nothing chosen: submitting asks for a file. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Upload a document template');
    await clickButton(dialog, 'Upload template');
    await expect(await dialog.findByText(/Choose (a|at least one) file/)).toBeVisible();
  },
};

/** A slow server while the template is saved: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createDocumentTemplate: slow(documentHandlers().createDocumentTemplate) }),
  play: async ({ canvasElement }) => {
    await dropTemplate(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Upload a document template')).element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ createDocumentTemplate: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await dropTemplate(canvasElement);
    await expect((await dialog.findAllByText(/Status: 500/))[0]).toBeVisible();
  },
};

/** A consent form uploaded as a practice template: SPEC.md's message. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await dropTemplate(canvasElement);
    await expectBanner(canvasElement, TEMPLATE_UPLOADED_MESSAGE);
  },
};
