import { render, screen } from '@testing-library/react';
import { CircleCheck } from 'lucide-react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Badge } from './Badge';

describe('Badge', () => {
  it('given no variant, then it is neutral and shows its text', () => {
    render(<Badge>Draft</Badge>);
    expect(screen.getByText('Draft')).toHaveAttribute('data-variant', 'neutral');
  });

  it('given each variant, then it is exposed as data-variant', () => {
    for (const variant of ['accent', 'success', 'warning', 'danger', 'info'] as const) {
      const { unmount } = render(<Badge variant={variant}>{variant}</Badge>);
      expect(screen.getByText(variant)).toHaveAttribute('data-variant', variant);
      unmount();
    }
  });

  it('given an icon, then it is hidden from assistive technology and the text is the name', () => {
    render(
      <Badge icon={<CircleCheck data-testid="icon" />} variant="success">
        Paid
      </Badge>,
    );
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Paid')).toHaveTextContent(/^Paid$/);
  });

  it('given a ref and className, then it forwards both', () => {
    const ref = createRef<HTMLSpanElement>();
    render(
      <Badge ref={ref} className="extra">
        Draft
      </Badge>,
    );
    expect(ref.current).toHaveClass('extra');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Badge variant="danger">Overdue</Badge>);
    await expect(container).toHaveNoAxeViolations();
  });
});
