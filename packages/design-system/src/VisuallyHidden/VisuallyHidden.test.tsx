import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { VisuallyHidden } from './VisuallyHidden';

describe('VisuallyHidden', () => {
  it('given text, then it stays in the accessible name', () => {
    render(
      <button type="button">
        <svg aria-hidden="true" />
        <VisuallyHidden>Delete note</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Delete note' })).toBeInTheDocument();
  });

  it('given asChild, a ref and className, then the child element is used', () => {
    const ref = createRef<HTMLSpanElement>();
    render(
      <VisuallyHidden asChild ref={ref} className="extra">
        <h2>Filters</h2>
      </VisuallyHidden>,
    );
    const heading = screen.getByRole('heading', { name: 'Filters' });
    expect(ref.current).toBe(heading);
    expect(heading.className).toContain('extra');
  });

  it('given focusable, then it is marked to show on focus (skip links)', () => {
    render(
      <VisuallyHidden focusable>
        <a href="#main">Skip to content</a>
      </VisuallyHidden>,
    );
    expect(screen.getByRole('link', { name: 'Skip to content' }).parentElement).toHaveAttribute('data-focusable');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <main>
        <VisuallyHidden asChild>
          <h1>Clients</h1>
        </VisuallyHidden>
      </main>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
