import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { LEARNING_MESSAGES } from '@halcyon/api/contract';
import { learningHandlers } from '@halcyon/api/testing';
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
import { CpdActivityModal } from './CpdActivityModal';

const render = modalRender('cpd-activity', learningHandlers);

const meta = {
  title: 'Modals/Workspace/Cpd activity',
  component: CpdActivityModal,
  args: { id: 301 },
  parameters: modalParameters(
    'A CPD activity (/Learning-development): title, type, provider, date (up to today), hours (above 0, in quarter ' +
      'hours), reflection and an evidence file. Without `id` it records one; with `id` it edits one and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof CpdActivityModal>;
export default meta;
type Story = ModalStoryObj<'cpd-activity'>;

async function changeHours(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit CPD activity');
  const hours = await dialog.findByDisplayValue('6', undefined, { timeout: 5000 });
  await userEvent.clear(hours);
  await userEvent.type(hours, '6.5');
  await clickButton(dialog, 'Save activity');
  return dialog;
}

/** An activity with its certificate, open at rest, with Delete. */
export const Default: Story = {};

/** A new activity. */
export const Empty: Story = { args: { id: undefined } };

/** A 0-hour activity and no title: the form says what to fix, before anything is sent. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record CPD activity');
    const hours = dialog.getByLabelText(/^Hours/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    await clickButton(dialog, 'Record activity');
    await expect(await dialog.findByText('Enter more than 0 hours for the activity.')).toBeVisible();
    await expect(await dialog.findByText('Enter a title.')).toBeVisible();
  },
};

/** A slow server while the activity saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateCpdActivity: slow(learningHandlers().updateCpdActivity) }),
  play: async ({ canvasElement }) => {
    await changeHours(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit CPD activity')).element);
  },
};

/** The activity cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getCpdActivity: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit CPD activity');
    await expect(await dialog.findByText('This CPD activity could not be loaded')).toBeVisible();
  },
};

/** Someone changed the activity meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateCpdActivity: conflict(LEARNING_MESSAGES.cpdChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await changeHours(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('6.5')).toBeVisible();
  },
};

/** A new webinar recorded; the Created message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record CPD activity');
    await userEvent.type(dialog.getByLabelText(/^Title/), 'Ethics in digital practice');
    await clickButton(dialog, 'Record activity');
    await expectBanner(canvasElement, LEARNING_MESSAGES.cpdCreated);
  },
};
