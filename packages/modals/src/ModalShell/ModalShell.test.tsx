import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalShell, type ModalShellProps } from './ModalShell';

function EditableShell(props: Partial<ModalShellProps> & { onClose: () => void }) {
  const [note, setNote] = useState('');
  return (
    <ModalShell
      title="Supervision session"
      description="Date, supervisor, hours and notes."
      submitLabel="Save"
      onConfirm={() => {}}
      dirty={note !== ''}
      {...props}
    >
      <label>
        Notes <textarea value={note} onChange={(event) => setNote(event.target.value)} />
      </label>
    </ModalShell>
  );
}

describe('ModalShell', () => {
  it('given a shell, then it is a dialog named by its title, described, with footer actions', async () => {
    render(<EditableShell onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Supervision session' });
    expect(dialog).toHaveAccessibleDescription('Date, supervisor, hours and notes.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await expect(dialog).toHaveNoAxeViolations();
  });

  it('given unsaved changes, when the user presses Escape, then "Discard changes?" asks first', async () => {
    const onClose = vi.fn();
    render(<EditableShell onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'Discussed caseload');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Discard changes?' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Discussed caseload');
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('given no changes, when the user cancels, then it closes without asking', async () => {
    const onClose = vi.fn();
    render(<EditableShell onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('given a busy shell, then it is aria-busy, its buttons are disabled and Escape does not close it', async () => {
    const onClose = vi.fn();
    render(<EditableShell onClose={onClose} busy />);
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Save/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('given a failed action, then the error area shows its message and the input is kept', async () => {
    const { rerender } = render(<EditableShell onClose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'Kept');
    rerender(<EditableShell onClose={vi.fn()} error="Failed to fetch /api/supervision. Status: 500" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch /api/supervision. Status: 500');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveValue('Kept');
  });

  it('given a form shell, when Save is pressed, then the form is submitted', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(<EditableShell onClose={vi.fn()} onConfirm={undefined} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('given a confirmation, then it is an alertdialog with a danger action', async () => {
    const onConfirm = vi.fn();
    render(
      <ModalShell
        variant="confirm"
        title="Delete task?"
        description="This cannot be undone."
        submitLabel="Delete"
        submitVariant="danger"
        onConfirm={onConfirm}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('alertdialog', { name: 'Delete task?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('given a view without a primary action, then its only action is Close', () => {
    render(<ModalShell title="Form preview" description="As the client sees it." onClose={vi.fn()} />);
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });
});
