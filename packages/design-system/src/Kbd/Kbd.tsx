import { forwardRef, Fragment, type HTMLAttributes } from 'react';
import { cx } from '../Field/cx';
import styles from './Kbd.module.css';

export interface KbdProps extends HTMLAttributes<HTMLElement> {
  /** A key combination, e.g. `['Ctrl', 'K']`: each key gets its own key cap, joined by "+". Otherwise use children. */
  keys?: readonly string[];
}

/** A keyboard key or shortcut, e.g. in help text and menus: <Kbd keys={['Ctrl', 'K']} />. */
export const Kbd = forwardRef<HTMLElement, KbdProps>(function Kbd({ keys, className, children, ...rest }, ref) {
  if (!keys) {
    return (
      <kbd ref={ref} className={cx(styles.key, className)} {...rest}>
        {children}
      </kbd>
    );
  }
  return (
    <kbd ref={ref} className={cx(styles.combo, className)} {...rest}>
      {keys.map((key, index) => (
        <Fragment key={`${key}-${index}`}>
          {index > 0 && <span className={styles.plus}>+</span>}
          <kbd className={styles.key}>{key}</kbd>
        </Fragment>
      ))}
    </kbd>
  );
});
