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
import { RISK_CLIENT_ID, RISK_ITEMS, riskHandlers } from '@halcyon/api/testing';
import { RISK_ITEM_CREATED, RiskItemModal } from './RiskItemModal';

const render = modalRender('risk-item', riskHandlers);

const meta = {
  title: 'Modals/Risk/Risk item',
  component: RiskItemModal,
  args: { clientId: RISK_CLIENT_ID, id: RISK_ITEMS[0]!.id },
  parameters: modalParameters(
    'One entry of the client’s risk log: when, the category (self-harm, suicidal ideation, harm to others…), the ' +
      'severity, what happened or what concerns you, the action taken, a review date, open or closed. Without `id` it ' +
      'adds an item; with `id` it changes one, saved with its version: a change after someone else changed it (409) ' +
      'keeps the typed text and offers to copy it and reload.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof RiskItemModal>;
export default meta;
type Story = ModalStoryObj<'risk-item'>;

async function editAction(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit risk item');
  await userEvent.type(
    await dialog.findByRole('textbox', { name: 'Action taken' }, { timeout: 5000 }),
    '; crisis line given',
  );
  await clickButton(dialog, 'Save risk item');
  return dialog;
}

/** An open, high-severity item of the risk log, open at rest. */
export const Default: Story = {};

/** A new item. */
export const Empty: Story = { args: { id: undefined } };

/** A new item without a severity or description: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add risk item');
    await clickButton(dialog, 'Add risk item');
    await expect(await dialog.findByText('Describe what happened or what concerns you.')).toBeVisible();
  },
};

/** A slow server while the item saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateRiskItem: slow(riskHandlers().updateRiskItem) }),
  play: async ({ canvasElement }) => {
    await editAction(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit risk item')).element);
  },
};

/** The item cannot be read (500): the modal says so. */
export const ServerError: Story = {
  render: render({ getRiskItem: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit risk item');
    await expectModalError(dialog, 'This risk item could not be loaded: it may have been deleted.');
  },
};

/** Someone changed the item meanwhile (409): the server's words, Copy and Reload offered. */
export const Conflict: Story = {
  render: render({
    updateRiskItem: conflict(
      'This risk item was changed elsewhere since you opened it. Nothing was saved: copy your text, reload, and apply it again.',
    ),
  }),
  play: async ({ canvasElement }) => {
    const dialog = await editAction(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
  },
};

/** Adds a high-severity item: SPEC.md's message shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add risk item');
    await userEvent.click(dialog.getByRole('radio', { name: 'High' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Description/ }), 'Said they had a plan');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Action taken' }), 'Crisis team called');
    await clickButton(dialog, 'Add risk item');
    await expectBanner(canvasElement, RISK_ITEM_CREATED);
  },
};
