import { forwardRef, type HTMLAttributes } from 'react';
import { VisuallyHidden } from '../VisuallyHidden';
import styles from './Spinner.module.css';
import { cx } from '../Field/cx';

export interface SpinnerProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** What is loading, announced politely (role="status"). Default "Loading". */
  label?: string;
  /** Shows the label beside the spinner instead of only to screen readers. */
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** An indeterminate loading indicator. */
export const Spinner = forwardRef<HTMLSpanElement, SpinnerProps>(function Spinner(
  { label = 'Loading', showLabel = false, size = 'md', className, ...rest },
  ref,
) {
  return (
    <span ref={ref} role="status" data-size={size} className={cx(styles.root, className)} {...rest}>
      <span className={styles.circle} aria-hidden />
      {showLabel ? <span className={styles.label}>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
});
