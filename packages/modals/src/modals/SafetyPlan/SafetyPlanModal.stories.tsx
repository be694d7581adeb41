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
import { RISK_CLIENT_ID, riskHandlers } from '@halcyon/api/testing';
import { SAFETY_PLAN_UPDATED, SafetyPlanModal } from './SafetyPlanModal';

const render = modalRender('safety-plan', riskHandlers);

const meta = {
  title: 'Modals/Risk/Safety plan',
  component: SafetyPlanModal,
  args: { clientId: RISK_CLIENT_ID },
  parameters: modalParameters(
    'A new version of the client’s safety plan, starting from the current one (or from `previousVersionId`): warning ' +
      'signs, coping strategies, people and places that help, who to ask for help, professionals and crisis lines, ' +
      'making the environment safe, reasons for living. A save after someone else saved a newer version (409) keeps ' +
      'the typed text and offers to copy it and reload.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SafetyPlanModal>;
export default meta;
type Story = ModalStoryObj<'safety-plan'>;

async function addCopingStrategy(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Safety plan');
  await userEvent.click(await dialog.findByRole('button', { name: 'Add coping strategy' }, { timeout: 5000 }));
  await userEvent.type(dialog.getByRole('textbox', { name: 'Coping strategy 2' }), 'Cold water on face');
  await clickButton(dialog, 'Save safety plan');
  return dialog;
}

/** The next version, starting from the current plan, open at rest. */
export const Default: Story = {};

/** The client's first safety plan. */
export const Empty: Story = { render: render(riskHandlers({ safetyPlans: [] })) };

/** A slow server while the plan saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ saveSafetyPlan: slow(riskHandlers().saveSafetyPlan) }),
  play: async ({ canvasElement }) => {
    await addCopingStrategy(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Safety plan')).element);
  },
};

/** The current plan cannot be read (500): the modal says so. */
export const ServerError: Story = {
  render: render({ getCurrentSafetyPlan: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Safety plan');
    await expectModalError(dialog, 'The safety plan could not be loaded. Close this window and try again.');
  },
};

/** Someone saved a newer version meanwhile (409): the server's words, Copy and Reload offered. */
export const Conflict: Story = {
  render: render({
    saveSafetyPlan: conflict(
      'Someone saved a newer version of this safety plan since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await addCopingStrategy(canvasElement);
    await expectModalError(dialog, /saved a newer version of this safety plan/);
  },
};

/** Adds a coping strategy and saves: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await addCopingStrategy(canvasElement);
    await expectBanner(canvasElement, SAFETY_PLAN_UPDATED);
  },
};
