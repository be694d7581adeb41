import { BILLING_PAGE_SIZE } from '@halcyon/api/contract';
import { Button } from '@halcyon/design-system';
import styles from './billing.module.css';

export interface ListPagerProps {
  /** Names the page navigation for screen readers, e.g. "Invoices pages". */
  label: string;
  /** What the list holds, e.g. "invoices". */
  what: string;
  /** Rows on this page. */
  shown: number;
  pageNumber: number;
  /** The server's cursor of the next page; null on the last one. */
  nextCursor: string | null;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
}

/**
 * Previous and Next through a list the server pages by cursor (newest first): "Showing 26–50 invoices". Nothing counts
 * the whole practice, so there is no last page number.
 */
export function ListPager({ label, what, shown, pageNumber, nextCursor, onNext, onPrevious }: ListPagerProps) {
  if (shown === 0 && pageNumber === 1) return null;
  const first = (pageNumber - 1) * BILLING_PAGE_SIZE + 1;
  return (
    <nav className={styles.pager} aria-label={label}>
      <p className={styles.muted} aria-live="polite">
        {shown === 0 ? `No more ${what}` : `Showing ${first}–${first + shown - 1} ${what}`}
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" disabled={pageNumber === 1} onClick={onPrevious}>
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={nextCursor === null}
          onClick={() => nextCursor && onNext(nextCursor)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
