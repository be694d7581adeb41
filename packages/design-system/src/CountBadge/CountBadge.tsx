import { forwardRef, type HTMLAttributes } from 'react';
import { VisuallyHidden } from '../VisuallyHidden';
import styles from './CountBadge.module.css';
import { cx } from '../Field/cx';

export interface CountBadgeProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** The number to show; defaults to 0 (SPEC.md §9). Negative or non-finite values count as 0. */
  count?: number;
  /** Above this the badge shows "{max}+". Default 99. */
  max?: number;
  /**
   * What screen readers hear: a word after the count ("unread" gives "3 unread") or a function of the count.
   * Default "unread".
   */
  label?: string | ((count: number) => string);
  /** Renders nothing at 0. Default false: the badge shows 0. */
  hideWhenZero?: boolean;
  variant?: 'accent' | 'neutral' | 'danger';
}

/** A small number beside a navigation entry (Appointments, Messages, Notifications). */
export const CountBadge = forwardRef<HTMLSpanElement, CountBadgeProps>(function CountBadge(
  { count = 0, max = 99, label = 'unread', hideWhenZero = false, variant = 'accent', className, ...rest },
  ref,
) {
  const value = Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (hideWhenZero && value === 0) return null;
  const shown = value > max ? `${max}+` : String(value);
  const spoken = typeof label === 'function' ? label(value) : `${value} ${label}`;
  return (
    <span
      ref={ref}
      data-variant={variant}
      data-state={value === 0 ? 'empty' : 'active'}
      className={cx(styles.root, className)}
      {...rest}
    >
      <span aria-hidden>{shown}</span>
      <VisuallyHidden>{spoken}</VisuallyHidden>
    </span>
  );
});
