import type { Meta } from '@storybook/react-vite';
import { expect, fireEvent, userEvent } from 'storybook/test';
import { LEARNING_MESSAGES } from '@halcyon/api/contract';
import { learningHandlers } from '@halcyon/api/testing';
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
import { SetUserLicenseComplianceModal } from './SetUserLicenseComplianceModal';

const render = modalRender('set-user-license-compliance', learningHandlers);
const TITLE = 'Edit licence or compliance record';

const meta = {
  title: 'Modals/Workspace/Set user license compliance',
  component: SetUserLicenseComplianceModal,
  args: { id: 502 },
  parameters: modalParameters(
    'A licence or compliance record (/Learning-development, Settings > Profile-security): kind, issuing body (BACP, ' +
      'UKCP, HCPC...), number, issue and expiry dates, document and a reminder 60 days before it expires. Without `id` ' +
      'it adds one; with `id` it edits one and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof SetUserLicenseComplianceModal>;
export default meta;
type Story = ModalStoryObj<'set-user-license-compliance'>;

async function renumber(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, TITLE);
  const number = await dialog.findByDisplayValue('PYL-04521', undefined, { timeout: 5000 });
  await userEvent.clear(number);
  await userEvent.type(number, 'PYL-99999');
  await clickButton(dialog, 'Save record');
  return dialog;
}

/** An HCPC registration with its document, open at rest, with Delete. */
export const Default: Story = {};

/** A new record. */
export const Empty: Story = { args: { id: undefined } };

/** An expiry before the issue date: the form says so beside the expiry date. */
export const ValidationErrors: Story = {
  args: { id: undefined, defaults: { body: 'BACP', issueDate: '2026-03-01' } },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add licence or compliance record');
    await fireEvent.change(dialog.getByLabelText(/^Expiry date/), { target: { value: '2026-02-01' } });
    await clickButton(dialog, 'Add record');
    await expect(
      await dialog.findByText('The expiry date must be on or after the issue date (1 Mar 2026).'),
    ).toBeVisible();
  },
};

/** A slow server while the record saves: the dialog is busy. */
export const Saving: Story = {
  render: render({ updateComplianceItem: slow(learningHandlers().updateComplianceItem) }),
  play: async ({ canvasElement }) => {
    await renumber(canvasElement);
    await expectBusy((await findModal(canvasElement, TITLE)).element);
  },
};

/** The record cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getComplianceItem: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, TITLE);
    await expect(await dialog.findByText('This record could not be loaded')).toBeVisible();
  },
};

/** Someone changed the record meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateComplianceItem: conflict(LEARNING_MESSAGES.complianceChanged) }),
  play: async ({ canvasElement }) => {
    const dialog = await renumber(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('PYL-99999')).toBeVisible();
  },
};

/** A new UKCP registration; the Created message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined, defaults: { issueDate: '2025-04-01' } },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add licence or compliance record');
    await userEvent.type(dialog.getByLabelText(/^Issuing body/), 'UKCP');
    await clickButton(dialog, 'Add record');
    await expectBanner(canvasElement, LEARNING_MESSAGES.complianceCreated);
  },
};
