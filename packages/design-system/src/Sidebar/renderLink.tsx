import type { ReactElement, ReactNode } from 'react';

/** What a component passes to `renderLink` so the app can render its router's link. */
export interface RenderLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  'aria-current'?: 'page' | undefined;
  'aria-label'?: string | undefined;
  'data-state'?: string | undefined;
  onClick?: () => void;
}

/** Renders one link element that accepts a ref (tooltips anchor to it); the default is a plain `<a>`, an app passes its router's `Link`. */
export type RenderLink = (props: RenderLinkProps) => ReactElement;

export const defaultRenderLink: RenderLink = ({ href, children, ...rest }) => (
  <a href={href} {...rest}>
    {children}
  </a>
);
