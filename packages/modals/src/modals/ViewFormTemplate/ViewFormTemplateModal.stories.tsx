import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { templateHandlers } from '@halcyon/api/testing';
import {
  clickButton,
  findModal,
  modalIsOpen,
  modalParameters,
  modalRender,
  serverError,
  slow,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { PREVIEW_CHECKED_MESSAGE, ViewFormTemplateModal } from './ViewFormTemplateModal';

const render = modalRender('view-form-template', templateHandlers);

const meta = {
  title: 'Modals/Workspace/View form template',
  component: ViewFormTemplateModal,
  args: { formTemplateId: 601 },
  parameters: modalParameters(
    'A form template as the client sees it, fillable (Settings > Template-library): its sections and questions, the ' +
      'required ones marked. "Check my answers" checks each answer as the client\'s send would; nothing is sent. ' +
      'With `builtIn` it shows the built-in default of that usage context.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof ViewFormTemplateModal>;
export default meta;
type Story = ModalStoryObj<'view-form-template'>;

/** The adult intake form, every kind of question, open at rest. */
export const Default: Story = {};

/** The built-in intake questionnaire (the practice has not written its own for that moment). */
export const BuiltIn: Story = { args: { formTemplateId: undefined, builtIn: 'before-first-session' } };

/** The template is loading (a slow server). */
export const Loading: Story = { render: render({ getFormTemplate: slow(templateHandlers().getFormTemplate) }) };

/** The template cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getFormTemplate: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Form preview');
    await expect(await dialog.findByText('This form template could not be loaded')).toBeVisible();
  },
};

/** Unanswered required questions: each says what to fix. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Adult intake');
    await clickButton(dialog, 'Check my answers');
    await expect((await dialog.findAllByText('Answer this question.'))[0]).toBeVisible();
    await expect(await dialog.findByText('Type your full name to sign.')).toBeVisible();
  },
};

/** The client's part, filled in: the preview says every answer fits. */
export const Interaction: Story = {
  args: { formTemplateId: 602 },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Couples feedback');
    await userEvent.click(dialog.getByRole('radio', { name: '4' }));
    await clickButton(dialog, 'Check my answers');
    await expect(await dialog.findByText(PREVIEW_CHECKED_MESSAGE)).toBeVisible();
  },
};
