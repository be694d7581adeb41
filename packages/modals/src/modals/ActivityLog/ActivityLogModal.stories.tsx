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
import { clientModalHandlers } from '@halcyon/api/testing';
import { ACTIVITY_ENTRY_CREATED_MESSAGE, ActivityLogModal } from './ActivityLogModal';

const render = modalRender('activity-log', clientModalHandlers);

const meta = {
  title: 'Modals/Clients/Activity log',
  component: ActivityLogModal,
  args: { clientId: 7 },
  parameters: modalParameters(
    'The client’s activity log by hand: a call, e-mail, letter, meeting or note, when it happened, which way it went, ' +
      'a one-line summary, notes and a duration. With `id` and `readOnly` it shows one entry of the log (a manual ' +
      'entry, or with `source: "audit"` what the system recorded) without a form.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof ActivityLogModal>;
export default meta;
type Story = ModalStoryObj<'activity-log'>;

async function addCall(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Add to the activity log');
  await userEvent.type(dialog.getByLabelText(/^Summary/), 'Phoned about moving Thursday');
  await clickButton(dialog, 'Add entry');
  return dialog;
}

/** A new entry, open at rest. */
export const Default: Story = {};

/** One entry of the log, read-only. */
export const ReadOnly: Story = { args: { id: 5, readOnly: true } };

/** Without a summary the form says what to fix. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add to the activity log');
    await clickButton(dialog, 'Add entry');
    await expect(await dialog.findByText('Enter a short summary.')).toBeVisible();
  },
};

/** A slow server while the entry saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createClientActivity: slow(clientModalHandlers().createClientActivity) }),
  play: async ({ canvasElement }) => {
    await addCall(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Add to the activity log')).element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ createClientActivity: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await addCall(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Records a call: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await addCall(canvasElement);
    await expectBanner(canvasElement, ACTIVITY_ENTRY_CREATED_MESSAGE);
  },
};
