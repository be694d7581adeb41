import { forwardRef, useId, useMemo, useState, type ChangeEvent } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cx } from '../Field/cx';
import { mergeRefs } from '../Field/mergeRefs';
import { TextField, type TextFieldProps } from '../TextField/TextField';
import { estimatePasswordStrength } from './strength';
import styles from './PasswordField.module.css';

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'endAdornment'> {
  /** Shows a Weak / Fair / Good / Strong meter, announced politely when it changes (for new passwords). */
  showStrength?: boolean;
  /** Controlled visibility of the text; uncontrolled by default. */
  visible?: boolean;
  defaultVisible?: boolean;
  onVisibleChange?: (visible: boolean) => void;
}

/**
 * A password input with a show/hide toggle and an optional strength meter. The ref is the `<input>` (react-hook-form
 * `register` works). Use `autoComplete="current-password"` to sign in and `"new-password"` with `showStrength` to set one.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(
  { showStrength = false, visible, defaultVisible = false, onVisibleChange, describedBy, onChange, className, ...rest },
  ref,
) {
  const [ownVisible, setOwnVisible] = useState(defaultVisible);
  const isVisible = visible ?? ownVisible;
  const [typed, setTyped] = useState(() => String(rest.defaultValue ?? ''));
  const password = rest.value !== undefined ? String(rest.value) : typed;
  const strengthId = useId();
  const mergedRef = useMemo(
    () =>
      mergeRefs<HTMLInputElement>(ref, (node) => {
        if (node && showStrength) setTyped(node.value);
      }),
    [ref, showStrength],
  );

  const toggle = () => {
    const next = !isVisible;
    setOwnVisible(next);
    onVisibleChange?.(next);
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (showStrength) setTyped(event.target.value);
    onChange?.(event);
  };

  const strength = showStrength && password ? estimatePasswordStrength(password) : undefined;

  return (
    <div className={cx(styles.root, className)}>
      <TextField
        ref={mergedRef}
        type={isVisible ? 'text' : 'password'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        onChange={handleChange}
        describedBy={[showStrength ? strengthId : undefined, describedBy].filter(Boolean).join(' ') || undefined}
        endAdornment={
          <button
            type="button"
            className={styles.toggle}
            aria-pressed={isVisible}
            aria-label="Show password"
            title={isVisible ? 'Hide password' : 'Show password'}
            onClick={toggle}
            disabled={rest.disabled}
          >
            {isVisible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          </button>
        }
        {...rest}
      />
      {showStrength && (
        <div className={styles.strength} data-score={strength?.score}>
          <div className={styles.meter} aria-hidden="true">
            {[0, 1, 2, 3].map((segment) => (
              <span
                key={segment}
                className={styles.segment}
                data-state={strength && segment <= strength.score ? 'on' : 'off'}
              />
            ))}
          </div>
          <p id={strengthId} className={styles.label} aria-live="polite">
            {strength ? `Password strength: ${strength.label}` : ''}
          </p>
        </div>
      )}
    </div>
  );
});
