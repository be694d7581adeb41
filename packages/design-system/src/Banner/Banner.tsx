import { forwardRef, type HTMLAttributes, type ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useAutoDismiss } from './useAutoDismiss';
import styles from './Banner.module.css';
import { cx } from '../Field/cx';

export type BannerVariant = 'error' | 'success' | 'info';

const icons: Record<BannerVariant, ReactNode> = {
  error: <CircleAlert />,
  success: <CircleCheck />,
  info: <Info />,
};

export interface BannerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role'> {
  /** error is announced at once (role="alert"); success and info politely (role="status"). Default info. */
  variant?: BannerVariant;
  /** Replaces the variant's icon; `false` hides it. */
  icon?: ReactNode;
  /** Shows a dismiss button and is called by it (and when the timeout runs out). */
  onDismiss?: () => void;
  /** Accessible name of the dismiss button. */
  dismissLabel?: string;
  /**
   * Calls `onDismiss` after this many ms; paused while hovered or focused, resumed after. 0 (the default for a
   * standalone banner) keeps it until dismissed. `BannerRegion` passes `BANNER_TIMEOUT_MS` unless told otherwise.
   */
  timeout?: number;
}

/** One alert message above the page: icon, text and an optional dismiss button. */
export const Banner = forwardRef<HTMLDivElement, BannerProps>(function Banner(
  {
    variant = 'info',
    icon,
    onDismiss,
    dismissLabel = 'Dismiss',
    timeout = 0,
    className,
    children,
    onMouseEnter,
    onMouseLeave,
    onFocus,
    onBlur,
    ...rest
  },
  ref,
) {
  const { paused, handlers } = useAutoDismiss(timeout, onDismiss);
  const shownIcon = icon === undefined ? icons[variant] : icon;
  return (
    <div
      ref={ref}
      role={variant === 'error' ? 'alert' : 'status'}
      data-variant={variant}
      data-state={timeout > 0 && paused ? 'paused' : 'running'}
      className={cx(styles.root, className)}
      onMouseEnter={(e) => {
        handlers.onMouseEnter();
        onMouseEnter?.(e);
      }}
      onMouseLeave={(e) => {
        handlers.onMouseLeave();
        onMouseLeave?.(e);
      }}
      onFocus={(e) => {
        handlers.onFocus();
        onFocus?.(e);
      }}
      onBlur={(e) => {
        handlers.onBlur(e);
        onBlur?.(e);
      }}
      {...rest}
    >
      {shownIcon !== false && shownIcon !== null && (
        <span className={styles.icon} aria-hidden>
          {shownIcon}
        </span>
      )}
      <div className={styles.message}>{children}</div>
      {onDismiss && (
        <button type="button" className={styles.dismiss} aria-label={dismissLabel} onClick={onDismiss}>
          <X aria-hidden />
        </button>
      )}
    </div>
  );
});
