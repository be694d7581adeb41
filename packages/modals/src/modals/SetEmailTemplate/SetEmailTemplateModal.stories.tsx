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
import { SetEmailTemplateModal } from './SetEmailTemplateModal';

const render = modalRender('set-email-template', templateHandlers);

const meta = {
  title: 'Modals/Workspace/Set email template',
  component: SetEmailTemplateModal,
  args: { id: 701 },
  parameters: modalParameters(
    "The practice's own e-mail for a usage context (Settings > Template-library): subject and body with merge fields " +
      'such as {{client.firstName}}, each checked against the fields that e-mail has values for, and a live preview ' +
      'with sample data. Without `id` it starts from the built-in text of `defaults.usageContext`.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetEmailTemplateModal>;
export default meta;
type Story = ModalStoryObj<'set-email-template'>;

async function changeSubject(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit e-mail template');
  const subject = await dialog.findByDisplayValue('See you on {{session.start}}', undefined, { timeout: 5000 });
  await userEvent.clear(subject);
  await userEvent.type(subject, 'Your session is coming up');
  await clickButton(dialog, 'Save template');
  return dialog;
}

/** The practice's session reminder with its preview, open at rest, with Delete. */
export const Default: Story = {};

/** A new invoice e-mail, starting from the built-in text. */
export const Empty: Story = { args: { id: undefined, defaults: { usageContext: 'invoice' } } };

/** A misspelt merge field and one the e-mail has no value for: each is named, nothing is sent. */
export const ValidationErrors: Story = {
  args: { id: undefined, defaults: { usageContext: 'session-reminder' } },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New e-mail template');
    const subject = dialog.getByLabelText(/^Subject/);
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Hello {{{{client.fistName}}');
    await clickButton(dialog, 'Create template');
    await expect(await dialog.findByText(TEMPLATE_MESSAGES.unknownMergeField('client.fistName'))).toBeVisible();
  },
};

/** A slow server while the template saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateEmailTemplate: slow(templateHandlers().updateEmailTemplate) }),
  play: async ({ canvasElement }) => {
    await changeSubject(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit e-mail template')).element);
  },
};

/** The template cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getEmailTemplate: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit e-mail template');
    await expect(await dialog.findByText('This e-mail template could not be loaded')).toBeVisible();
  },
};

/** Someone changed the template meanwhile (409): the server's words, the typed subject kept. */
export const Conflict: Story = {
  render: render({ updateEmailTemplate: conflict(TEMPLATE_MESSAGES.changed) }),
  play: async ({ canvasElement }) => {
    const dialog = await changeSubject(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Your session is coming up')).toBeVisible();
  },
};

/** The practice's own invoice e-mail, written from the built-in text; the Created message shows as a banner. */
export const Interaction: Story = {
  args: { id: undefined, defaults: { usageContext: 'invoice' } },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New e-mail template');
    await clickButton(dialog, /Insert \{\{invoice\.dueDate\}\}/);
    await expect(dialog.getByText(/17 March 2026/)).toBeVisible();
    await clickButton(dialog, 'Create template');
    await expectBanner(canvasElement, TEMPLATE_MESSAGES.emailCreated);
  },
};
