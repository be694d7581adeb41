import { PageHeader, type Breadcrumb } from '@halcyon/design-system';
import type { ReactNode } from 'react';
import { HELP_PATHS } from './content';
import { renderRouterLink } from '../../app/renderRouterLink';

export interface HelpHeaderProps {
  title: string;
  description?: ReactNode;
  /** Crumbs between "Need help" and this page (e.g. the guide list above one guide). */
  parents?: Breadcrumb[];
  actions?: ReactNode;
}

/** The header of a Need-help page: "Need help" > ... > this page, its title and description. */
export function HelpHeader({ title, description, parents = [], actions }: HelpHeaderProps) {
  return (
    <PageHeader
      title={title}
      description={description}
      actions={actions}
      breadcrumbs={[{ label: 'Need help', href: HELP_PATHS.index }, ...parents, { label: title }]}
      renderLink={renderRouterLink}
    />
  );
}
