import { useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { formatDateTime } from '@halcyon/api/time';
import { Card, Sensitive, Skeleton } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import styles from './billing.module.css';

/** An invoice's timeline, oldest first (created, saved, sent, viewed, reminded, payments, paid, credited, voided). */
export function InvoiceTimeline({ invoiceId }: { invoiceId: number }) {
  const timeline = useRoute('listInvoiceTimeline', { params: { id: invoiceId } });
  const lastReminder = useRoute('getLastPaymentReminder', { params: { id: invoiceId } });
  const timeZone = usePracticeTimeZone();
  const items = timeline.data?.items ?? [];
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Timeline</Card.Title>
      </Card.Header>
      <Card.Body>
        {timeline.view === 'error' ? (
          <LoadError what="the timeline" error={timeline.error} onRetry={timeline.retry} />
        ) : timeline.view === 'loading' ? (
          <div aria-busy="true" aria-label="Loading the timeline">
            <Skeleton />
            <Skeleton width="70%" />
          </div>
        ) : items.length === 0 ? (
          <p className={styles.muted}>Nothing has happened to this invoice yet.</p>
        ) : (
          <ol className={styles.timeline}>
            {items.map((event) => (
              <li key={event.id} data-kind={event.kind}>
                <Sensitive className={styles.eventText}>{event.description}</Sensitive>
                <span className={styles.muted}>
                  {formatDateTime(event.at, timeZone)}
                  {event.actorName ? ` · ${event.actorName}` : ''}
                </span>
              </li>
            ))}
          </ol>
        )}
        {lastReminder.data?.sentAt && (
          <p className={styles.muted}>
            Last payment reminder: {formatDateTime(lastReminder.data.sentAt, timeZone)}
            {lastReminder.data.count > 1 ? ` (${lastReminder.data.count} sent)` : ''}
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
