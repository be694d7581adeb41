import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../Field/cx';
import styles from './AppShell.module.css';

export interface AppShellProps extends HTMLAttributes<HTMLDivElement> {
  /** The primary navigation (`Sidebar`). */
  sidebar?: ReactNode;
  /** The top bar (`TopBar`). */
  topBar?: ReactNode;
  /** The notifications panel (`SidePanel`), at the end of the main area. */
  sidePanel?: ReactNode;
  /** Banner alerts, shown above the page (`BannerRegion`). */
  banners?: ReactNode;
  /** The routed page. */
  children: ReactNode;
  /** The id of the main landmark, the target of the skip link. */
  mainId?: string;
  skipLinkLabel?: string;
}

/**
 * The signed-in layout: a skip link, the sidebar, the top bar, banners above the page in the main landmark, and an
 * optional side panel. Columns collapse to nothing when a slot is empty or its content is closed.
 */
export const AppShell = forwardRef<HTMLDivElement, AppShellProps>(function AppShell(
  {
    sidebar,
    topBar,
    sidePanel,
    banners,
    children,
    mainId = 'main-content',
    skipLinkLabel = 'Skip to main content',
    className,
    ...rest
  },
  ref,
) {
  return (
    <div ref={ref} className={cx(styles.root, className)} {...rest}>
      <a className={styles.skipLink} href={`#${mainId}`}>
        {skipLinkLabel}
      </a>
      {sidebar && <div className={styles.sidebar}>{sidebar}</div>}
      {topBar && <div className={styles.topBar}>{topBar}</div>}
      <main id={mainId} tabIndex={-1} className={styles.main}>
        {banners && <div className={styles.banners}>{banners}</div>}
        {children}
      </main>
      {sidePanel && <div className={styles.sidePanel}>{sidePanel}</div>}
    </div>
  );
});
