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
import { PLAN_CLIENT_ID, PLAN_V1, PLAN_V2, treatmentPlanHandlers } from '@halcyon/api/testing';
import { TREATMENT_PLAN_UPDATED, TreatmentPlanEditorModal } from './TreatmentPlanEditorModal';

const render = modalRender('treatment-plan-editor', treatmentPlanHandlers);

const meta = {
  title: 'Modals/Clinical/Treatment plan editor',
  component: TreatmentPlanEditorModal,
  args: { clientId: PLAN_CLIENT_ID, treatmentPlanId: PLAN_V2.id },
  parameters: modalParameters(
    'Edits a treatment plan by saving a new version of it (the earlier versions stay readable), optionally making it ' +
      'the current plan. A save after someone else saved a newer version (409) keeps the form and offers to copy the ' +
      'changes and reload the plan.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof TreatmentPlanEditorModal>;
export default meta;
type Story = ModalStoryObj<'treatment-plan-editor'>;

async function retitle(canvasElement: HTMLElement, text: string) {
  const { dialog } = await findModal(canvasElement, 'Edit treatment plan');
  const title = await dialog.findByRole('textbox', { name: 'Title' }, { timeout: 5000 });
  await userEvent.clear(title);
  if (text) await userEvent.type(title, text);
  await clickButton(dialog, 'Save as new version');
  return dialog;
}

/** The current plan, open at rest. */
export const Default: Story = {};

/** A past version, the start of a new one. */
export const PastVersion: Story = { args: { treatmentPlanId: PLAN_V1.id } };

/** Without a title the form says what to fix. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await retitle(canvasElement, '');
    await expect(await dialog.findByText('Enter a title for the plan.')).toBeVisible();
  },
};

/** A slow server while the version saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ createTreatmentPlanVersion: slow(treatmentPlanHandlers().createTreatmentPlanVersion) }),
  play: async ({ canvasElement }) => {
    await retitle(canvasElement, 'Panic: travel focus');
    await expectBusy((await findModal(canvasElement, 'Edit treatment plan')).element);
  },
};

/** The plan cannot be read (500): the modal says so. */
export const ServerError: Story = {
  render: render({ getTreatmentPlan: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit treatment plan');
    await expectModalError(dialog, 'The plan could not be loaded. Close this window and try again.');
  },
};

/** Someone saved a newer version meanwhile (409): the server's words, Copy and Reload offered. */
export const Conflict: Story = {
  render: render({
    createTreatmentPlanVersion: conflict(
      'Someone saved a newer version of this treatment plan since you opened it. Nothing was saved: copy your changes, reload the plan, and apply them again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await retitle(canvasElement, 'Panic: travel focus');
    await expectModalError(dialog, /saved a newer version of this treatment plan/);
  },
};

/** Changes the title and saves a new version: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  play: async ({ canvasElement }) => {
    await retitle(canvasElement, 'Panic: travel focus');
    await expectBanner(canvasElement, TREATMENT_PLAN_UPDATED);
  },
};
