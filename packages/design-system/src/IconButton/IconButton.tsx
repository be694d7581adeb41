import { forwardRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from '../Button';
import { cx } from '../Field/cx';
import styles from './IconButton.module.css';

export interface IconButtonProps extends Omit<ButtonProps, 'children' | 'iconStart' | 'iconEnd' | 'fullWidth'> {
  /** The accessible name, e.g. "Close" or "Delete note". Required: an icon alone says nothing to a screen reader. */
  label: string;
  /** The icon (decorative; the label names the button). */
  icon: ReactNode;
}

/** A square button showing only an icon. Shows `label` as a native tooltip unless `title` is given. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, variant = 'ghost', className, title, ...rest },
  ref,
) {
  return (
    <Button
      ref={ref}
      variant={variant}
      aria-label={label}
      title={title ?? label}
      data-icon-only=""
      className={cx(styles.root, className)}
      {...rest}
    >
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
    </Button>
  );
});
