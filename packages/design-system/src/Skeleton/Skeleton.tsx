import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react';
import styles from './Skeleton.module.css';
import { cx } from '../Field/cx';

export interface SkeletonProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** text: one line of text; rect: a block (card, chart); circle: an avatar. Default text. */
  shape?: 'text' | 'rect' | 'circle';
  /** Any CSS length, e.g. "60%" or "12rem". */
  width?: string;
  /** Any CSS length; text uses the line height. */
  height?: string;
}

/**
 * A grey placeholder while content loads. Hidden from assistive technology: mark the loading region with
 * `aria-busy="true"` and put a `Spinner` or text where a screen reader should hear that it is loading.
 */
export const Skeleton = forwardRef<HTMLSpanElement, SkeletonProps>(function Skeleton(
  { shape = 'text', width, height, className, style, ...rest },
  ref,
) {
  const sized: CSSProperties = { ...style };
  if (width) sized.width = width;
  if (height) sized.height = height;
  return (
    <span ref={ref} aria-hidden data-shape={shape} className={cx(styles.root, className)} style={sized} {...rest} />
  );
});
