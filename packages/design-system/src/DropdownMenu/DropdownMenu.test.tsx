import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DropdownMenu } from './DropdownMenu';

function Menu({ onEdit = vi.fn(), onDelete = vi.fn() }: { onEdit?: () => void; onDelete?: () => void }) {
  const [compact, setCompact] = useState(false);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>Actions</DropdownMenu.Trigger>
      <DropdownMenu.Content aria-label="Actions">
        <DropdownMenu.Label>Client</DropdownMenu.Label>
        <DropdownMenu.Item onSelect={onEdit}>Edit</DropdownMenu.Item>
        <DropdownMenu.Item disabled>Archive</DropdownMenu.Item>
        <DropdownMenu.Separator />
        <DropdownMenu.CheckboxItem checked={compact} onCheckedChange={setCompact}>
          Compact rows
        </DropdownMenu.CheckboxItem>
        <DropdownMenu.Item variant="danger" onSelectAfterClose={onDelete}>
          Delete
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

describe('DropdownMenu', () => {
  it('given the trigger focused, when Enter then ArrowDown then Enter, then the first item runs and focus returns', async () => {
    const onEdit = vi.fn();
    render(<Menu onEdit={onEdit} />);
    screen.getByRole('button', { name: 'Actions' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Actions' })).toHaveFocus());
  });

  it('given an open menu, when arrowing down, then the disabled item is skipped', async () => {
    render(<Menu />);
    screen.getByRole('button', { name: 'Actions' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Compact rows' })).toHaveFocus();
  });

  it('given a checkbox item, when selected, then it reports checked next time', async () => {
    render(<Menu />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Compact rows' }));
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Compact rows' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('given an item that opens a modal, when selected, then it runs only after the menu has closed', async () => {
    let menuOpenAtCall: boolean | undefined;
    let pointerEventsAtCall: string | undefined;
    const onDelete = vi.fn(() => {
      menuOpenAtCall = screen.queryByRole('menu') !== null;
      pointerEventsAtCall = document.body.style.pointerEvents;
    });
    render(<Menu onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
    expect(menuOpenAtCall).toBe(false);
    expect(pointerEventsAtCall).not.toBe('none');
  });

  it('given refs and classNames, then content and items forward them', async () => {
    const content = createRef<HTMLDivElement>();
    const item = createRef<HTMLDivElement>();
    render(
      <DropdownMenu.Root defaultOpen>
        <DropdownMenu.Trigger>Open</DropdownMenu.Trigger>
        <DropdownMenu.Content ref={content} className="c">
          <DropdownMenu.Item ref={item} className="i">
            One
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>,
    );
    await screen.findByRole('menu');
    expect(content.current).toHaveClass('c');
    expect(item.current).toHaveClass('i');
  });

  it('has no axe violations', async () => {
    render(<Menu />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    // The open modal menu hides the rest of the page from assistive technology, so check the menu itself.
    await expect(await screen.findByRole('menu')).toHaveNoAxeViolations();
  });
});
