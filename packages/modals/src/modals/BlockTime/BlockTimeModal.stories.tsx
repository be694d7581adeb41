import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { diaryHandlers, sessionHandlers } from '@halcyon/api/testing';
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
import { BLOCKED_TIME_ADDED, BlockTimeModal } from './BlockTimeModal';

const render = modalRender('block-time', () => ({ ...sessionHandlers(), ...diaryHandlers() }));
/** The practice allows double-booking: a clash offers "Block anyway". */
const doubleBooking = () => diaryHandlers({ preferences: { allowDoubleBooking: true, version: 1 } });

const meta = {
  title: 'Modals/Scheduling/Block time',
  component: BlockTimeModal,
  args: { defaults: { date: '2026-01-13', start: '15:00', end: '16:00' } },
  parameters: modalParameters(
    'Blocks time in a team member’s calendar so nothing is booked over it: a title (Lunch, Training day), a start and ' +
      'an end or whole days, repeating weekly, fortnightly or monthly. Times are in the practice’s time zone. A clash ' +
      'with an event already there is refused with the event’s name; "Block anyway" appears only where the practice ' +
      'allows double-booking.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof BlockTimeModal>;
export default meta;
type Story = ModalStoryObj<'block-time'>;

async function fill(canvasElement: HTMLElement, title = 'Admin time') {
  const { dialog, element } = await findModal(canvasElement, 'Block time');
  await userEvent.type(await dialog.findByRole('textbox', { name: /Title/ }), title);
  await clickButton(dialog, 'Block time');
  return { dialog, element };
}

/** A slot clicked in the calendar, open at rest. */
export const Default: Story = {};

/** Whole days, repeating weekly. */
export const Filled: Story = {
  args: {
    defaults: {
      title: 'Training day',
      date: '2026-01-15',
      allDay: true,
      recurrence: { frequency: 'weekly', count: 4 },
    },
  },
};

/** A slow server while it saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createAppointment: slow(diaryHandlers().createAppointment) }),
  play: async ({ canvasElement }) => {
    const { element } = await fill(canvasElement);
    await expectBusy(element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which keeps the input. */
export const ServerError: Story = {
  render: render({ createAppointment: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await fill(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** The time clashes with a session and the practice does not allow double-booking: the clash is named, no way round. */
export const Conflict: Story = {
  args: { defaults: { date: '2026-01-12', start: '09:00', end: '10:00' } },
  play: async ({ canvasElement }) => {
    const { dialog } = await fill(canvasElement, 'Dentist');
    await expectModalError(dialog, /That overlaps Individual therapy/);
    await expect(dialog.queryByRole('button', { name: 'Block anyway' })).toBeNull();
  },
};

/** The same clash where the practice allows double-booking: "Block anyway". */
export const ConflictBookAnyway: Story = {
  args: Conflict.args,
  render: render(doubleBooking()),
  play: async ({ canvasElement }) => {
    const { dialog } = await fill(canvasElement, 'Dentist');
    await clickButton(dialog, 'Block anyway');
    await expectBanner(canvasElement, BLOCKED_TIME_ADDED);
  },
};

/** Blocks the hour: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await fill(canvasElement);
    await expectBanner(canvasElement, BLOCKED_TIME_ADDED);
  },
};
