import type { InputHTMLAttributes } from 'react';
import styles from './DataTable.module.css';

interface SelectCheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  'aria-label': string;
  indeterminate?: boolean;
}

/** The row and select-all checkboxes: a native input, so `indeterminate` and Space work as everywhere else. */
export function SelectCheckbox({ indeterminate = false, ...rest }: SelectCheckboxProps) {
  return (
    <input
      ref={(element) => {
        if (element) element.indeterminate = indeterminate && !rest.checked;
      }}
      type="checkbox"
      className={styles.checkbox}
      {...rest}
    />
  );
}
