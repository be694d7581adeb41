import { SESSION_MESSAGES } from '@halcyon/api/contract';
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
import { SESSION_CLIENT_ID, SIGNED_NOTE, sessionHandlers } from '@halcyon/api/testing';
import { NOTE_SAVED, SessionNoteModal } from './SessionNoteModal';

const render = modalRender('session-note', sessionHandlers);

const meta = {
  title: 'Modals/Sessions/Session note',
  component: SessionNoteModal,
  args: { clientId: SESSION_CLIENT_ID, sessionId: 102 },
  parameters: modalParameters(
    'The clinical note of a session (or, with `generic`, a general clinical note not tied to a session). A draft is ' +
      'written from a template (SOAP, DAP, BIRP, free text or one of the practice’s form templates) and saves itself a few seconds after typing stops; ' +
      '"Sign and lock" makes it part of the clinical record, after which it changes only by addenda. A save refused ' +
      'because the note changed elsewhere (409) keeps the text and offers "Copy my text" and "Reload the newest version".',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SessionNoteModal>;
export default meta;
type Story = ModalStoryObj<'session-note'>;

/** Types a sentence at the end of the note. */
async function typeInNote(canvasElement: HTMLElement, text: string) {
  const { dialog } = await findModal(canvasElement, 'Session note');
  await userEvent.click(await dialog.findByRole('textbox', { name: /^Note/ }, { timeout: 5000 }));
  await userEvent.keyboard(text);
  return dialog;
}

/** The draft note of a session, open at rest. */
export const Default: Story = {};

/** A session without a note yet: the SOAP template to fill in. */
export const Empty: Story = { args: { sessionId: 103 } };

/** A general clinical note, not tied to a session: a title and the note. */
export const GenericNote: Story = { args: { sessionId: undefined, generic: true } };

/** A signed note: the text and addenda are read-only; only a new addendum can be written. */
export const ReadOnly: Story = { args: { sessionId: undefined, id: SIGNED_NOTE.id } };

/** An empty addendum on a signed note: the form says what to write. */
export const ValidationErrors: Story = {
  args: { sessionId: undefined, id: SIGNED_NOTE.id },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Signed note');
    await clickButton(dialog, 'Add addendum');
    await expect(await dialog.findByText(SESSION_MESSAGES.addendumEmpty)).toBeVisible();
  },
};

/** A slow server while the draft saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateSessionNote: slow(sessionHandlers().updateSessionNote) }),
  play: async ({ canvasElement }) => {
    const dialog = await typeInNote(canvasElement, ' Plan to review sleep diary.');
    await clickButton(dialog, 'Save draft');
    await expectBusy((await findModal(canvasElement, 'Session note')).element);
  },
};

/** The note cannot be read (500): the modal says so instead of an empty form. */
export const ServerError: Story = {
  render: render({ getSessionNote: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Session note');
    await expectModalError(dialog, 'This note could not be loaded: it may have been deleted.');
  },
};

/** Someone saved the note meanwhile (409): the server's words, the typed text kept, Copy and Reload offered. */
export const Conflict: Story = {
  render: render({
    updateSessionNote: conflict(
      'This note was changed elsewhere since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await typeInNote(canvasElement, ' Plan to review sleep diary.');
    await clickButton(dialog, 'Save draft');
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByRole('button', { name: 'Reload the newest version' })).toBeVisible();
  },
};

/** Adds a line to the draft and saves it: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await typeInNote(canvasElement, ' Plan to review sleep diary.');
    await clickButton(dialog, 'Save draft');
    await expectBanner(canvasElement, NOTE_SAVED);
  },
};
