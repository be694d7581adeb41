import { Link } from '@halcyon/design-system';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A design-system link that navigates with the router (no page reload). */
export function TextLink({
  to,
  children,
  variant = 'inline',
}: {
  to: string;
  children: ReactNode;
  variant?: 'inline' | 'standalone';
}) {
  return (
    <Link asChild variant={variant}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
