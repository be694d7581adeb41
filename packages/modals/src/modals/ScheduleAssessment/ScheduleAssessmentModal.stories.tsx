import type { Meta } from '@storybook/react-vite';
import { assessmentScheduleFixture, type MockHandlers } from '@halcyon/api/testing';
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
import { ITEM_SHARED_MESSAGE } from '@halcyon/api/contract';
import { SCHEDULE_CREATED_MESSAGE, ScheduleAssessmentModal } from './ScheduleAssessmentModal';

/** A date inside the form's range (today onwards), whatever day the story runs. */
const START = new Date(Date.now() + 180 * 86_400_000).toISOString().slice(0, 10);

function handlers(): MockHandlers {
  return {
    createAssessmentSchedule: ({ body }) => assessmentScheduleFixture(body),
    sendMeasureLink: () => ({
      detail: ITEM_SHARED_MESSAGE,
      sentTo: 'jane@client.example',
      expiresAt: '2026-01-22T09:00:00.000Z',
    }),
  };
}

const render = modalRender('schedule-assessment', handlers);

const meta = {
  title: 'Modals/Clinical/Schedule assessment',
  component: ScheduleAssessmentModal,
  args: { clientId: 7, clientEmail: 'jane@client.example', defaults: { startDate: START } },
  parameters: modalParameters(
    'Asks the client to complete a measure themselves: `mode: "schedule"` (the default) sets a start date and a ' +
      'repeat (every one, two or four weeks), and the client is e-mailed a link each time; `mode: "now"` e-mails a ' +
      'single-use link at once. The client’s e-mail address is shown as where the link goes.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof ScheduleAssessmentModal>;
export default meta;
type Story = ModalStoryObj<'schedule-assessment'>;

async function schedule(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Schedule a measure');
  await clickButton(dialog, 'Schedule');
  return dialog;
}

/** A PHQ-9 every two weeks from a start date, open at rest. */
export const Default: Story = {};

/** Sending a link now. */
export const SendNow: Story = { args: { mode: 'now' } };

/** A slow server while the schedule saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createAssessmentSchedule: slow(handlers().createAssessmentSchedule) }),
  play: async ({ canvasElement }) => {
    await schedule(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Schedule a measure')).element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ createAssessmentSchedule: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await schedule(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Schedules the measure: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await schedule(canvasElement);
    await expectBanner(canvasElement, SCHEDULE_CREATED_MESSAGE);
  },
};
