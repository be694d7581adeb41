import type { Meta } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import {
  clickButton,
  expectModalError,
  findModal,
  modalIsOpen,
  modalParameters,
  modalRender,
  serverError,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { SESSION_CLIENT_ID, sessionHandlers } from '@halcyon/api/testing';
import { CHOOSE_SESSION_MESSAGE, SelectSessionModal } from './SelectSessionModal';

const render = modalRender('select-session', sessionHandlers);

const meta = {
  title: 'Modals/Sessions/Select session',
  component: SelectSessionModal,
  args: { clientId: SESSION_CLIENT_ID, purpose: 'invoice', onSelect: fn() },
  parameters: modalParameters(
    'Chooses one of a client’s sessions for something else (a note, an invoice, a document): the caller’s `onSelect` ' +
      'receives the session id and the modal closes. A client without sessions is told to schedule one first.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SelectSessionModal>;
export default meta;
type Story = ModalStoryObj<'select-session'>;

/** The client's sessions, newest first, open at rest. */
export const Default: Story = {};

/** A client without sessions: what to do first. */
export const Empty: Story = { render: render(sessionHandlers({ sessions: [] })) };

/** Choose without a session: the form says what to do. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Choose a session');
    await clickButton(dialog, 'Choose');
    await expect(await dialog.findByText(CHOOSE_SESSION_MESSAGE)).toBeVisible();
  },
};

/** The sessions cannot be read (500): the modal says so. */
export const ServerError: Story = {
  render: render({ listClientSessions: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Choose a session');
    await expectModalError(dialog, 'The sessions could not be loaded. Close and try again.');
  },
};

/** Chooses the first session: the caller receives it and the modal closes. */
export const Interaction: Story = {
  play: async ({ canvasElement, args }) => {
    const { body, dialog } = await findModal(canvasElement, 'Choose a session');
    await userEvent.click((await dialog.findAllByRole('radio'))[0]!);
    await clickButton(dialog, 'Choose');
    await waitFor(() => expect(args.onSelect).toHaveBeenCalledWith(103));
    await waitFor(() => expect(body.queryByRole('dialog', { name: 'Choose a session' })).toBeNull());
  },
};
