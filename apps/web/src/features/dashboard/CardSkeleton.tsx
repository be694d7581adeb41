import { Skeleton } from '@halcyon/design-system';
import styles from './CardList.module.css';

/** A dashboard card's rows while they load (or while the card's code loads). */
export function CardSkeleton({ what }: { what: string }) {
  return (
    <div className={styles.loading} role="status" aria-busy="true" aria-label={`Loading ${what}`}>
      <Skeleton width="90%" />
      <Skeleton width="75%" />
      <Skeleton width="60%" />
    </div>
  );
}
