import type { Meta } from '@storybook/react-vite';
import { userEvent } from 'storybook/test';
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
import { RISK_ASSESSMENT_V1, RISK_CLIENT_ID, riskHandlers } from '@halcyon/api/testing';
import { RISK_ASSESSMENT_SAVED, RiskAssessmentModal } from './RiskAssessmentModal';

const render = modalRender('risk-assessment', riskHandlers);

const meta = {
  title: 'Modals/Risk/Risk assessment',
  component: RiskAssessmentModal,
  args: { clientId: RISK_CLIENT_ID },
  parameters: modalParameters(
    'A new version of the client’s risk assessment, starting from the current one (or from `previousVersionId`): the ' +
      'level of risk in each area with its risk and protective factors, the overall level and why, the management ' +
      'plan and the next review date. Saving sets the client’s risk level to the overall level; a save after someone ' +
      'else saved a newer version (409) keeps the typed text and offers to copy it and reload.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof RiskAssessmentModal>;
export default meta;
type Story = ModalStoryObj<'risk-assessment'>;

async function rateHigh(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Risk assessment');
  await userEvent.click(await dialog.findByRole('radio', { name: 'High' }, { timeout: 5000 }));
  await clickButton(dialog, 'Save risk assessment');
  return dialog;
}

/** The next version, starting from the current assessment, open at rest. */
export const Default: Story = {};

/** The client's first risk assessment. */
export const Empty: Story = { render: render(riskHandlers({ assessments: [] })) };

/** A new version starting from a past one. */
export const FromPastVersion: Story = { args: { previousVersionId: RISK_ASSESSMENT_V1.id } };

/** A slow server while the assessment saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ saveRiskAssessment: slow(riskHandlers().saveRiskAssessment) }),
  play: async ({ canvasElement }) => {
    await rateHigh(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Risk assessment')).element);
  },
};

/** The current assessment cannot be read (500): the modal says so. */
export const ServerError: Story = {
  render: render({ getCurrentRiskAssessment: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Risk assessment');
    await expectModalError(dialog, 'The risk assessment could not be loaded. Close this window and try again.');
  },
};

/** Someone saved a newer version meanwhile (409): the server's words, Copy and Reload offered. */
export const Conflict: Story = {
  render: render({
    saveRiskAssessment: conflict(
      'Someone saved a newer version of this risk assessment since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await rateHigh(canvasElement);
    await expectModalError(dialog, /saved a newer version of this risk assessment/);
  },
};

/** Rates the risk high and saves: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await rateHigh(canvasElement);
    await expectBanner(canvasElement, RISK_ASSESSMENT_SAVED);
  },
};
