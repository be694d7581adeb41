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
import { SupervisionSessionModal } from './SupervisionSessionModal';

const render = modalRender('supervision-session', learningHandlers);

const meta = {
  title: 'Modals/Workspace/Supervision session',
  component: SupervisionSessionModal,
  args: { id: 401 },
  parameters: modalParameters(
    'A supervision session (/Learning-development): date (up to today), supervisor, hours, individual or group, and ' +
      'notes. Without `id` it records one; with `id` it edits one and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SupervisionSessionModal>;
export default meta;
type Story = ModalStoryObj<'supervision-session'>;

async function makeGroup(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit supervision session');
  await userEvent.click(await dialog.findByRole('radio', { name: 'Group' }, { timeout: 5000 }));
  await clickButton(dialog, 'Save session');
  return dialog;
}

/** An individual session, open at rest, with Delete. */
export const Default: Story = {};

/** A new session. */
export const Empty: Story = { args: { id: undefined } };

/** No supervisor and 0 hours: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record supervision session');
    const hours = dialog.getByLabelText(/^Hours/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    await clickButton(dialog, 'Record session');
    await expect(await dialog.findByText("Enter the supervisor's name.")).toBeVisible();
    await expect(await dialog.findByText('Enter more than 0 hours for the session.')).toBeVisible();
  },
};

/** A slow server while the session saves: the dialog is busy. */
export const Saving: Story = {
  render: render({ updateSupervisionSession: slow(learningHandlers().updateSupervisionSession) }),
  play: async ({ canvasElement }) => {
    await makeGroup(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit supervision session')).element);
  },
};

/** The session cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getSupervisionSession: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit supervision session');
    await expect(await dialog.findByText('This supervision session could not be loaded')).toBeVisible();
  },
};

/** Someone changed the session meanwhile (409): the server's words. */
export const Conflict: Story = {
  render: render({ updateSupervisionSession: conflict(LEARNING_MESSAGES.supervisionChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await makeGroup(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
  },
};

/** A new session recorded; the Created message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record supervision session');
    await userEvent.type(dialog.getByLabelText(/^Supervisor/), 'Dr Helen Marsh');
    await clickButton(dialog, 'Record session');
    await expectBanner(canvasElement, LEARNING_MESSAGES.supervisionCreated);
  },
};
