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
import { SetAppointmentCancellationModal } from './SetAppointmentCancellationModal';

const render = modalRender('set-appointment-cancellation', appointmentPolicyHandlers);

const meta = {
  title: 'Modals/Scheduling/Set appointment cancellation',
  component: SetAppointmentCancellationModal,
  args: { id: 21 },
  parameters: modalParameters(
    'A rule of the cancellation policy (Settings > Appointments): cancelling less than so many hours before the start ' +
      '(or at any time) costs a percentage of the session price or a fixed amount, with a message for clients. The ' +
      'cancel-session and mark-attendance-session modals show the fee it sets before saving. Without `id` it adds a ' +
      'rule; with `id` it edits one and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetAppointmentCancellationModal>;
export default meta;
type Story = ModalStoryObj<'set-appointment-cancellation'>;

async function raisePercentage(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit policy rule');
  const percent = await dialog.findByDisplayValue('50', undefined, { timeout: 5000 });
  await userEvent.clear(percent);
  await userEvent.type(percent, '75');
  await clickButton(dialog, 'Save rule');
  return dialog;
}

/** A percentage rule (half the price inside 24 hours), open at rest, with Delete. */
export const Default: Story = {};

/** A new rule: 24 hours and half the price to start from. */
export const Empty: Story = { args: { id: undefined } };

/** A fixed-fee rule (£20.00 inside 48 hours). */
export const FixedFee: Story = { args: { id: 22 } };

/** A fixed fee without its amount: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add policy rule');
    await userEvent.click(dialog.getByRole('radio', { name: 'A fixed amount' }));
    await clickButton(dialog, 'Add rule');
    await expect(await dialog.findByText('Enter the fee.')).toBeVisible();
  },
};

/** A slow server while the rule saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateCancellationRule: slow(appointmentPolicyHandlers().updateCancellationRule) }),
  play: async ({ canvasElement }) => {
    await raisePercentage(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit policy rule')).element);
  },
};

/** The rule cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getCancellationRule: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit policy rule');
    await expect(await dialog.findByText('This policy rule could not be loaded')).toBeVisible();
  },
};

/** Someone changed the rule meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateCancellationRule: conflict(APPOINTMENT_POLICY_MESSAGES.ruleChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await raisePercentage(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('75')).toBeVisible();
  },
};

/** A new rule for missed sessions: the notice is 0 hours; the message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add policy rule');
    const hours = dialog.getByLabelText(/^Cancelled less than/);
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    await clickButton(dialog, 'Add rule');
    await expectBanner(canvasElement, APPOINTMENT_POLICY_MESSAGES.ruleCreated);
  },
};
