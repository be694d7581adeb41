import type { ReactNode } from 'react';
import styles from './help.module.css';

/** Why a help form was not sent, above the form; the text typed stays in the fields. */
export function FormError({ children }: { children: ReactNode }) {
  return (
    <p className={styles.formError} role="alert">
      {children}
    </p>
  );
}
