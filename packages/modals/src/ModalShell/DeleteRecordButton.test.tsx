import { createMockClient } from '@halcyon/api/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DELETE_SUCCESS_MESSAGES } from '../deleteKinds';
import { renderWithModals } from '../test/renderWithModals';
import { DeleteRecordButton } from './DeleteRecordButton';

describe('DeleteRecordButton', () => {
  it('given a record, when Delete is confirmed, then its route is called with its id and onDeleted receives it', async () => {
    const client = createMockClient();
    const record = { id: 41, name: 'Initial consultation' };
    const onDeleted = vi.fn();
    renderWithModals(
      <DeleteRecordButton
        record={record}
        kind="service"
        route="deleteService"
        name={record.name}
        onDeleted={onDeleted}
      />,
      { client },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete service “Initial consultation”?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(DELETE_SUCCESS_MESSAGES.service)).toBeInTheDocument();
    expect(client.mock.callsTo('deleteService')).toEqual([
      expect.objectContaining({ input: expect.objectContaining({ params: { id: 41 } }) }),
    ]);
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(record));
  });

  it('given the form is saving, then Delete is off', () => {
    renderWithModals(<DeleteRecordButton record={{ id: 1 }} kind="task" route="deleteTask" disabled />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});
