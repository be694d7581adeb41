import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Toolbar } from './Toolbar';

function renderToolbar(onAdd = vi.fn()) {
  const ref = createRef<HTMLDivElement>();
  render(
    <Toolbar ref={ref} className="extra" aria-label="Client list actions">
      <Toolbar.Button onClick={onAdd}>Add client</Toolbar.Button>
      <Toolbar.Button>Filter</Toolbar.Button>
      <Toolbar.Separator />
      <Toolbar.ToggleGroup type="single" aria-label="Status" defaultValue="active">
        <Toolbar.ToggleItem value="active">Active</Toolbar.ToggleItem>
        <Toolbar.ToggleItem value="archived">Archived</Toolbar.ToggleItem>
      </Toolbar.ToggleGroup>
    </Toolbar>,
  );
  return { ref, onAdd };
}

describe('Toolbar', () => {
  it('given a toolbar, when a button is pressed, then calls its handler', async () => {
    const { onAdd } = renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Add client' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('given focus on the first button, when ArrowRight is pressed, then focus moves to the next control', async () => {
    renderToolbar();
    screen.getByRole('button', { name: 'Add client' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Filter' })).toHaveFocus();
  });

  it('given a toggle group, when an item is pressed, then it becomes the pressed one', async () => {
    renderToolbar();
    await userEvent.click(screen.getByRole('radio', { name: 'Archived' }));
    expect(screen.getByRole('radio', { name: 'Archived' })).toHaveAttribute('data-state', 'on');
  });

  it('given a ref and className, then forwards both to the toolbar', () => {
    const { ref } = renderToolbar();
    expect(ref.current).toBe(screen.getByRole('toolbar', { name: 'Client list actions' }));
    expect(ref.current?.className).toContain('extra');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Toolbar aria-label="Actions">
        <Toolbar.Button>Add</Toolbar.Button>
      </Toolbar>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
