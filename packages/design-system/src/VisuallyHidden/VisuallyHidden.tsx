import { forwardRef, type HTMLAttributes } from 'react';
import * as Slot from '@radix-ui/react-slot';
import { cx } from '../Field/cx';
import styles from './VisuallyHidden.module.css';

export interface VisuallyHiddenProps extends HTMLAttributes<HTMLSpanElement> {
  /** Render the single child element instead of a span (e.g. a heading that only screen readers need). */
  asChild?: boolean;
  /** Becomes visible while it, or something inside it, has keyboard focus (skip links). */
  focusable?: boolean;
}

/** Content for screen readers only: hidden visually, still read aloud and still in the accessibility tree. */
export const VisuallyHidden = forwardRef<HTMLSpanElement, VisuallyHiddenProps>(function VisuallyHidden(
  { asChild = false, focusable = false, className, ...rest },
  ref,
) {
  const Component = asChild ? Slot.Root : 'span';
  return (
    <Component ref={ref} data-focusable={focusable || undefined} className={cx(styles.root, className)} {...rest} />
  );
});
