import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
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
import { PLAN_CLIENT_ID, PLAN_V2, treatmentPlanHandlers } from '@halcyon/api/testing';
import { TREATMENT_PLAN_GOAL_UPDATED, TreatmentPlanGoalModal } from './TreatmentPlanGoalModal';

const render = modalRender('treatment-plan-goal', treatmentPlanHandlers);

const meta = {
  title: 'Modals/Clinical/Treatment plan goal',
  component: TreatmentPlanGoalModal,
  args: { clientId: PLAN_CLIENT_ID, treatmentPlanId: PLAN_V2.id, id: 202 },
  parameters: modalParameters(
    'One goal of a treatment plan, changed in place (without a new plan version): its description, objectives, ' +
      'interventions, frequency, target date, measure and status. Without `id` it adds a goal to the plan. A change ' +
      'after someone else changed the goal (409) keeps the form and offers to copy the changes and reload.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof TreatmentPlanGoalModal>;
export default meta;
type Story = ModalStoryObj<'treatment-plan-goal'>;

async function addObjective(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit goal');
  await userEvent.click(await dialog.findByRole('button', { name: 'Add objective' }, { timeout: 5000 }));
  await userEvent.type(dialog.getByRole('textbox', { name: 'Objective 2' }), 'Two stops alone');
  await clickButton(dialog, 'Save goal');
  return dialog;
}

/** A goal of the current plan, open at rest. */
export const Default: Story = {};

/** A new goal for the plan. */
export const Empty: Story = { args: { id: undefined } };

/** A new goal without a description: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add goal');
    await clickButton(dialog, 'Add goal');
    await expect(await dialog.findByText('Describe the goal, or remove it.')).toBeVisible();
  },
};

/** A slow server while the goal saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateTreatmentPlanGoal: slow(treatmentPlanHandlers().updateTreatmentPlanGoal) }),
  play: async ({ canvasElement }) => {
    await addObjective(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit goal')).element);
  },
};

/** The plan cannot be read (500): the modal says so. */
export const ServerError: Story = {
  render: render({ getTreatmentPlan: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit goal');
    await expectModalError(dialog, 'This goal could not be loaded: it may have been removed from the plan.');
  },
};

/** Someone changed the goal meanwhile (409): the server's words, Copy and Reload offered. */
export const Conflict: Story = {
  render: render({
    updateTreatmentPlanGoal: conflict(
      'This goal was changed elsewhere since you opened it. Nothing was saved: copy your changes, reload, and apply them again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await addObjective(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
  },
};

/** Adds an objective and saves: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await addObjective(canvasElement);
    await expectBanner(canvasElement, TREATMENT_PLAN_GOAL_UPDATED);
  },
};
