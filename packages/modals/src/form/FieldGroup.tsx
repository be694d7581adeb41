import { useId, type ReactNode } from 'react';
import styles from './FieldGroup.module.css';

export interface FieldGroupProps {
  legend: ReactNode;
  hint?: ReactNode;
  /** What to fix in the group as a whole, under its legend and hint, where it is seen before the fields. */
  error?: string | undefined;
  children: ReactNode;
}

/**
 * Fields that belong together in a modal's form (the days and times of some hours, an invoice's lines, a goal of a
 * plan, a section of a safety plan), as one bordered fieldset with its legend, a hint and the message of what to fix:
 * every modal's groups look and read the same.
 */
export function FieldGroup({ legend, hint, error, children }: FieldGroupProps) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className={styles.legend}>{legend}</legend>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}
