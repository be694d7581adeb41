import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('given any shape, then it is hidden from assistive technology', () => {
    const { container } = render(<Skeleton shape="circle" />);
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
    expect(container.firstElementChild).toHaveAttribute('data-shape', 'circle');
  });

  it('given width and height, then they size it without dropping other styles', () => {
    const { container } = render(<Skeleton width="40%" height="3rem" style={{ marginTop: '1rem' }} />);
    const el = container.firstElementChild as HTMLElement;
    expect(el.style.width).toBe('40%');
    expect(el.style.height).toBe('3rem');
    expect(el.style.marginTop).toBe('1rem');
  });

  it('given a ref and className, then it forwards both', () => {
    const ref = createRef<HTMLSpanElement>();
    render(<Skeleton ref={ref} className="extra" />);
    expect(ref.current).toHaveClass('extra');
  });

  it('has no axe violations inside a busy region', async () => {
    const { container } = render(
      <div role="group" aria-label="Loading clients" aria-busy="true">
        <Skeleton />
        <Skeleton shape="rect" />
      </div>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
