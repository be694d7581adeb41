import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './AlertDialog';

function DiscardChanges({ onDiscard }: { onDiscard?: () => void }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger>Close form</AlertDialog.Trigger>
      <AlertDialog.Content>
        <AlertDialog.Title>Discard changes?</AlertDialog.Title>
        <AlertDialog.Description>What you typed will be lost.</AlertDialog.Description>
        <AlertDialog.Footer>
          <AlertDialog.Cancel>Keep editing</AlertDialog.Cancel>
          <AlertDialog.Action onClick={onDiscard}>Discard</AlertDialog.Action>
        </AlertDialog.Footer>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

describe('AlertDialog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('given a trigger, when it is clicked, then an alertdialog asks the question with focus on Cancel', async () => {
    render(<DiscardChanges />);
    await userEvent.click(screen.getByRole('button', { name: 'Close form' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard changes?' });
    expect(dialog).toHaveAccessibleDescription('What you typed will be lost.');
    expect(dialog).toHaveAttribute('data-state', 'open');
    expect(dialog).toHaveAttribute('data-size', 'sm');
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
  });

  it('given the question, when Cancel is chosen, then it closes without acting and focus returns', async () => {
    const onDiscard = vi.fn();
    render(<DiscardChanges onDiscard={onDiscard} />);
    const opener = screen.getByRole('button', { name: 'Close form' });
    await userEvent.click(opener);
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onDiscard).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('given the question, when the action is chosen, then it acts and closes', async () => {
    const onDiscard = vi.fn();
    render(<DiscardChanges onDiscard={onDiscard} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close form' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('given the question, when Escape is pressed, then it closes; Tab never leaves it', async () => {
    render(<DiscardChanges />);
    await userEvent.click(screen.getByRole('button', { name: 'Close form' }));
    const dialog = screen.getByRole('alertdialog');
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('given content without a title, then development warns that the title is required', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AlertDialog.Root defaultOpen>
        <AlertDialog.Content aria-describedby={undefined}>
          <AlertDialog.Cancel>OK</AlertDialog.Cancel>
        </AlertDialog.Content>
      </AlertDialog.Root>,
    );
    expect(error.mock.calls.flat().join(' ')).toContain('AlertDialog.Title');
  });

  it('given refs and classNames, then the parts forward them', () => {
    const content = createRef<HTMLDivElement>();
    const body = createRef<HTMLDivElement>();
    render(
      <AlertDialog.Root defaultOpen>
        <AlertDialog.Content ref={content} className="c" size="md" aria-describedby={undefined}>
          <AlertDialog.Title className="t">Delete?</AlertDialog.Title>
          <AlertDialog.Body ref={body} className="b">
            Body
          </AlertDialog.Body>
          <AlertDialog.Cancel>Cancel</AlertDialog.Cancel>
        </AlertDialog.Content>
      </AlertDialog.Root>,
    );
    expect(content.current).toHaveClass('c');
    expect(content.current).toHaveAttribute('data-size', 'md');
    expect(body.current).toHaveClass('b');
    expect(screen.getByText('Delete?')).toHaveClass('t');
  });

  it('given an open question, then it has no axe violations', async () => {
    render(<DiscardChanges />);
    await userEvent.click(screen.getByRole('button', { name: 'Close form' }));
    await expect(screen.getByRole('alertdialog')).toHaveNoAxeViolations();
  });
});
