import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it('given no label, then it is a status saying "Loading"', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });

  it('given a label, then the status says it; showLabel makes it visible text', () => {
    const { rerender } = render(<Spinner label="Loading clients" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading clients');
    rerender(<Spinner label="Loading clients" showLabel />);
    expect(screen.getByText('Loading clients')).toBeVisible();
  });

  it('given a ref, className and size, then it forwards them', () => {
    const ref = createRef<HTMLSpanElement>();
    render(<Spinner ref={ref} className="extra" size="lg" />);
    expect(ref.current).toHaveClass('extra');
    expect(ref.current).toHaveAttribute('data-size', 'lg');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Spinner label="Saving" />);
    await expect(container).toHaveNoAxeViolations();
  });
});
