import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Popover } from './Popover';

function Filters(props: { open?: boolean; onOpenChange?: (o: boolean) => void }) {
  return (
    <Popover.Root {...props}>
      <Popover.Trigger>Filters</Popover.Trigger>
      <Popover.Content aria-label="Filters" showClose>
        <button type="button">Unpaid only</button>
      </Popover.Content>
    </Popover.Root>
  );
}

describe('Popover', () => {
  it('given a closed popover, when the trigger is clicked, then it opens with focus inside', async () => {
    render(<Filters />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  });

  it('given an open popover, when Escape is pressed, then it closes and focus returns to the trigger', async () => {
    render(<Filters />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });

  it('given an open popover, when the close button is clicked, then it closes', async () => {
    render(<Filters />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('given controlled open, then the owner decides and hears requests', async () => {
    const onOpenChange = vi.fn();
    render(<Filters open onOpenChange={onOpenChange} />);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('given a ref and className, then the content forwards both', async () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <Popover.Root defaultOpen>
        <Popover.Trigger>Open</Popover.Trigger>
        <Popover.Content ref={ref} className="extra" aria-label="x">
          x
        </Popover.Content>
      </Popover.Root>,
    );
    await screen.findByRole('dialog');
    expect(ref.current).toHaveClass('extra');
  });

  it('has no axe violations', async () => {
    const { baseElement } = render(<Filters open />);
    await screen.findByRole('dialog');
    await expect(baseElement).toHaveNoAxeViolations();
  });
});
