import { useRoute } from '@halcyon/api/swr';
import { LoadError } from '@halcyon/modals';
import { CardSkeleton } from './CardSkeleton';
import styles from './CardList.module.css';

/** How many messages the member has not read yet (SPEC.md §7 `GET /api/messages/count`); the link opens /Messages. */
export function UnreadMessagesCard() {
  const unread = useRoute('messagesCount');
  const { data, view } = unread;
  if (view === 'error') return <LoadError what="unread messages" error={unread.error} onRetry={unread.retry} />;
  if (view === 'loading' || data === undefined) return <CardSkeleton what="unread messages" />;
  const count = data?.count ?? 0;
  if (count === 0) return <p className={styles.empty}>No unread message.</p>;
  return (
    <p className={styles.main}>
      <span className={styles.figure}>{new Intl.NumberFormat('en-GB').format(count)}</span>
      <span className={styles.meta}>{`unread message${count === 1 ? '' : 's'}`}</span>
    </p>
  );
}
