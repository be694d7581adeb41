import type { QueryView } from '@halcyon/api/swr';
import { LoadError } from '@halcyon/modals';
import type { ReactNode } from 'react';
import { CardSkeleton } from './CardSkeleton';
import styles from './CardList.module.css';

/** A card's answer: the rows it lists and how many match in all (`totalCapped`: more than `total`). */
export interface CardListData<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
}

export interface CardListProps<T> {
  /** The card's read (from `useRoute`). */
  resource: {
    data: CardListData<T> | null | undefined;
    view: QueryView;
    error: unknown;
    retry: () => Promise<unknown>;
  };
  /** What is loaded, for the loading and error texts: "today's sessions". */
  what: string;
  /** Said when nothing matches: "No sessions today." */
  empty: string;
  getKey: (item: T) => number | string;
  /** One row's content. */
  children: (item: T) => ReactNode;
}

/** "and 3 more" under a card's list; "and over 990 more" when the count stopped at its cap. */
export function moreText(shown: number, total: number, capped: boolean): string | null {
  const rest = total - shown;
  if (rest <= 0) return null;
  return `and ${capped ? 'over ' : ''}${new Intl.NumberFormat('en-GB').format(rest)} more`;
}

/** A dashboard card's list with its loading skeleton, its empty sentence, and a load error with Retry. */
export function CardList<T>({ resource, what, empty, getKey, children }: CardListProps<T>) {
  const { data, view } = resource;
  if (view === 'error') return <LoadError what={what} error={resource.error} onRetry={resource.retry} />;
  if (view === 'loading' || data === undefined) return <CardSkeleton what={what} />;
  if (!data || data.items.length === 0) return <p className={styles.empty}>{empty}</p>;
  const more = moreText(data.items.length, data.total, data.totalCapped);
  return (
    <>
      <ul className={styles.list} aria-label={what.charAt(0).toUpperCase() + what.slice(1)}>
        {data.items.map((item) => (
          <li key={getKey(item)} className={styles.row}>
            {children(item)}
          </li>
        ))}
      </ul>
      {more && <p className={styles.more}>{more}</p>}
    </>
  );
}
