import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
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
  type ModalQueries,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { PLAN_CLIENT_ID, treatmentPlanHandlers } from '@halcyon/api/testing';
import { TREATMENT_PLAN_CREATED, TreatmentPlanModal } from './TreatmentPlanModal';

const render = modalRender('treatment-plan', treatmentPlanHandlers);

const meta = {
  title: 'Modals/Clinical/Treatment plan',
  component: TreatmentPlanModal,
  args: { clientId: PLAN_CLIENT_ID },
  parameters: modalParameters(
    'Creates a client’s treatment plan: a title, the problems it addresses, start and review dates, notes, and its ' +
      'goals, each with objectives (a target date, achieved or not), interventions, frequency, a target date, a ' +
      'measure and a status. The new plan becomes the client’s current plan unless that box is cleared.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof TreatmentPlanModal>;
export default meta;
type Story = ModalStoryObj<'treatment-plan'>;

async function fillPlan(dialog: ModalQueries) {
  await userEvent.type(dialog.getByRole('textbox', { name: 'Title' }), 'Low mood and sleep');
  await userEvent.type(dialog.getByRole('textbox', { name: /Goal 1: description/ }), 'Sleep 7 hours a night');
  await userEvent.click(dialog.getByRole('button', { name: 'Add objective' }));
  await userEvent.type(dialog.getByRole('textbox', { name: 'Objective 1' }), 'No screens after 22:00');
}

async function createPlan(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'New treatment plan');
  await fillPlan(dialog);
  await clickButton(dialog, 'Create plan');
  return dialog;
}

/** A new plan, open at rest. */
export const Default: Story = {};

/** A plan filled in, before it is created. */
export const Filled: Story = {
  play: async ({ canvasElement }) => {
    await fillPlan((await findModal(canvasElement, 'New treatment plan')).dialog);
  },
};

/** Create without a title: the form says what to fix. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'New treatment plan');
    await clickButton(dialog, 'Create plan');
    await expect(await dialog.findByText('Enter a title for the plan.')).toBeVisible();
  },
};

/** A slow server while the plan is created: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createTreatmentPlan: slow(treatmentPlanHandlers().createTreatmentPlan) }),
  play: async ({ canvasElement }) => {
    await createPlan(canvasElement);
    await expectBusy((await findModal(canvasElement, 'New treatment plan')).element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ createTreatmentPlan: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await createPlan(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Fills in and creates the plan: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await createPlan(canvasElement);
    await expectBanner(canvasElement, TREATMENT_PLAN_CREATED);
  },
};
