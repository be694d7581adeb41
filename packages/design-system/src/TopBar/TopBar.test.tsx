import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { TopBar } from './TopBar';

describe('TopBar', () => {
  it('given start, search and end slots, then renders all three inside the banner in order', () => {
    render(
      <TopBar
        start={<button type="button">Open menu</button>}
        search={<input type="search" aria-label="Search on client name" />}
        end={<button type="button">Privacy</button>}
      />,
    );
    const banner = screen.getByRole('banner');
    const controls = Array.from(banner.querySelectorAll('button, input'));
    expect(controls.map((c) => c.getAttribute('aria-label') ?? c.textContent)).toEqual([
      'Open menu',
      'Search on client name',
      'Privacy',
    ]);
  });

  it('given a ref and className, then forwards both', () => {
    const ref = createRef<HTMLElement>();
    render(<TopBar ref={ref} className="extra" />);
    expect(ref.current?.tagName).toBe('HEADER');
    expect(ref.current?.className).toContain('extra');
  });

  it('has no axe violations', async () => {
    const { container } = render(<TopBar start={<button type="button">Open menu</button>} />);
    await expect(container).toHaveNoAxeViolations();
  });
});
