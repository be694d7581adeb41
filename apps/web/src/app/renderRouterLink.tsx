import type { RenderLink } from '@halcyon/design-system';
import { Link as RouterLink } from 'react-router-dom';
import { prefetchPage } from './prefetch';

/**
 * How the design system's sidebar, breadcrumbs and links navigate in the app: with the router (no page reload), the
 * page's code loading as soon as the pointer is over the link or it has the focus (`prefetchPage`).
 */
export const renderRouterLink: RenderLink = ({ href, children, ...rest }) => (
  <RouterLink to={href} onPointerEnter={() => prefetchPage(href)} onFocus={() => prefetchPage(href)} {...rest}>
    {children}
  </RouterLink>
);
