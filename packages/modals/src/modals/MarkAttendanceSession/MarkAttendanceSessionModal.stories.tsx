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
import { CANCELLED_SESSION_ID, SESSION_CHANGED, sessionHandlers, withCancelledSession } from '@halcyon/api/testing';
import { ATTENDANCE_UPDATED, MarkAttendanceSessionModal } from './MarkAttendanceSessionModal';

const render = modalRender('mark-attendance-session', sessionHandlers);

const meta = {
  title: 'Modals/Sessions/Mark attendance',
  component: MarkAttendanceSessionModal,
  args: { sessionId: 103 },
  parameters: modalParameters(
    'How a session went, once it has started: attended, attended late, did not attend, or cancelled late; for a no-show ' +
      'or a late cancellation, the fee the cancellation policy sets (shown before saving) and whether it is charged. A ' +
      'cancelled session, or one that ' +
      'has not started, cannot be marked: the modal says why.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof MarkAttendanceSessionModal>;
export default meta;
type Story = ModalStoryObj<'mark-attendance-session'>;

async function markNoShow(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Mark attendance');
  await userEvent.click(await dialog.findByRole('radio', { name: /Did not attend/ }, { timeout: 5000 }));
  await userEvent.click(await dialog.findByRole('checkbox', { name: /Charge the fee/ }, { timeout: 5000 }));
  await clickButton(dialog, 'Save attendance');
  return dialog;
}

/** A past session still marked as scheduled, open at rest. */
export const Default: Story = {};

/** A no-show: the policy's fee shows under the choice to charge it. */
export const MissedWithFee: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Mark attendance');
    await userEvent.click(await dialog.findByRole('radio', { name: /Did not attend/ }, { timeout: 5000 }));
    await dialog.findByText(/Per your cancellation policy/);
  },
};

/** A session already marked (attended, late): the form starts from it. */
export const Filled: Story = { args: { sessionId: 102 } };

/** A cancelled session: its attendance cannot be marked. */
export const ReadOnly: Story = {
  args: { sessionId: CANCELLED_SESSION_ID },
  render: render(withCancelledSession()),
};

/** A slow server while the attendance saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ markSessionAttendance: slow(sessionHandlers().markSessionAttendance) }),
  play: async ({ canvasElement }) => {
    await markNoShow(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Mark attendance')).element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ markSessionAttendance: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await markNoShow(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Someone changed the session meanwhile (409): the server's words; nothing was saved. */
export const Conflict: Story = {
  render: render({ markSessionAttendance: conflict(SESSION_CHANGED) }),
  play: async ({ canvasElement }) => {
    const dialog = await markNoShow(canvasElement);
    await expectModalError(dialog, SESSION_CHANGED);
  },
};

/** Marks a no-show with the fee and saves: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await markNoShow(canvasElement);
    await expectBanner(canvasElement, ATTENDANCE_UPDATED);
  },
};
