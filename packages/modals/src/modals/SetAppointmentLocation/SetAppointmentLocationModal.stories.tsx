import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { APPOINTMENT_POLICY_MESSAGES } from '@halcyon/api/contract';
import { appointmentPolicyHandlers } from '@halcyon/api/testing';
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
import { SetAppointmentLocationModal } from './SetAppointmentLocationModal';

const render = modalRender('set-appointment-location', appointmentPolicyHandlers);

const meta = {
  title: 'Modals/Scheduling/Set appointment location',
  component: SetAppointmentLocationModal,
  args: { id: 11 },
  parameters: modalParameters(
    'A place sessions happen (Settings > Appointments): its name, whether sessions there are in person (with the ' +
      'address and room), by video (with a standing link, or none when each session has its own) or by phone, and ' +
      'instructions for the client. Without `id` it adds a location; with `id` it edits one and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetAppointmentLocationModal>;
export default meta;
type Story = ModalStoryObj<'set-appointment-location'>;

async function renameRoom(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit location');
  const room = await dialog.findByDisplayValue('Room 2', undefined, { timeout: 5000 });
  await userEvent.clear(room);
  await userEvent.type(room, 'Garden room');
  await clickButton(dialog, 'Save location');
  return dialog;
}

/** An in-person location, open at rest, with Delete. */
export const Default: Story = {};

/** A new location. */
export const Empty: Story = { args: { id: undefined } };

/** A video location: its standing link instead of an address. */
export const Video: Story = { args: { id: 12 } };

/** A new in-person location without its address: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add location');
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Practice rooms');
    await clickButton(dialog, 'Add location');
    await expect(await dialog.findByText(APPOINTMENT_POLICY_MESSAGES.addressMissing)).toBeVisible();
  },
};

/** A slow server while the location saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateAppointmentLocation: slow(appointmentPolicyHandlers().updateAppointmentLocation) }),
  play: async ({ canvasElement }) => {
    await renameRoom(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit location')).element);
  },
};

/** The location cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getAppointmentLocation: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit location');
    await expect(await dialog.findByText('This location could not be loaded')).toBeVisible();
  },
};

/** Someone changed the location meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateAppointmentLocation: conflict(APPOINTMENT_POLICY_MESSAGES.locationChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await renameRoom(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Garden room')).toBeVisible();
  },
};

/** A new video location; the SPEC-style message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add location');
    await userEvent.type(dialog.getByLabelText(/^Name/), 'Video sessions');
    await userEvent.click(dialog.getByRole('radio', { name: 'Video' }));
    await clickButton(dialog, 'Add location');
    await expectBanner(canvasElement, APPOINTMENT_POLICY_MESSAGES.locationCreated);
  },
};
