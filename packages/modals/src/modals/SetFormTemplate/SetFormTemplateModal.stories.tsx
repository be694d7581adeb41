import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { TEMPLATE_MESSAGES } from '@halcyon/api/contract';
import { templateHandlers } from '@halcyon/api/testing';
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
import { SetFormTemplateModal } from './SetFormTemplateModal';

const render = modalRender('set-form-template', templateHandlers);

const meta = {
  title: 'Modals/Workspace/Set form template',
  component: SetFormTemplateModal,
  args: { id: 601 },
  parameters: modalParameters(
    'The form builder (Settings > Template-library): a name, category (intake, consent, measure, feedback) and usage ' +
      'context, then sections of questions (short and long text, one choice, multiple choice, a scale, a date, a ' +
      'signature) with help text and whether each must be answered, reordered with Move up and Move down. Without ' +
      '`id` it adds a template; with `id` it edits one and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetFormTemplateModal>;
export default meta;
type Story = ModalStoryObj<'set-form-template'>;

async function rename(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit form template');
  const name = await dialog.findByDisplayValue('Adult intake', undefined, { timeout: 5000 });
  await userEvent.clear(name);
  await userEvent.type(name, 'Adult intake (2026)');
  await clickButton(dialog, 'Save template');
  return dialog;
}

/** The adult intake form: two sections, every kind of question, open at rest, with Delete. */
export const Default: Story = {};

/** A new template: one section with one empty question. */
export const Empty: Story = { args: { id: undefined } };

/** Nothing written and a choice with one answer: the builder names each fault before anything is sent. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New form template');
    await clickButton(dialog, 'Create template');
    await expect(await dialog.findByText('Give the template a name.')).toBeVisible();
    await expect(await dialog.findByText('Give the section a title.')).toBeVisible();
    await expect(await dialog.findByText('Write the question.')).toBeVisible();
  },
};

/** A slow server while the template saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateFormTemplate: slow(templateHandlers().updateFormTemplate) }),
  play: async ({ canvasElement }) => {
    await rename(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit form template')).element);
  },
};

/** The template cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getFormTemplate: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit form template');
    await expect(await dialog.findByText('This form template could not be loaded')).toBeVisible();
  },
};

/** Someone changed the template meanwhile (409): the server's words, the typed name kept. */
export const Conflict: Story = {
  render: render({ updateFormTemplate: conflict(TEMPLATE_MESSAGES.changed) }),
  play: async ({ canvasElement }) => {
    const dialog = await rename(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Adult intake (2026)')).toBeVisible();
  },
};

/** A new consent form with one signature question; the Created message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New form template');
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Consent for video sessions');
    await userEvent.type(dialog.getByLabelText(/^Section title/), 'Agreement');
    await userEvent.type(dialog.getByRole('textbox', { name: /^Question/ }), 'I agree to sessions by video.');
    await clickButton(dialog, 'Create template');
    await expectBanner(canvasElement, TEMPLATE_MESSAGES.formCreated);
  },
};
