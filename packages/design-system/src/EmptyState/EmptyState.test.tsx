import { render, screen } from '@testing-library/react';
import { Users } from 'lucide-react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('given a title, description and action, then it says what is empty and what to do next', () => {
    render(
      <EmptyState
        icon={<Users data-testid="icon" />}
        title="No clients yet"
        description="Add your first client."
        action={<button type="button">Add client</button>}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'No clients yet' })).toBeInTheDocument();
    expect(screen.getByText('Add your first client.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add client' })).toBeInTheDocument();
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
  });

  it('given a heading level, then the title uses it', () => {
    render(<EmptyState title="No results" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No results' })).toBeInTheDocument();
  });

  it('given a ref and className, then it forwards both', () => {
    const ref = createRef<HTMLDivElement>();
    render(<EmptyState ref={ref} className="extra" title="Empty" />);
    expect(ref.current).toHaveClass('extra');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <EmptyState icon={<Users />} title="No clients yet" action={<button type="button">Add client</button>} />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
