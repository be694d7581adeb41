import type { RenderLink } from '@halcyon/design-system';
import { Link as RouterLink } from 'react-router-dom';

/** How the design system's breadcrumbs and links navigate in the app: with the router (no page reload). */
export const renderRouterLink: RenderLink = ({ href, children, ...rest }) => (
  <RouterLink to={href} {...rest}>
    {children}
  </RouterLink>
);
