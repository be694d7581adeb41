import type { Meta } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { TASK_MESSAGES } from '@halcyon/api/contract';
import { taskHandlers } from '@halcyon/api/testing';
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
import { TaskModal } from './TaskModal';

const render = modalRender('task', () => taskHandlers());

const meta = {
  title: 'Modals/Workspace/Task',
  component: TaskModal,
  args: { id: 1 },
  parameters: modalParameters(
    'A task of the practice (/Task-manager): its title, description, due date, priority, the member it is assigned ' +
      'to (anyone in the team, Assistants included), the client it is about (optional) and its column. Without `id` ' +
      'it adds a task, first in its column; with `id` it edits one and offers Delete.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof TaskModal>;
export default meta;
type Story = ModalStoryObj<'task'>;

async function rename(canvasElement: HTMLElement) {
  const { dialog } = await findModal(canvasElement, 'Edit task');
  const title = await dialog.findByDisplayValue('Write to the GP', undefined, { timeout: 5000 });
  await userEvent.clear(title);
  await userEvent.type(title, 'Write to the GP about the referral');
  await clickButton(dialog, 'Save task');
  return dialog;
}

/** An overdue task about a client, open at rest, with Delete. */
export const Default: Story = {};

/** A new task. */
export const Empty: Story = { args: { id: undefined } };

/** A new task added from the In progress column, due on a given day. */
export const WithDefaults: Story = {
  args: { id: undefined, defaults: { status: 'in progress', dueDate: '2026-12-01', priority: 'high' } },
};

/** A new task without a title: the form says what to fix. */
export const ValidationErrors: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add task');
    await clickButton(dialog, 'Add task');
    await expect(await dialog.findByText('Give the task a title.')).toBeVisible();
  },
};

/** A slow server while the task saves: the dialog is busy and cannot be closed. */
export const Saving: Story = {
  render: render({ updateTask: slow(taskHandlers().updateTask) }),
  play: async ({ canvasElement }) => {
    await rename(canvasElement);
    await expectBusy((await findModal(canvasElement, 'Edit task')).element);
  },
};

/** The task cannot be read (500): the modal says so, with Retry. */
export const ServerError: Story = {
  render: render({ getTask: serverError() }),
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Edit task');
    await expect(await dialog.findByText('This task could not be loaded')).toBeVisible();
  },
};

/** Someone changed the task meanwhile (409): the server's words, the typed values kept. */
export const Conflict: Story = {
  render: render({ updateTask: conflict(TASK_MESSAGES.changed) }),
  play: async ({ canvasElement }) => {
    const dialog = await rename(canvasElement);
    await expectModalError(dialog, /changed elsewhere since you opened it/);
    await expect(dialog.getByDisplayValue('Write to the GP about the referral')).toBeVisible();
  },
};

/** A new high-priority task; "Task created." shows as a success banner. */
export const Interaction: Story = {
  args: { id: undefined },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Add task');
    await userEvent.type(dialog.getByLabelText(/^Title/), 'Book supervision');
    await userEvent.click(dialog.getByRole('radio', { name: 'High' }));
    await clickButton(dialog, 'Add task');
    await expectBanner(canvasElement, TASK_MESSAGES.created);
  },
};
