import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DIARY_MESSAGES } from '@halcyon/api/contract';
import { diaryHandlers, sessionHandlers } from '@halcyon/api/testing';
import {
  clickButton,
  conflict,
  expectBanner,
  expectModalError,
  findModal,
  modalIsOpen,
  modalParameters,
  modalRender,
  serverError,
  slow,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { SelectedAppointmentModal } from './SelectedAppointmentModal';

const render = modalRender('selected-appointment', () => ({ ...sessionHandlers(), ...diaryHandlers() }));
/** The practice allows double-booking: a clash offers "Book anyway". */
const doubleBooking = () => ({
  ...sessionHandlers(),
  ...diaryHandlers({ preferences: { allowDoubleBooking: true, version: 1 } }),
});
/** A drag of Priya Shah's session onto the supervision hour. */
const ONTO_SUPERVISION = { startsAt: '2026-01-12T16:00:00.000Z', endsAt: '2026-01-12T16:50:00.000Z' };

const meta = {
  title: 'Modals/Scheduling/Selected appointment',
  component: SelectedAppointmentModal,
  args: { eventId: 'session-101' },
  parameters: modalParameters(
    'One event of the diary: a session (when, client, therapist, where, video link, status, series), an appointment ' +
      'or blocked time, with what can be done to it. Every role can move an event (the Assistant books for the team); ' +
      'Admin and Therapist also edit, cancel, mark attendance and delete sessions. Opened with `move` (a drag in ' +
      '/Schedule) it starts on the move step: the server names any clash, and "Book anyway" appears only where the ' +
      'practice allows double-booking.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SelectedAppointmentModal>;
export default meta;
type Story = ModalStoryObj<'selected-appointment'>;

/** A session with a client, open at rest. */
export const Default: Story = {};

/** A video session: the meeting link to join. */
export const Filled: Story = { args: { eventId: 'session-102' } };

/** A fortnightly supervision appointment: edit it, or delete this one, the following or the whole series. */
export const SeriesAppointment: Story = { args: { eventId: 'appointment-201' } };

/** An all-day blocked time. */
export const BlockedTime: Story = { args: { eventId: 'appointment-204' } };

/** The event is still loading. */
export const Loading: Story = {
  render: render({ retrieveAppointment: slow(diaryHandlers().retrieveAppointment) }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Appointment');
    await expect(dialog.getByLabelText('Loading the event')).toBeVisible();
  },
};

/** The event cannot be read (500): what failed, and Retry. */
export const LoadFailed: Story = {
  render: render({ retrieveAppointment: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Appointment');
    await expect(await dialog.findByRole('button', { name: 'Retry' })).toBeVisible();
  },
};

/** A drag proposes a new time: the move step, to confirm. */
export const Move: Story = {
  args: { eventId: 'session-101', move: { startsAt: '2026-01-12T10:00:00.000Z', endsAt: '2026-01-12T10:50:00.000Z' } },
};

/** The new time clashes and the practice does not allow double-booking: the clash is named, no way round. */
export const Conflict: Story = {
  args: { eventId: 'session-102', move: ONTO_SUPERVISION },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, /^Move session/);
    await clickButton(dialog, 'Move session');
    await expectModalError(dialog, /That overlaps Supervision/);
    await expect(dialog.queryByRole('button', { name: 'Book anyway' })).toBeNull();
  },
};

/** The same clash where the practice allows double-booking: "Book anyway" saves over it. */
export const ConflictBookAnyway: Story = {
  args: Conflict.args,
  render: render(doubleBooking()),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, /^Move session/);
    await clickButton(dialog, 'Move session');
    await clickButton(dialog, 'Book anyway');
    await expectBanner(canvasElement, 'Session updated.');
  },
};

/** Someone changed the event meanwhile (409): the server's sentence, copy and reload. */
export const ChangedElsewhere: Story = {
  args: {
    eventId: 'appointment-202',
    move: { startsAt: '2026-01-14T16:00:00.000Z', endsAt: '2026-01-14T17:00:00.000Z' },
  },
  render: render({ moveDiaryEvent: conflict(DIARY_MESSAGES.eventChanged) }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, /^Edit appointment/);
    await clickButton(dialog, 'Save changes');
    await expectModalError(dialog, DIARY_MESSAGES.eventChanged);
  },
};

/** Confirms a dragged session's new time: "Session updated." as a success banner. */
export const Interaction: Story = {
  args: Move.args,
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, /^Move session/);
    await clickButton(dialog, 'Move session');
    await expectBanner(canvasElement, 'Session updated.');
  },
};
