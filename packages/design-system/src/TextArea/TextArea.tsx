import { forwardRef, useId, useMemo, useState, type ChangeEvent, type TextareaHTMLAttributes } from 'react';
import { Field } from '../Field/Field';
import { cx } from '../Field/cx';
import { mergeRefs } from '../Field/mergeRefs';
import { splitFieldProps, type FieldOptions } from '../Field/useField';
import { VisuallyHidden } from '../VisuallyHidden';
import control from '../Field/control.module.css';
import styles from './TextArea.module.css';

export interface TextAreaProps
  extends FieldOptions, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required'> {
  /** Shows a character count ("120 / 500" with `maxLength`); near the limit, what is left is announced politely. */
  showCount?: boolean;
  /** Extra ids for aria-describedby. */
  describedBy?: string;
  /** Class for the `<textarea>` itself; `className` goes on the field. */
  textareaClassName?: string;
}

/** When this many characters (or fewer) are left, the count is announced. */
const warnAt = (max: number) => Math.max(10, Math.round(max * 0.1));

/** A multi-line text input with label, hint, error and an optional character count. The ref is the `<textarea>`. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(props, ref) {
  const [field, { showCount = false, describedBy, className, textareaClassName, onChange, rows = 4, ...textarea }] =
    splitFieldProps(props);
  const { value, defaultValue, maxLength } = textarea;
  const countId = useId();
  const [typedLength, setTypedLength] = useState(() => String(defaultValue ?? '').length);
  const length = value !== undefined ? String(value).length : typedLength;
  // react-hook-form writes default values straight into the element: read the length once it is attached.
  const mergedRef = useMemo(
    () =>
      mergeRefs<HTMLTextAreaElement>(ref, (node) => {
        if (node) setTypedLength(node.value.length);
      }),
    [ref],
  );

  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setTypedLength(event.target.value.length);
    onChange?.(event);
  };

  const remaining = maxLength !== undefined ? maxLength - length : undefined;
  const describedByAll = [showCount ? countId : undefined, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <Field {...field} describedBy={describedByAll} className={className}>
      {(controlProps) => (
        // One node for the box and its count, so the field keeps one control line (FieldRow lines them up).
        <div className={styles.box}>
          <div
            className={cx(control.control, control.multiline)}
            data-invalid={controlProps['aria-invalid']}
            data-disabled={textarea.disabled || undefined}
          >
            <textarea
              ref={mergedRef}
              rows={rows}
              className={cx(control.input, textareaClassName)}
              onChange={handleChange}
              {...controlProps}
              {...textarea}
            />
          </div>
          {showCount && (
            <p
              id={countId}
              className={styles.count}
              data-state={remaining !== undefined && remaining <= 0 ? 'full' : undefined}
            >
              <span aria-hidden="true">{maxLength !== undefined ? `${length} / ${maxLength}` : `${length}`}</span>
              <VisuallyHidden>
                {maxLength !== undefined
                  ? `${length} of ${maxLength} characters used`
                  : `${length} character${length === 1 ? '' : 's'}`}
              </VisuallyHidden>
            </p>
          )}
          {showCount && maxLength !== undefined && (
            <VisuallyHidden aria-live="polite">
              {remaining !== undefined && remaining <= warnAt(maxLength)
                ? remaining <= 0
                  ? 'Character limit reached'
                  : `${remaining} character${remaining === 1 ? '' : 's'} left`
                : ''}
            </VisuallyHidden>
          )}
        </div>
      )}
    </Field>
  );
});
