import type { Meta } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
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
import { PLAN_CLIENT_ID, PLAN_V2, treatmentPlanHandlers } from '@halcyon/api/testing';
import { TREATMENT_PLAN_REVIEW_RECORDED, TreatmentPlanReviewModal } from './TreatmentPlanReviewModal';

const render = modalRender('treatment-plan-review', treatmentPlanHandlers);

const meta = {
  title: 'Modals/Clinical/Treatment plan review',
  component: TreatmentPlanReviewModal,
  args: { clientId: PLAN_CLIENT_ID, treatmentPlanId: PLAN_V2.id },
  parameters: modalParameters(
    'Records a review of a treatment plan version: the review date, progress and a comment on each goal, the outcome ' +
      '(continue, revise, complete…), a summary and the next review date.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof TreatmentPlanReviewModal>;
export default meta;
type Story = ModalStoryObj<'treatment-plan-review'>;

async function review(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Review treatment plan');
  await userEvent.type(
    await dialog.findByRole('textbox', { name: 'Comment on goal 1' }, { timeout: 5000 }),
    'Fewer attacks',
  );
  await clickButton(dialog, 'Record review');
  return dialog;
}

/** A review of the current plan, open at rest. */
export const Default: Story = {};

/** A slow server while the review saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createTreatmentPlanReview: slow(treatmentPlanHandlers().createTreatmentPlanReview) }),
  play: async ({ canvasElement }) => {
    await review(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Review treatment plan')).element);
  },
};

/** The plan cannot be read (500): the modal says so. */
export const ServerError: Story = {
  render: render({ getTreatmentPlan: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Review treatment plan');
    await expectModalError(dialog, 'The plan could not be loaded. Close this window and try again.');
  },
};

/** Comments on a goal and records the review: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await review(canvasElement);
    await expectBanner(canvasElement, TREATMENT_PLAN_REVIEW_RECORDED);
  },
};
