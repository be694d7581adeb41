import { TASK_MESSAGES } from '@halcyon/api/contract';
import { createMockClient, taskHandlers } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 15_000 });

async function open(id?: number, handlers = taskHandlers()) {
  const client = createMockClient({ handlers });
  const onSaved = vi.fn();
  renderWithModals(<Opener type="task" label="Open" props={{ id, onSaved }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client, onSaved };
}

describe('task', () => {
  it('given a new task, when saved without a title, then the form asks for one; with it, it is created for the signed-in member', async () => {
    const { client, onSaved } = await open();
    // The form shows once the signed-in member is known (a new task is theirs).
    await screen.findByLabelText(/^Title/);
    const dialog = screen.getByRole('dialog', { name: 'Add task' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    await userEvent.click(inside.getByRole('button', { name: 'Add task' }));
    expect(await inside.findByText('Give the task a title.')).toBeInTheDocument();
    expect(client.mock.callsTo('createTask')).toHaveLength(0);
    await userEvent.type(inside.getByLabelText(/^Title/), 'Book supervision');
    await userEvent.click(inside.getByRole('radio', { name: 'High' }));
    await userEvent.click(inside.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText(TASK_MESSAGES.created)).toBeInTheDocument();
    expect(client.mock.callsTo('createTask')[0]?.input).toMatchObject({
      body: { title: 'Book supervision', priority: 'high', status: 'to do', assigneeId: 1, clientId: null },
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ title: 'Book supervision' })));
  });

  it('given a due date out of range, then the form names the range and nothing is sent', async () => {
    const { client } = await open();
    await screen.findByLabelText(/^Title/);
    const dialog = screen.getByRole('dialog', { name: 'Add task' });
    const inside = within(dialog);
    await userEvent.type(inside.getByLabelText(/^Title/), 'Far away');
    await userEvent.type(inside.getByLabelText(/^Due date/), '2099-01-01');
    await userEvent.click(inside.getByRole('button', { name: 'Add task' }));
    expect(await inside.findByText(/Choose the due date between/)).toBeInTheDocument();
    expect(client.mock.callsTo('createTask')).toHaveLength(0);
  });

  it('given an existing task, then its values show; saving sends the version and says "Task updated."', async () => {
    const { client } = await open(1);
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    const inside = within(dialog);
    expect(await inside.findByDisplayValue('Write to the GP')).toBeInTheDocument();
    expect(inside.getByRole('radio', { name: 'High' })).toBeChecked();
    await userEvent.click(inside.getByRole('radio', { name: 'In progress' }));
    await userEvent.click(inside.getByRole('button', { name: 'Save task' }));
    expect(await screen.findByText(TASK_MESSAGES.updated)).toBeInTheDocument();
    expect(client.mock.callsTo('updateTask')[0]?.input).toMatchObject({
      params: { id: 1 },
      body: { status: 'in progress', clientId: 7, version: 1 },
    });
  });

  it('given an existing task, when Delete is confirmed, then SPEC.md’s deletion message shows', async () => {
    const { client } = await open(2);
    const dialog = await screen.findByRole('dialog', { name: 'Edit task' });
    await within(dialog).findByDisplayValue('Book supervision');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Task was successfully deleted.')).toBeInTheDocument();
    expect(client.mock.callsTo('deleteTask')[0]?.input).toMatchObject({ params: { id: 2 } });
  });

  it('given a task that cannot be loaded, then the failure shows with Retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open(1, { ...taskHandlers(), getTask: { error: { status: 500, message: 'Down' } } });
    expect(await screen.findByText('This task could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
