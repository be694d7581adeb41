import { Button } from '@halcyon/design-system';
import { errorText } from './shared';
import styles from './settings.module.css';

/** A section whose data could not be loaded: what and why, and a way to try again (nothing made up is shown). */
export function LoadFailed({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div className={styles.split} role="alert">
      <p className={styles.text}>
        We could not load {what}. {errorText(error)}
      </p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
