import { forwardRef, type SVGAttributes } from 'react';
import { cx } from '../Field/cx';
import styles from './Sparkline.module.css';

export interface SparklineProps extends Omit<SVGAttributes<SVGSVGElement>, 'values' | 'min' | 'max'> {
  /** The values, oldest first. */
  values: readonly number[];
  /**
   * What the line shows, read by screen readers with the values (e.g. "PHQ-9 scores"). The drawing is an image named
   * "PHQ-9 scores: 12, 14, 11 (latest 11)".
   */
  label: string;
  /** The axis's range (e.g. a measure's 0 to 27); the values' own range when left out. */
  min?: number;
  max?: number;
  /** A dashed horizontal line such as a clinical cut-off. */
  reference?: number;
  /** The drawing's size in px. */
  width?: number;
  height?: number;
  /** Formats each value in the accessible name. */
  formatValue?: (value: number) => string;
}

const PAD = 3;

/**
 * A word-sized trend line with no axes (a client's last scores beside the latest one): the latest value is marked with
 * a dot. The numbers themselves belong in the text next to it; the accessible name reads them out too.
 */
export const Sparkline = forwardRef<SVGSVGElement, SparklineProps>(function Sparkline(
  { values, label, min, max, reference, width = 96, height = 28, formatValue = String, className, ...rest },
  ref,
) {
  const extra = reference === undefined ? [] : [reference];
  const lo = min ?? Math.min(...values, ...extra);
  const hi = max ?? Math.max(...values, ...extra);
  const span = hi - lo || 1;
  const x = (i: number) => (values.length <= 1 ? width / 2 : PAD + (i * (width - 2 * PAD)) / (values.length - 1));
  const y = (value: number) => PAD + (1 - (value - lo) / span) * (height - 2 * PAD);
  const points = values.map((value, i) => `${x(i).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const last = values.at(-1);
  const name =
    values.length === 0
      ? `${label}: none yet`
      : `${label}: ${values.map(formatValue).join(', ')} (latest ${formatValue(last as number)})`;
  return (
    <svg
      ref={ref}
      className={cx(styles.root, className)}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={name}
      {...rest}
    >
      {reference !== undefined && (
        <line className={styles.reference} x1={0} x2={width} y1={y(reference)} y2={y(reference)} />
      )}
      {values.length > 1 && <polyline className={styles.line} points={points} />}
      {last !== undefined && <circle className={styles.latest} cx={x(values.length - 1)} cy={y(last)} r={2.5} />}
    </svg>
  );
});
