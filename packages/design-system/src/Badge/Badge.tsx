import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import styles from './Badge.module.css';
import { cx } from '../Field/cx';

export type BadgeVariant = 'neutral' | 'accent' | 'success' | 'warning' | 'danger' | 'info';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** Colour by meaning; the text must carry the meaning too (never colour alone). Default neutral. */
  variant?: BadgeVariant;
  /** A small leading icon (decorative). */
  icon?: ReactNode;
}

/** A short status label such as "Paid", "Overdue" or "Draft". */
export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { variant = 'neutral', icon, className, children, ...rest },
  ref,
) {
  return (
    <span ref={ref} data-variant={variant} className={cx(styles.root, className)} {...rest}>
      {icon && (
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
      )}
      {children}
    </span>
  );
});
