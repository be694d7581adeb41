import { Sensitive } from '@halcyon/design-system';
import type { ReactNode } from 'react';
import styles from './clients.module.css';

export interface Fact {
  label: string;
  /** Null, undefined and '' show "Not recorded". */
  value: ReactNode;
  /** Client data is blurred by Privacy (default on). */
  sensitive?: boolean;
  /** What an empty value says (default "Not recorded"). */
  emptyText?: string;
}

/** A definition list of a record's fields; empty values say "Not recorded" rather than leaving a gap. */
export function Facts({ facts, label }: { facts: Fact[]; label?: string }) {
  return (
    <dl className={styles.list} aria-label={label}>
      {facts.map((fact) => {
        const empty = fact.value === null || fact.value === undefined || fact.value === '';
        return (
          <div key={fact.label} className={styles.pair}>
            <dt>{fact.label}</dt>
            <dd>
              {empty ? (
                <span className={styles.muted}>{fact.emptyText ?? 'Not recorded'}</span>
              ) : fact.sensitive === false ? (
                fact.value
              ) : (
                <Sensitive>{fact.value}</Sensitive>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
