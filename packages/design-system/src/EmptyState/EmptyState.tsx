import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import styles from './EmptyState.module.css';
import { cx } from '../Field/cx';

export interface EmptyStateProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** A large muted icon (decorative). */
  icon?: ReactNode;
  /** What is empty, e.g. "No clients yet". */
  title: ReactNode;
  /** What to do next, e.g. "Add your first client to start booking sessions." */
  description?: ReactNode;
  /** The next step: usually one primary button. */
  action?: ReactNode;
  /** Heading level of the title; default h2. */
  headingLevel?: 2 | 3 | 4;
}

/** Shown where a list or page has nothing yet: what is empty, what to do next, and the action to do it. */
export const EmptyState = forwardRef<HTMLDivElement, EmptyStateProps>(function EmptyState(
  { icon, title, description, action, headingLevel = 2, className, ...rest },
  ref,
) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div ref={ref} className={cx(styles.root, className)} {...rest}>
      {icon && (
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
});
