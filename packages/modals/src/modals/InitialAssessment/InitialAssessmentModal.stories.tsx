import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { type MockHandlers, initialAssessmentFixture } from '@halcyon/api/testing';
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
import { INITIAL_ASSESSMENT_SAVED_MESSAGE, InitialAssessmentModal } from './InitialAssessmentModal';

function handlers(): MockHandlers {
  return {
    initialAssessment: () => initialAssessmentFixture(),
    saveInitialAssessment: ({ body }) =>
      initialAssessmentFixture({ goals: body.goals ?? null, version: (body.version ?? 0) + 1 }),
  };
}

const render = modalRender('initial-assessment', handlers);

const meta = {
  title: 'Modals/Clinical/Initial assessment',
  component: InitialAssessmentModal,
  args: { clientId: 7 },
  parameters: modalParameters(
    'The client’s one initial assessment: the date, the presenting problem, history, mental state, risk screen, goals ' +
      'and formulation. It opens with what is stored; a save made elsewhere meanwhile is refused (409) and the typed ' +
      'text is kept, with a way to copy it and reload.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof InitialAssessmentModal>;
export default meta;
type Story = ModalStoryObj<'initial-assessment'>;

async function addGoals(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Initial assessment');
  await userEvent.type(await dialog.findByRole('textbox', { name: /Goals/ }), 'Sleep through the night');
  await clickButton(dialog, 'Save');
  return dialog;
}

/** The stored assessment, open at rest. */
export const Default: Story = {};

/** A client without an initial assessment yet. */
export const Empty: Story = { render: render({ initialAssessment: () => null }) };

/** A slow server while the assessment saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ saveInitialAssessment: slow(handlers().saveInitialAssessment) }),
  play: async ({ canvasElement }) => {
    await addGoals(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Initial assessment')).element);
  },
};

/** The server fails the save (500): SPEC.md's message in the modal, which stays open. */
export const ServerError: Story = {
  render: render({ saveInitialAssessment: serverError() }),
  play: async ({ canvasElement }) => {
    const dialog = await addGoals(canvasElement);
    await expectModalError(dialog, /Status: 500/);
  },
};

/** Someone saved the assessment meanwhile (409): the server's words, the typed text kept. */
export const Conflict: Story = {
  render: render({
    saveInitialAssessment: conflict(
      'The initial assessment was changed elsewhere since you opened it. Copy your text, reload, and apply it again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await addGoals(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByRole('textbox', { name: /Goals/ })).toHaveValue('Sleep through the night');
  },
};

/** Adds goals and saves: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await addGoals(canvasElement);
    await expectBanner(canvasElement, INITIAL_ASSESSMENT_SAVED_MESSAGE);
  },
};
