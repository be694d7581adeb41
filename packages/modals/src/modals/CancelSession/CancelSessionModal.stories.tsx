import type { Meta } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
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
import {
  CANCELLED_SESSION_ID,
  SESSION_CHANGED,
  SESSIONS,
  cancellationFeeHandler,
  sessionHandlers,
  withCancelledSession,
} from '@halcyon/api/testing';
import { CancelSessionModal, SESSION_CANCELLED } from './CancelSessionModal';

const render = modalRender('cancel-session', sessionHandlers);

const meta = {
  title: 'Modals/Sessions/Cancel session',
  component: CancelSessionModal,
  args: { sessionId: 103 },
  parameters: modalParameters(
    'Cancels one session: who cancelled (the client or the practice) and why, the late cancellation fee the ' +
      "practice's cancellation policy sets for cancelling now (shown before saving, suggested when one applies, " +
      'recorded on the client’s account when charged), and whether the client is told by e-mail. The time slot is ' +
      'released in the calendar. A session already cancelled cannot be cancelled again: the modal says so.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof CancelSessionModal>;
export default meta;
type Story = ModalStoryObj<'cancel-session'>;

async function cancelWithReason(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Cancel session');
  await userEvent.type(await dialog.findByRole('textbox', { name: /Reason/ }, { timeout: 5000 }), 'Unwell');
  await clickButton(dialog, 'Cancel session');
  return dialog;
}

/** A scheduled session, open at rest. */
export const Default: Story = {};

/** Cancelled with enough notice: no rule of the policy applies, so no fee is offered. */
export const NoFee: Story = {
  render: render({
    getCancellationFee: cancellationFeeHandler(
      (id) => SESSIONS.find((s) => s.id === id) ?? null,
      () => [],
    ),
  }),
};

/** A session already cancelled: nothing to do but close. */
export const ReadOnly: Story = {
  args: { sessionId: CANCELLED_SESSION_ID },
  render: render(withCancelledSession()),
};

/** A slow server while the cancellation saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ cancelSession: slow(sessionHandlers().cancelSession) }),
  play: async ({ canvasElement }) => {
    await cancelWithReason(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Cancel session')).element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ cancelSession: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await cancelWithReason(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Someone changed the session meanwhile (409): the server's words; nothing was saved. */
export const Conflict: Story = {
  render: render({ cancelSession: conflict(SESSION_CHANGED) }),
  play: async ({ canvasElement }) => {
    const dialog = await cancelWithReason(canvasElement);
    await expectModalError(dialog, SESSION_CHANGED);
  },
};

/** Gives a reason and cancels: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await cancelWithReason(canvasElement);
    await expectBanner(canvasElement, SESSION_CANCELLED);
  },
};
