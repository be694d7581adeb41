import { forwardRef, useId, type HTMLAttributes } from 'react';
import * as RadixProgress from '@radix-ui/react-progress';
import styles from './ProgressBar.module.css';
import { cx } from '../Field/cx';

const percentLabel = (value: number, max: number) => `${Math.round((value / max) * 100)}%`;

export interface ProgressBarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Progress so far; `null` (or omitted) for an unknown amount (indeterminate). Clamped to 0..max. */
  value?: number | null;
  /** Default 100. */
  max?: number;
  /** What is progressing, shown above the bar and naming it, e.g. "Uploading consent-form.pdf". */
  label: string;
  /** Shows the value text beside the label. Default true. */
  showValue?: boolean;
  /** The value text (shown and announced); default a percentage. */
  getValueLabel?: (value: number, max: number) => string;
  variant?: 'accent' | 'success' | 'danger';
}

/** A labelled progress bar (role="progressbar") on Radix Progress. */
export const ProgressBar = forwardRef<HTMLDivElement, ProgressBarProps>(function ProgressBar(
  {
    value = null,
    max = 100,
    label,
    showValue = true,
    getValueLabel = percentLabel,
    variant = 'accent',
    className,
    ...rest
  },
  ref,
) {
  const labelId = useId();
  const safeMax = max > 0 ? max : 100;
  const current = value === null ? null : Math.min(Math.max(value, 0), safeMax);
  const percent = current === null ? 0 : (current / safeMax) * 100;
  const state = current === null ? 'indeterminate' : current >= safeMax ? 'complete' : 'loading';
  return (
    <div ref={ref} data-state={state} data-variant={variant} className={cx(styles.root, className)} {...rest}>
      <div className={styles.header}>
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        {showValue && current !== null && (
          <span className={styles.value} aria-hidden>
            {getValueLabel(current, safeMax)}
          </span>
        )}
      </div>
      <RadixProgress.Root
        className={styles.track}
        value={current}
        max={safeMax}
        getValueLabel={getValueLabel}
        aria-labelledby={labelId}
      >
        <RadixProgress.Indicator
          className={styles.indicator}
          style={current === null ? undefined : { transform: `translateX(-${100 - percent}%)` }}
        />
      </RadixProgress.Root>
    </div>
  );
});
