import type { Meta } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { type MockHandlers, assessmentFixture } from '@halcyon/api/testing';
import {
  clickButton,
  conflict,
  expectBanner,
  expectBusy,
  findModal,
  modalIsOpen,
  modalParameters,
  modalRender,
  serverError,
  slow,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { ASSESSMENT_DRAFT_MESSAGE, AssessmentModal } from './AssessmentModal';

/** A PHQ-9 saved as a draft, half answered. */
const DRAFT_ID = 42;

function handlers(): MockHandlers {
  return {
    createAssessment: ({ body }) =>
      assessmentFixture({ measure: body.measure, status: body.status, answers: [...body.answers] }),
    updateAssessment: ({ body }) => assessmentFixture({ status: body.status, answers: [...body.answers], version: 2 }),
    singleAssessment: ({ params }) =>
      Number(params.id) === DRAFT_ID
        ? assessmentFixture({ id: DRAFT_ID, status: 'draft', answers: [2, 1, 1, 2, null, null, null, null, null] })
        : assessmentFixture({ measure: 'gad7', answers: [2, 2, 1, 1, 2, 1, 0] }),
  };
}

const render = modalRender('assessment', handlers);

const meta = {
  title: 'Modals/Clinical/Assessment',
  component: AssessmentModal,
  args: { clientId: 7 },
  parameters: modalParameters(
    'Records a standard measure (PHQ-9, GAD-7, WEMWBS, ORS, the C-SSRS screener…) for the client: one answer per question, with the score and severity ' +
      'band updating as you go. It saves as a draft (unanswered questions allowed) or submits (every scored question ' +
      'answered). With `id`, a draft opens to continue and a submitted assessment opens read-only.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof AssessmentModal>;
export default meta;
type Story = ModalStoryObj<'assessment'>;

async function answerFirst(canvasElement: HTMLElement, name: string) {
  const { dialog } = await findModal(canvasElement, name);
  const first = await dialog.findByRole('radiogroup', { name: /^1\. / });
  await userEvent.click(await within(first).findByRole('radio', { name: 'Nearly every day' }));
  return dialog;
}

/** A new PHQ-9, open at rest. */
export const Default: Story = {};

/** A GAD-7 chosen by the caller. */
export const Gad7: Story = { args: { measure: 'gad7' } };

/** A draft, half answered, to continue. */
/** The ORS: four 0 to 10 ratings in rows, each with what its ends mean; a higher total is better. */
export const OutcomeRatingScale: Story = { args: { measure: 'ors' } };

/**
 * The C-SSRS screener after a Yes to question 2: its follow-up questions 3 to 5 have appeared, the risk notes show, and
 * the band is the highest risk level answered.
 */
export const SuicideRiskScreener: Story = {
  args: { measure: 'cssrs' },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record a measure');
    for (const question of [1, 2, 3]) {
      const group = await dialog.findByRole('radiogroup', { name: new RegExp(`^${question}\\. `) });
      await userEvent.click(within(group).getByRole('radio', { name: 'Yes' }));
    }
    await expect(dialog.getAllByRole('radiogroup')).toHaveLength(6);
    await expect(dialog.getByTestId('live-score')).toHaveTextContent('Score 2 of 3');
    await expect(dialog.getAllByRole('note')).toHaveLength(2);
  },
};

export const Filled: Story = { args: { id: DRAFT_ID } };

/** A submitted assessment: read-only, with its score and band. */
export const ReadOnly: Story = { args: { id: 41 } };

/** Submit with unanswered questions: each says what to answer. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Record a measure');
    await clickButton(dialog, 'Submit');
    await expect(await dialog.findByText('Answer question 1.')).toBeVisible();
  },
};

/** A slow server while the draft saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createAssessment: slow(handlers().createAssessment) }),
  play: async ({ canvasElement }) => {
    const dialog = await answerFirst(canvasElement, 'Record a measure');
    await clickButton(dialog, 'Save as draft');
    await expectBusy((await findModal(canvasElement, 'Record a measure')).element);
  },
};

/** The assessment cannot be read (500): the modal says so. */
export const ServerError: Story = {
  args: { id: 41 },
  render: render({ singleAssessment: serverError() }),
  play: async ({ canvasElement }) => {
    await findModal(canvasElement, 'Assessment');
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByText(/could not be loaded/)).toBeVisible();
  },
};

/** Someone changed the draft meanwhile (409): the server's words; the answers stay. */
export const Conflict: Story = {
  args: { id: DRAFT_ID },
  render: render({
    updateAssessment: conflict(
      'This assessment was changed elsewhere since you opened it. Note your answers, reload, and apply them again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await answerFirst(canvasElement, 'Continue PHQ-9');
    await clickButton(dialog, 'Save as draft');
    await expect(await dialog.findByText(/changed elsewhere since you opened it/)).toBeVisible();
  },
};

/** Records an answer: the live score updates; saved as a draft, SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await answerFirst(canvasElement, 'Record a measure');
    await expect(dialog.getByTestId('live-score')).toHaveTextContent('Score 3 of 27');
    await clickButton(dialog, 'Save as draft');
    await expectBanner(canvasElement, ASSESSMENT_DRAFT_MESSAGE);
  },
};
