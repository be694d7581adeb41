import { formatMoney } from '@halcyon/api/money';
import { usePracticeTimeZone, useRoute } from '@halcyon/api/swr';
import { formatTime } from '@halcyon/api/time';
import { Sensitive } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import { CardSkeleton } from './CardSkeleton';
import styles from './CardList.module.css';

const invoicesText = (count: number) =>
  `${new Intl.NumberFormat('en-GB').format(count)} overdue invoice${count === 1 ? '' : 's'}`;

/** The practice's overdue invoices: the total still owed per currency and how many, as of when it was worked out. */
export function OverdueInvoicesCard() {
  const overdue = useRoute('dashboardOverdueInvoices');
  const timeZone = usePracticeTimeZone();
  const { data, view } = overdue;
  if (view === 'error') return <LoadError what="overdue invoices" error={overdue.error} onRetry={overdue.retry} />;
  if (view === 'loading' || data === undefined) return <CardSkeleton what="overdue invoices" />;
  if (!data || data.items.length === 0) return <p className={styles.empty}>No invoice is overdue.</p>;
  return (
    <>
      <ul className={styles.list} aria-label="Overdue invoices per currency">
        {data.items.map((item) => (
          <li key={item.currency} className={styles.row}>
            <span className={styles.main}>
              <Sensitive className={styles.figure}>{formatMoney(item.totalMinor, item.currency)}</Sensitive>
              <span className={styles.meta}>{invoicesText(item.count)}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.more}>{`As of ${formatTime(data.computedAt, timeZone)}`}</p>
    </>
  );
}
