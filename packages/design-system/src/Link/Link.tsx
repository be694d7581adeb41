import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { ExternalLink } from 'lucide-react';
import * as Slot from '@radix-ui/react-slot';
import { cx } from '../Field/cx';
import { VisuallyHidden } from '../VisuallyHidden';
import styles from './Link.module.css';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /**
   * Style the single child instead of rendering an `<a>`: works with any router,
   * e.g. `<Link asChild><RouterLink to="/Clients">Clients</RouterLink></Link>`.
   */
  asChild?: boolean;
  /** `inline` (default) is underlined inside text; `standalone` is underlined on hover only. */
  variant?: 'inline' | 'standalone';
  /** Opens in a new tab, safely (rel="noopener noreferrer"), with an icon and "(opens in a new tab)" for screen readers. */
  external?: boolean;
}

/** A link that navigates. Use Button for actions that do not change the URL. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { asChild = false, variant = 'inline', external = false, className, children, target, rel, ...rest },
  ref,
) {
  const Component = asChild ? Slot.Root : 'a';
  const content =
    external && !asChild ? (
      <>
        {children}
        <ExternalLink className={styles.externalIcon} aria-hidden="true" />
        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      </>
    ) : (
      children
    );
  return (
    <Component
      ref={ref}
      data-variant={variant}
      className={cx(styles.root, className)}
      target={external ? '_blank' : target}
      rel={external ? 'noopener noreferrer' : rel}
      {...rest}
    >
      {content}
    </Component>
  );
});
