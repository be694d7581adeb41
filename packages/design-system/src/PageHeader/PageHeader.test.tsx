import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('given a title and description, then renders one h1 and the description', () => {
    render(<PageHeader title="Billing" description="Invoices and payments." />);
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByText('Invoices and payments.')).toBeInTheDocument();
  });

  it('given breadcrumbs and a renderLink, then links earlier crumbs through it and marks the last as current', () => {
    render(
      <PageHeader
        title="Practice"
        breadcrumbs={[{ label: 'Settings', href: '/Settings' }, { label: 'Practice' }]}
        renderLink={({ href, children, className }) => (
          <a href={href} className={className} data-router="yes">
            {children}
          </a>
        )}
      />,
    );
    const link = screen.getByRole('link', { name: 'Settings' });
    expect(link).toHaveAttribute('data-router', 'yes');
    expect(screen.getByText('Practice', { selector: 'span' })).toHaveAttribute('aria-current', 'page');
  });

  it('given a ref and className, then forwards both', () => {
    const ref = createRef<HTMLElement>();
    render(<PageHeader ref={ref} className="extra" title="Tasks" actions={<button type="button">Add task</button>} />);
    expect(ref.current?.tagName).toBe('HEADER');
    expect(ref.current?.className).toContain('extra');
    expect(screen.getByRole('button', { name: 'Add task' })).toBeInTheDocument();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <PageHeader
        title="Practice"
        description="Details"
        breadcrumbs={[{ label: 'Settings', href: '/S' }, { label: 'Practice' }]}
      />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
