import { BOOKING_MESSAGES } from '@halcyon/api/contract';
import { billingSettingsHandlers, bookingHandlers } from '@halcyon/api/testing';
import type { Meta } from '@storybook/react-vite';
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
  AVAILABILITY_CREATED,
  AVAILABILITY_UPDATED,
  SetAppointmentAvailabilityModal,
} from './SetAppointmentAvailabilityModal';

const render = modalRender('set-appointment-availability', () => ({
  ...billingSettingsHandlers(),
  ...bookingHandlers(),
}));

const meta = {
  title: 'Modals/Scheduling/Set appointment availability',
  component: SetAppointmentAvailabilityModal,
  args: {},
  parameters: modalParameters(
    'A member’s weekly hours: days with their times (read in the practice’s time zone, so 09:00 stays 09:00 across ' +
      'daylight-saving changes), where they are spent and which services are offered in them. An Admin sets anyone’s ' +
      'hours, a Therapist their own. Two overlapping times of one day, or an end before a start, are refused.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetAppointmentAvailabilityModal>;
export default meta;
type Story = ModalStoryObj<'set-appointment-availability'>;

/** New hours, open at rest (one day to start from). */
export const Default: Story = {};

/** Existing hours, open for editing. */
export const Editing: Story = { args: { id: 11 } };

/** Hours deleted meanwhile: the modal says so. */
export const NotFound: Story = { args: { id: 999 } };

/** A slow server while the hours save: the dialog is busy. */
export const Saving: Story = {
  render: render({ createAvailability: slow(bookingHandlers().createAvailability) }),
  play: async ({ canvasElement }) => {
    const { dialog, element } = await findModal(canvasElement, 'Add availability');
    await clickButton(dialog, 'Add availability');
    await expectBusy(element);
  },
};

/** The server fails (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ createAvailability: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add availability');
    await clickButton(dialog, 'Add availability');
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Someone changed the hours meanwhile (409): the server's words; nothing was saved. */
export const Conflict: Story = {
  args: { id: 11 },
  render: render({ updateAvailability: conflict(BOOKING_MESSAGES.availabilityChanged) }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit availability');
    await clickButton(dialog, 'Save changes');
    await expectModalError(dialog, BOOKING_MESSAGES.availabilityChanged);
  },
};

/** Adds hours: the Created message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add availability');
    await clickButton(dialog, 'Add availability');
    await expectBanner(canvasElement, AVAILABILITY_CREATED);
  },
};

/** Saves changed hours: the Updated message shows as a success banner. */
export const InteractionEdit: Story = {
  args: { id: 11 },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit availability');
    await clickButton(dialog, 'Save changes');
    await expectBanner(canvasElement, AVAILABILITY_UPDATED);
  },
};
