import { createMockClient, clientModalHandlers } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import { ACTIVITY_ENTRY_CREATED_MESSAGE } from './ActivityLogModal';

vi.setConfig({ testTimeout: 15_000 });

function Opener({ id, onSaved }: { id?: number; onSaved?: () => void }) {
  const modal = useModal();
  return (
    <Button onClick={() => modal.open('activity-log', { clientId: 7, id, readOnly: id !== undefined, onSaved })}>
      Open
    </Button>
  );
}

describe('activity-log', () => {
  it('given a new entry, when saved, then the manual entry is created with its time and the Created message shows', async () => {
    const client = createMockClient({ handlers: clientModalHandlers() });
    const onSaved = vi.fn();
    renderWithModals(<Opener onSaved={onSaved} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to the activity log' });
    await expect(dialog).toHaveNoAxeViolations();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await within(dialog).findByText('Enter a short summary.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Kind/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Letter' }));
    const date = within(dialog).getByLabelText(/^Date/);
    await userEvent.clear(date);
    await userEvent.type(date, '2026-02-20');
    const time = within(dialog).getByLabelText(/^Time/);
    await userEvent.clear(time);
    await userEvent.type(time, '09:30');
    await userEvent.type(within(dialog).getByLabelText(/^Summary/), 'Sent the GP letter');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await screen.findByText(ACTIVITY_ENTRY_CREATED_MESSAGE)).toBeInTheDocument();
    const body = (client.mock.callsTo('createClientActivity')[0]?.input as { body: Record<string, unknown> }).body;
    expect(body).toMatchObject({ kind: 'letter', summary: 'Sent the GP letter' });
    expect(new Date(body.occurredAt as string).getTime()).toBe(new Date('2026-02-20T09:30').getTime());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('given an entry id, then the entry shows read-only with its notes and only a Close button', async () => {
    const client = createMockClient({ handlers: clientModalHandlers() });
    renderWithModals(<Opener id={5} />, { client });
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activity log entry' });
    expect(await within(dialog).findByText('Agreed Friday 10:00 instead.')).toBeInTheDocument();
    expect(within(dialog).getByText('Amara Okafor')).toBeInTheDocument();
    expect(client.mock.callsTo('getClientActivity')[0]?.path).toBe(
      '/api/clients/single-activity-log/retrieve/5?source=manual',
    );
    expect(within(dialog).queryByRole('button', { name: 'Add entry' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
  });
});
