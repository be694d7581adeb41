import { render, screen } from '@testing-library/react';
import { createRef, forwardRef, type AnchorHTMLAttributes } from 'react';
import { describe, expect, it } from 'vitest';
import { Link } from './Link';

/** Stands in for a router's link component (react-router's <Link to>). */
const RouterLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }>(
  function RouterLink({ to, children, ...rest }, ref) {
    return (
      <a ref={ref} href={`#${to}`} data-router="" {...rest}>
        {children}
      </a>
    );
  },
);

describe('Link', () => {
  it('given an href, then renders a link with the design-system class and forwards ref', () => {
    const ref = createRef<HTMLAnchorElement>();
    render(
      <Link ref={ref} href="/Clients" className="extra">
        Clients
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Clients' });
    expect(link).toHaveAttribute('href', '/Clients');
    expect(ref.current).toBe(link);
    expect(link.className).toContain('extra');
  });

  it('given asChild with a router link, then the router link renders with the link styles', () => {
    render(
      <Link asChild>
        <RouterLink to="/Dashboard">Dashboard</RouterLink>
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Dashboard' });
    expect(link).toHaveAttribute('data-router');
    expect(link).toHaveAttribute('href', '#/Dashboard');
    expect(link).toHaveAttribute('data-variant', 'inline');
  });

  it('given external, then it opens in a new tab safely and says so', () => {
    render(
      <Link href="https://example.org/help" external>
        Help centre
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Help centre (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <p>
        Read the <Link href="/help">guide</Link>.
      </p>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
