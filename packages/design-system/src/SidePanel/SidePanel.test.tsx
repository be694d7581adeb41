import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeScrollBox } from '../internal/fakeLayout';
import { SidePanel } from './SidePanel';

function WithOpener({ onOpenChange }: { onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Notifications
      </button>
      <button type="button">Elsewhere</button>
      <SidePanel
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          onOpenChange?.(next);
        }}
        title="You have 2 new notifications"
      >
        <p>Invoice overdue</p>
      </SidePanel>
    </>
  );
}

describe('SidePanel', () => {
  it('given a closed panel, when its opener is pressed, then shows the titled panel and focuses inside it', async () => {
    render(<WithOpener />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('dialog', { name: 'You have 2 new notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('given an open panel, when Escape is pressed, then closes it and returns focus to the opener', async () => {
    const onOpenChange = vi.fn();
    render(<WithOpener onOpenChange={onOpenChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByRole('button', { name: 'Notifications' })).toHaveFocus();
  });

  it('given an open panel, when the user clicks elsewhere, then it stays open', async () => {
    render(<WithOpener />);
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('given an uncontrolled panel, when the close button is pressed, then it closes', async () => {
    render(
      <SidePanel defaultOpen title="Notifications" closeLabel="Close notifications">
        <p>Body</p>
      </SidePanel>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close notifications' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('given overlay mode, when the backdrop is clicked, then it closes', async () => {
    const onOpenChange = vi.fn();
    const { container } = render(
      <SidePanel defaultOpen overlay title="Notifications" onOpenChange={onOpenChange}>
        <p>Body</p>
      </SidePanel>,
    );
    expect(screen.getByRole('dialog')).toHaveAttribute('data-layout', 'overlay');
    const backdrop = container.querySelector('[data-part="backdrop"]');
    expect(backdrop).not.toBeNull();
    await userEvent.click(backdrop as Element);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('given a ref and className, then forwards both to the panel', () => {
    const ref = createRef<HTMLDivElement>();
    render(<SidePanel ref={ref} className="extra" defaultOpen title="Notifications" />);
    expect(ref.current).toBe(screen.getByRole('dialog'));
    expect(ref.current?.className).toContain('extra');
  });

  it.each([
    { scrollWidth: 640, tabIndex: '0', what: 'overflows, then its body joins the tab order' },
    { scrollWidth: 320, tabIndex: null, what: 'fits, then its body stays out of the tab order' },
  ])('given content that $what', ({ scrollWidth, tabIndex }) => {
    const restore = fakeScrollBox({ clientWidth: 320, scrollWidth });
    try {
      render(
        <SidePanel defaultOpen title="Notifications">
          <ul>
            <li>Reminder: session note due</li>
          </ul>
        </SidePanel>,
      );
      const body = screen.getByRole('list').parentElement;
      expect(body?.getAttribute('tabindex')).toBe(tabIndex);
    } finally {
      restore();
    }
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <SidePanel defaultOpen title="You have 0 new notifications" description="Newest first">
        <p>Nothing new.</p>
      </SidePanel>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
