import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
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
import { SESSION_CLIENT_ID, sessionHandlers } from '@halcyon/api/testing';
import { PRIVATE_NOTE_SAVED, PrivateSessionNoteModal } from './PrivateSessionNoteModal';

const render = modalRender('private-session-note', sessionHandlers);

const meta = {
  title: 'Modals/Sessions/Private session note',
  component: PrivateSessionNoteModal,
  args: { clientId: SESSION_CLIENT_ID, sessionId: 102 },
  parameters: modalParameters(
    'The therapist’s private process note about one session: reflections, hypotheses, things to take to supervision. ' +
      'It is not part of the clinical record the client may request, only the practice’s clinicians can open it, and ' +
      'it is saved with its version: a save after someone else saved it meanwhile (409) keeps the text and offers ' +
      '"Copy my text" and "Reload the newest version".',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof PrivateSessionNoteModal>;
export default meta;
type Story = ModalStoryObj<'private-session-note'>;

async function typeInNote(canvasElement: HTMLElement, text: string) {
  const { dialog } = await findModal(canvasElement, 'Private note');
  await userEvent.click(await dialog.findByRole('textbox', { name: /^Private note/ }, { timeout: 5000 }));
  await userEvent.keyboard(text);
  return dialog;
}

/** The private note of a session, open at rest. */
export const Default: Story = {};

/** A session without a private note yet. */
export const Empty: Story = { args: { sessionId: 103 } };

/** A slow server while the note saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ savePrivateSessionNote: slow(sessionHandlers().savePrivateSessionNote) }),
  play: async ({ canvasElement }) => {
    const dialog = await typeInNote(canvasElement, ' Bring to supervision.');
    await clickButton(dialog, 'Save private note');
    await expectBusy((await findModal(canvasElement, 'Private note')).element);
  },
};

/** The note cannot be read (500): the modal says so instead of an empty form. */
export const ServerError: Story = {
  render: render({ getPrivateSessionNote: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Private note');
    await expectModalError(dialog, 'This private note could not be loaded: the session may have been deleted.');
  },
};

/** Someone saved the note meanwhile (409): the server's words, the typed text kept, Copy and Reload offered. */
export const Conflict: Story = {
  render: render({
    savePrivateSessionNote: conflict(
      'This private note was changed elsewhere since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await typeInNote(canvasElement, ' Bring to supervision.');
    await clickButton(dialog, 'Save private note');
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByRole('button', { name: 'Copy my text' })).toBeVisible();
  },
};

/** Adds a line and saves: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await typeInNote(canvasElement, ' Bring to supervision.');
    await clickButton(dialog, 'Save private note');
    await expectBanner(canvasElement, PRIVATE_NOTE_SAVED);
  },
};
