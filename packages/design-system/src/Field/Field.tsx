import {
  cloneElement,
  forwardRef,
  isValidElement,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import { CircleExclamationPoint } from 'lucide-react';
import { VisuallyHidden } from '../VisuallyHidden';
import { cx } from './cx';
import { useErrorAfterPress } from './usePointerPress';
import { useField, type FieldControlProps, type FieldIds, type FieldOptions } from './useField';
import styles from './Field.module.css';

export type FieldRender = (control: FieldControlProps, ids: FieldIds) => ReactNode;

export interface FieldProps extends FieldOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'id'> {
  /**
   * The control. A function receives the props to spread on it; a single element gets them merged in
   * (its own `aria-describedby` is kept).
   */
  children: FieldRender | ReactElement<Record<string, unknown>>;
  /**
   * `label` (default) renders `<label for>`; `span` renders a text label the control references with
   * `aria-labelledby` (radio groups, date ranges: elements a `<label>` cannot name).
   */
  labelElement?: 'label' | 'span';
  /** `stack` (default): label, hint, control, error. `inline`: control beside the label (checkbox, switch). */
  layout?: 'stack' | 'inline';
  /** More ids for the control's aria-describedby. */
  describedBy?: string;
  /** Announce the error politely when it appears (for errors that come while typing, not on submit). */
  liveError?: boolean;
}

/**
 * A form field: label, optional hint, the control, and an error that says what to fix. Wires `id`, `aria-describedby`,
 * `aria-invalid`, `aria-errormessage` and `aria-required` on the control. Every input of the design system is built on it.
 */
export const Field = forwardRef<HTMLDivElement, FieldProps>(function Field(
  {
    label,
    hint,
    error,
    required,
    hideLabel,
    id,
    children,
    labelElement = 'label',
    layout = 'stack',
    describedBy,
    liveError = false,
    className,
    ...rest
  },
  ref,
) {
  const shownError = useErrorAfterPress(error);
  const { ids, controlProps, hasHint, hasError } = useField({ id, hint, error: shownError, required }, describedBy);

  const labelContent = (
    <>
      {label}
      {required && (
        <span className={styles.required} aria-hidden="true">
          {' *'}
        </span>
      )}
    </>
  );
  const labelNode =
    labelElement === 'label' ? (
      <label id={ids.label} htmlFor={ids.control} className={styles.label}>
        {labelContent}
      </label>
    ) : (
      <span id={ids.label} className={styles.label}>
        {labelContent}
      </span>
    );

  let control: ReactNode;
  if (typeof children === 'function') {
    control = children(controlProps, ids);
  } else if (isValidElement(children)) {
    const own = children.props['aria-describedby'];
    const merged = [controlProps['aria-describedby'], typeof own === 'string' ? own : undefined]
      .filter(Boolean)
      .join(' ');
    control = cloneElement(children, {
      ...controlProps,
      ...(merged ? { 'aria-describedby': merged } : {}),
      ...(labelElement === 'span' ? { 'aria-labelledby': ids.label } : {}),
    });
  } else {
    control = children;
  }

  const errorNode =
    hasError || liveError ? (
      <p
        id={hasError ? ids.error : undefined}
        className={styles.error}
        aria-live={liveError ? 'polite' : undefined}
        data-empty={hasError ? undefined : ''}
      >
        {hasError && (
          <>
            <CircleExclamationPoint className={styles.errorIcon} aria-hidden="true" />
            <span>{shownError}</span>
          </>
        )}
      </p>
    ) : null;

  return (
    <div
      ref={ref}
      className={cx(styles.root, className)}
      data-layout={layout}
      data-invalid={hasError || undefined}
      data-required={required || undefined}
      {...rest}
    >
      {layout === 'inline' && <div className={styles.inlineControl}>{control}</div>}
      {hideLabel ? <VisuallyHidden>{labelNode}</VisuallyHidden> : labelNode}
      {hasHint && (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      )}
      {layout === 'stack' && control}
      {errorNode}
    </div>
  );
});
