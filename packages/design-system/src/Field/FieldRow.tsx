import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react';
import { cx } from './cx';
import styles from './Field.module.css';

/** The narrowest a column of a `FieldRow` gets before the fields wrap onto lines of their own. */
const COLUMN_MIN = { sm: '10rem', md: '12rem', lg: '14rem' } as const;

export interface FieldRowProps extends HTMLAttributes<HTMLDivElement> {
  /** The narrowest a column gets before the fields wrap (`sm` 10rem, `md` 12rem, `lg` 14rem). Default `md`. */
  columnMin?: keyof typeof COLUMN_MIN;
}

/**
 * Fields side by side, as many to a line as fit. Their labels, hints, boxes and errors line up across the line, so a
 * field with a long hint does not push its box below its neighbours'; on a narrow screen each field takes a line.
 */
export const FieldRow = forwardRef<HTMLDivElement, FieldRowProps>(function FieldRow(
  { columnMin = 'md', className, style, ...rest },
  ref,
) {
  const width = { '--hds-field-row-min': COLUMN_MIN[columnMin], ...style } as CSSProperties;
  return <div ref={ref} className={cx(styles.row, className)} style={width} {...rest} />;
});
