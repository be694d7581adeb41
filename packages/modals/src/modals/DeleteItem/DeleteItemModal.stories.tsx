import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { DELETE_KINDS, DELETE_SUCCESS_MESSAGES } from '../../deleteKinds';
import { DELETE_FAILED_MESSAGE } from '../../messages';
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
} from '../../stories/modalStory';
import { DeleteItemModal } from './DeleteItemModal';

/** The contract DELETE route the stories delete through (any DELETE route would do). */
const SESSION_ID = '00000000-0000-4000-8000-000000000009';

const render = modalRender('delete-item');

const meta = {
  title: 'Modals/Common/Delete item',
  component: DeleteItemModal,
  args: {
    kind: 'session-note',
    clientName: 'Jane D.',
    route: 'revokeSession',
    params: { id: SESSION_ID },
    onDeleted: fn(),
  },
  argTypes: { kind: { control: 'select', options: DELETE_KINDS } },
  parameters: modalParameters(
    'Asks for confirmation before a record is deleted, naming it ("Delete invoice “INV-0042”?", "Delete session note ' +
      'for Jane D.?"), then deletes it through a contract DELETE route (or the caller’s `onDelete`). On success the ' +
      'SPEC.md §8 message of its kind shows as a success banner; a failure keeps the dialog open with "Failed to ' +
      'delete item. Please try again.".',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof DeleteItemModal>;
export default meta;
// The props are a union (a route or a callback): the story type comes from the meta, not from ModalStoryObj.
type Story = StoryObj<typeof meta>;

const TITLE = 'Delete session note for Jane D.?';

/** A client's session note, open at rest. */
export const Default: Story = {};

/** A record with a name of its own. */
export const NamedRecord: Story = { args: { kind: 'service', name: 'Initial consultation', clientName: undefined } };

/** A slow server while the record is deleted: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ revokeSession: slow({ response: { detail: 'Done.' } }) }),
  play: async ({ canvasElement }) => {
    const { dialog, element } = await findModal(canvasElement, TITLE, 'alertdialog');
    await clickButton(dialog, 'Delete');
    await expectBusy(element);
  },
};

/** The server refuses (500): the dialog stays open with the SPEC.md §8 failure message, also as an error banner. */
export const ServerError: Story = {
  args: { kind: 'invoice', name: 'INV-0042', clientName: undefined },
  render: render({ revokeSession: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Delete invoice “INV-0042”?', 'alertdialog');
    await clickButton(dialog, 'Delete');
    await expect(await dialog.findByText(DELETE_FAILED_MESSAGE)).toBeVisible();
    await expectBanner(canvasElement, DELETE_FAILED_MESSAGE);
  },
};

/** Deletes the note: the SPEC.md §8 message of its kind shows as a success banner and the caller is told. */
export const Interaction: Story = {
  play: async ({ canvasElement, args }) => {
    const { body, dialog } = await findModal(canvasElement, TITLE, 'alertdialog');
    await clickButton(dialog, 'Delete');
    await expectBanner(canvasElement, DELETE_SUCCESS_MESSAGES['session-note']);
    await waitFor(() => expect(args.onDeleted).toHaveBeenCalled());
    await waitFor(() => expect(body.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** A supervision session: SPEC.md writes its message without a full stop. */
export const InteractionSupervisionSession: Story = {
  args: { kind: 'supervision-session', name: '12 March, Dr A. Patel', clientName: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, /^Delete supervision session/, 'alertdialog');
    await clickButton(dialog, 'Delete');
    await expectBanner(canvasElement, 'Supervision session was successfully deleted');
  },
};
