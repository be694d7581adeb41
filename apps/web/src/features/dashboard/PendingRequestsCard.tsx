import type { Role } from '@halcyon/api/contract';
import { usePracticeTimeZone, useRoute } from '@halcyon/api/swr';
import { formatDateTime } from '@halcyon/api/time';
import { Sensitive } from '@halcyon/design-system';
import { CardList } from './CardList';
import styles from './CardList.module.css';

/**
 * Session requests waiting for an answer, by the time asked for: who asked, for what and when (the Therapist's own,
 * the practice's named by therapist for the Admin and the Assistant). The card's link opens Appointments to answer them.
 */
export function PendingRequestsCard({ userRole: role }: { userRole: Role }) {
  const requests = useRoute('dashboardPendingRequests');
  const timeZone = usePracticeTimeZone();
  return (
    <CardList
      resource={requests}
      what="pending session requests"
      empty="No session request is waiting."
      getKey={(r) => r.id}
    >
      {(request) => (
        <span className={styles.main}>
          <Sensitive>{request.name}</Sensitive>
          <span className={styles.meta}>
            {`${request.serviceName} · ${formatDateTime(request.startsAt, timeZone)}`}
            {role !== 'Therapist' && request.therapistName ? ` · with ${request.therapistName}` : ''}
          </span>
        </span>
      )}
    </CardList>
  );
}
