import { LEARNING_MESSAGES } from '@halcyon/api/contract';
import { createMockClient, learningHandlers } from '@halcyon/api/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Opener } from '../../sessions/sessionTesting';
import { renderWithModals } from '../../test/renderWithModals';

vi.setConfig({ testTimeout: 15_000 });

async function open(id?: number, handlers = learningHandlers()) {
  const client = createMockClient({ handlers });
  renderWithModals(<Opener type="supervision-session" label="Open" props={{ id }} />, { client });
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  return { client };
}

describe('supervision-session', () => {
  it('given a new group session, when saved, then it is recorded with the Created message', async () => {
    const { client } = await open();
    const dialog = await screen.findByRole('dialog', { name: 'Record supervision session' });
    await expect(dialog).toHaveNoAxeViolations();
    const inside = within(dialog);
    await userEvent.click(inside.getByRole('button', { name: 'Record session' }));
    expect(await inside.findByText("Enter the supervisor's name.")).toBeInTheDocument();
    await userEvent.type(inside.getByLabelText(/^Supervisor/), 'Peer group');
    await userEvent.click(inside.getByRole('radio', { name: 'Group' }));
    await userEvent.click(inside.getByRole('button', { name: 'Record session' }));
    expect(await screen.findByText(LEARNING_MESSAGES.supervisionCreated)).toBeInTheDocument();
    expect(client.mock.callsTo('createSupervisionSession')[0]?.input).toMatchObject({
      body: { supervisor: 'Peer group', format: 'group', hours: 1 },
    });
  });

  it('given an existing session, when Delete is confirmed, then SPEC.md’s message shows word for word (no full stop)', async () => {
    await open(401);
    const dialog = await screen.findByRole('dialog', { name: 'Edit supervision session' });
    await within(dialog).findByDisplayValue('Dr Helen Marsh');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Supervision session was successfully deleted')).toBeInTheDocument();
  });
});
