import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { cx } from '../Field/cx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** `primary`: the one main action of a view. `secondary`: other actions. `ghost`: low emphasis. `danger`: destroys data. */
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and disables the button while the action runs. */
  loading?: boolean;
  /** An icon before the label (decorative: it is hidden from screen readers). */
  iconStart?: ReactNode;
  /** An icon after the label. */
  iconEnd?: ReactNode;
  /** Stretches to the width of its container. */
  fullWidth?: boolean;
}

/** The inline spinner shown by a loading button (and by Combobox while it searches). */
export function InlineSpinner({ className }: { className?: string }) {
  return <span className={cx(styles.spinner, className)} aria-hidden="true" />;
}

/** A button. Defaults to `type="button"` so it never submits a form by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    iconStart,
    iconEnd,
    fullWidth = false,
    disabled,
    className,
    type = 'button',
    children,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      data-variant={variant}
      data-size={size}
      data-state={loading ? 'loading' : undefined}
      data-full-width={fullWidth || undefined}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      className={cx(styles.root, className)}
      {...rest}
    >
      {loading ? (
        <InlineSpinner />
      ) : (
        iconStart && (
          <span className={styles.icon} aria-hidden="true">
            {iconStart}
          </span>
        )
      )}
      {children}
      {iconEnd && (
        <span className={styles.icon} aria-hidden="true">
          {iconEnd}
        </span>
      )}
    </button>
  );
});
