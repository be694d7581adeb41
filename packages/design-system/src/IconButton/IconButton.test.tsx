import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { X } from 'lucide-react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('given a label, when pressed, then it is named by the label and calls onClick', async () => {
    const onClick = vi.fn();
    render(<IconButton label="Close panel" icon={<X />} onClick={onClick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Close panel' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('given a ref and className, then forwards both', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<IconButton ref={ref} className="extra" label="Close" icon={<X />} />);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Close' }));
    expect(ref.current?.className).toContain('extra');
    expect(ref.current).toHaveAttribute('title', 'Close');
  });

  it('has no axe violations', async () => {
    const { container } = render(<IconButton label="Close" icon={<X />} />);
    await expect(container).toHaveNoAxeViolations();
  });
});
