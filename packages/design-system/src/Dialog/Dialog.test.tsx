import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

function EditClient(props: { size?: 'sm' | 'md' | 'lg'; onOpenChange?: (open: boolean) => void }) {
  return (
    <Dialog.Root onOpenChange={props.onOpenChange}>
      <Dialog.Trigger>Edit client</Dialog.Trigger>
      <Dialog.Content size={props.size}>
        <Dialog.Title>Edit client</Dialog.Title>
        <Dialog.Description>Contact details of Jane D.</Dialog.Description>
        <Dialog.Body>
          <label>
            Preferred name <input name="preferred" />
          </label>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Close>Cancel</Dialog.Close>
          <button type="button">Save</button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
}

describe('Dialog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('given a trigger, when it is clicked, then a named and described modal dialog opens', async () => {
    render(<EditClient />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit client' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit client' });
    expect(dialog).toHaveAccessibleDescription('Contact details of Jane D.');
    expect(dialog).toHaveAttribute('data-state', 'open');
    expect(dialog).toHaveAttribute('data-size', 'md');
  });

  it('given an open dialog, when Tab is pressed repeatedly, then focus stays inside it', async () => {
    render(<EditClient />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit client' }));
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('given an open dialog, when Escape is pressed, then it closes and focus returns to the opener', async () => {
    const onOpenChange = vi.fn();
    render(<EditClient onOpenChange={onOpenChange} />);
    const opener = screen.getByRole('button', { name: 'Edit client' });
    await userEvent.click(opener);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(opener).toHaveFocus();
  });

  it('given an open dialog, when Cancel or the corner close button is used, then it closes', async () => {
    render(<EditClient />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit client' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit client' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('given a controlled dialog, when the owner changes open, then the dialog follows', async () => {
    function Owner() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open from outside
          </button>
          <Dialog.Root open={open} onOpenChange={setOpen}>
            <Dialog.Content size="lg" aria-describedby={undefined}>
              <Dialog.Title>Activity log</Dialog.Title>
              <Dialog.Body>Entry</Dialog.Body>
            </Dialog.Content>
          </Dialog.Root>
        </>
      );
    }
    render(<Owner />);
    const opener = screen.getByRole('button', { name: 'Open from outside' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Activity log' })).toHaveAttribute('data-size', 'lg');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('given a busy dialog, then its corner close button is disabled', () => {
    render(
      <Dialog.Root defaultOpen>
        <Dialog.Content aria-busy aria-describedby={undefined}>
          <Dialog.Title>Saving</Dialog.Title>
        </Dialog.Content>
      </Dialog.Root>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
  });

  it('given content without a Dialog.Title, then development warns that the title is required', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Dialog.Root defaultOpen>
        <Dialog.Content aria-describedby={undefined}>
          <Dialog.Body>No title</Dialog.Body>
        </Dialog.Content>
      </Dialog.Root>,
    );
    expect(error.mock.calls.flat().join(' ')).toContain('Dialog.Title');
  });

  it('given refs and classNames, then every part forwards them', () => {
    const content = createRef<HTMLDivElement>();
    const title = createRef<HTMLHeadingElement>();
    const body = createRef<HTMLDivElement>();
    const footer = createRef<HTMLDivElement>();
    render(
      <Dialog.Root defaultOpen>
        <Dialog.Content ref={content} className="c" aria-describedby={undefined}>
          <Dialog.Title ref={title} className="t">
            Title
          </Dialog.Title>
          <Dialog.Body ref={body} className="b">
            Body
          </Dialog.Body>
          <Dialog.Footer ref={footer} className="f">
            Footer
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Root>,
    );
    expect(content.current).toHaveClass('c');
    expect(title.current).toHaveClass('t');
    expect(body.current).toHaveClass('b');
    expect(footer.current).toHaveClass('f');
  });

  it('given an open dialog, then it has no axe violations', async () => {
    render(<EditClient />);
    await userEvent.click(screen.getByRole('button', { name: 'Edit client' }));
    await expect(screen.getByRole('dialog')).toHaveNoAxeViolations();
  });
});
