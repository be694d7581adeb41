import { FEEDBACK_RATING_MAX } from '@halcyon/api/contract';
import { Star } from './icons';
import styles from './help.module.css';

/** A rating as stars, read out as "Rated 4 out of 5". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className={styles.stars} role="img" aria-label={`Rated ${rating} out of ${FEEDBACK_RATING_MAX}`}>
      {Array.from({ length: FEEDBACK_RATING_MAX }, (_, index) => (
        <Star
          key={index}
          aria-hidden
          className={styles.star}
          data-state={index < rating ? 'on' : 'off'}
          fill={index < rating ? 'currentColor' : 'none'}
        />
      ))}
    </span>
  );
}
