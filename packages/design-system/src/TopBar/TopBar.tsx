import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { cx } from '../Field/cx';
import styles from './TopBar.module.css';

export interface TopBarProps extends HTMLAttributes<HTMLElement> {
  /** The start of the bar, e.g. the sidebar menu toggle and the practice name. */
  start?: ReactNode;
  /** The middle of the bar: the client-name search. */
  search?: ReactNode;
  /** The end of the bar, e.g. the Privacy switch and the user menu. */
  end?: ReactNode;
}

/** The shell's top bar (a `banner` landmark) with start, search and end slots. */
export const TopBar = forwardRef<HTMLElement, TopBarProps>(function TopBar(
  { start, search, end, children, className, ...rest },
  ref,
) {
  return (
    <header ref={ref} className={cx(styles.root, className)} {...rest}>
      <div className={styles.start}>{start}</div>
      <div className={styles.search}>{search}</div>
      <div className={styles.end}>{end}</div>
      {children}
    </header>
  );
});
