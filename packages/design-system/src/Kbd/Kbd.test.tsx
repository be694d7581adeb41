import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Kbd } from './Kbd';

describe('Kbd', () => {
  it('given keys, then each key is its own key cap joined by +', () => {
    const { container } = render(<Kbd keys={['Ctrl', 'K']} />);
    expect(container.querySelectorAll('kbd kbd')).toHaveLength(2);
    expect(container.textContent).toBe('Ctrl+K');
  });

  it('given children, a ref and className, then renders one kbd with both', () => {
    const ref = createRef<HTMLElement>();
    render(
      <Kbd ref={ref} className="extra">
        Esc
      </Kbd>,
    );
    expect(screen.getByText('Esc')).toBe(ref.current);
    expect(ref.current?.tagName).toBe('KBD');
    expect(ref.current?.className).toContain('extra');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <p>
        Press <Kbd keys={['Ctrl', 'K']} /> to search.
      </p>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
