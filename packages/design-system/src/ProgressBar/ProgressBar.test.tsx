import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('given a value, then it is a named progressbar with the value and a percentage', () => {
    render(<ProgressBar label="Uploading" value={30} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', '30%');
    expect(screen.getByText('30%')).toBeInTheDocument();
  });

  it('given a value and max, then the percentage is of max', () => {
    render(<ProgressBar label="Files" value={1} max={4} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '25%');
  });

  it('given no value, then it is indeterminate with no value shown', () => {
    const { container } = render(<ProgressBar label="Preparing" />);
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    expect(container.firstElementChild).toHaveAttribute('data-state', 'indeterminate');
  });

  it('given a value above max or below 0, then it is clamped', () => {
    const { rerender } = render(<ProgressBar label="x" value={150} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    rerender(<ProgressBar label="x" value={-5} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });

  it('given value equal to max, then the state is complete', () => {
    const { container } = render(<ProgressBar label="Done" value={100} />);
    expect(container.firstElementChild).toHaveAttribute('data-state', 'complete');
  });

  it('given a ref and className, then it forwards both', () => {
    const ref = createRef<HTMLDivElement>();
    render(<ProgressBar ref={ref} className="extra" label="x" value={1} />);
    expect(ref.current).toHaveClass('extra');
  });

  it('has no axe violations', async () => {
    const { container } = render(<ProgressBar label="Uploading" value={60} />);
    await expect(container).toHaveNoAxeViolations();
  });
});
