import type { Meta } from '@storybook/react-vite';
import { expect } from 'storybook/test';
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
import { billingSettingsHandlers, diaryHandlers, SESSION_CLIENT_ID, sessionHandlers } from '@halcyon/api/testing';
import { CHECK_FIELDS } from '../../form/parseBody';
import { ScheduleAppointmentModal, SESSION_SCHEDULED } from './ScheduleAppointmentModal';

const render = modalRender('schedule-appointment', () => ({
  ...billingSettingsHandlers(),
  ...sessionHandlers(),
  ...diaryHandlers(),
}));

/** The therapist is busy then (409): the server's words. */
const BUSY_THEN =
  'You already have a session on Mon 2 Mar 2026, 10:00 at that time. Choose another time, or schedule it anyway.';

const meta = {
  title: 'Modals/Sessions/Schedule appointment',
  component: ScheduleAppointmentModal,
  args: { kind: 'session', defaults: { clientId: SESSION_CLIENT_ID, date: '2026-03-02', start: '10:00' } },
  parameters: modalParameters(
    'Puts something in the calendar: a session with a client (in person or by video, one-off or repeating weekly, ' +
      'fortnightly or monthly), an appointment, or blocked time. Times are in the practice’s time zone. When the ' +
      'therapist already has something at that time the server names it (409), and "Book anyway" keeps it where the ' +
      'practice allows double-booking. With ' +
      '`id` it reschedules that session.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof ScheduleAppointmentModal>;
export default meta;
type Story = ModalStoryObj<'schedule-appointment'>;

/** A session for a client on the day and time clicked in the calendar, open at rest. */
export const Default: Story = {};

/** A new session without a client chosen yet. */
export const Empty: Story = { args: { kind: 'session', defaults: { date: '2026-03-02', start: '10:00' } } };

/** An appointment (not a session): a title and who attends. */
export const Appointment: Story = { args: { kind: 'appointment', defaults: { date: '2026-03-02', start: '14:00' } } };

/** Blocked time in the calendar. */
export const BlockedTime: Story = { args: { kind: 'blocked-time', defaults: { date: '2026-03-02', start: '12:00' } } };

/** An existing session, rescheduled. */
export const Filled: Story = { args: { kind: 'session', id: 103, defaults: undefined } };

/** Schedule without a client: the form says what to fix. */
export const ValidationErrors: Story = {
  args: Empty.args,
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Schedule a session');
    await clickButton(dialog, 'Schedule');
    // Every message has its field, so the sentence above the form is not repeated (useContractForm).
    await expect(await dialog.findByText('Choose the client.')).toBeVisible();
    await expect(dialog.queryByText(CHECK_FIELDS)).toBeNull();
  },
};

/** A slow server while the session is scheduled: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ scheduleSession: slow(sessionHandlers().scheduleSession) }),
  play: async ({ canvasElement }) => {
    const { dialog, element } = await findModal(canvasElement, 'Schedule a session');
    await clickButton(dialog, 'Schedule');
    await expectBusy(element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ scheduleSession: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Schedule a session');
    await clickButton(dialog, 'Schedule');
    await expectModalError(dialog, /Status: 500/);
  },
};

/** The therapist already has something then (409) and the practice does not allow double-booking: the clash only. */
export const Conflict: Story = {
  render: render({ scheduleSession: conflict(BUSY_THEN) }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Schedule a session');
    await clickButton(dialog, 'Schedule');
    await expectModalError(dialog, BUSY_THEN);
    await expect(dialog.queryByRole('button', { name: 'Book anyway' })).toBeNull();
  },
};

/** The same clash where the practice allows double-booking: "Book anyway". */
export const ConflictBookAnyway: Story = {
  render: render({
    ...diaryHandlers({ preferences: { allowDoubleBooking: true, version: 1 } }),
    scheduleSession: conflict(BUSY_THEN),
  }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Schedule a session');
    await clickButton(dialog, 'Schedule');
    await expectModalError(dialog, BUSY_THEN);
    await expect(dialog.getByRole('button', { name: 'Book anyway' })).toBeVisible();
  },
};

/** Schedules the session: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Schedule a session');
    await clickButton(dialog, 'Schedule');
    await expectBanner(canvasElement, SESSION_SCHEDULED);
  },
};
