import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { defaultRenderLink, type RenderLink } from '../Sidebar/renderLink';
import { cx } from '../Field/cx';
import styles from './PageHeader.module.css';

export interface Breadcrumb {
  label: string;
  /** Omit on the current page (the last crumb). */
  href?: string;
}

export interface PageHeaderProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The page title, rendered as the page's only `h1`. */
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or menus at the end of the header. */
  actions?: ReactNode;
  breadcrumbs?: Breadcrumb[];
  /** Renders breadcrumb links through the app's router. */
  renderLink?: RenderLink;
}

/** The top of every page: breadcrumbs, an `h1`, a description and the page's actions. */
export const PageHeader = forwardRef<HTMLElement, PageHeaderProps>(function PageHeader(
  { title, description, actions, breadcrumbs, renderLink = defaultRenderLink, className, ...rest },
  ref,
) {
  return (
    <header ref={ref} className={cx(styles.root, className)} {...rest}>
      {breadcrumbs && breadcrumbs.length > 0 && (
        <nav aria-label="Breadcrumb" className={styles.breadcrumbs}>
          <ol className={styles.crumbs}>
            {breadcrumbs.map((crumb, index) => {
              const last = index === breadcrumbs.length - 1;
              return (
                <li key={`${crumb.label}-${index}`} className={styles.crumb}>
                  {crumb.href && !last ? (
                    renderLink({ href: crumb.href, className: styles.crumbLink, children: crumb.label })
                  ) : (
                    <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      )}
      <div className={styles.row}>
        <div className={styles.text}>
          <h1 className={styles.title}>{title}</h1>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </header>
  );
});
