import { SESSION_REQUEST_STATUS_LABELS, type SessionRequest } from '@halcyon/api/contract';
import { usePracticeTimeZone, useRoute } from '@halcyon/api/swr';
import { formatWhen } from '@halcyon/api/time';
import { Badge, Button, Card, EmptyState, Sensitive } from '@halcyon/design-system';
import { QueryState, useModal } from '@halcyon/modals';
import styles from './RequestInbox.module.css';

/** One request: who, what, when (the proposed time once amended), their message, and the three answers. */
function RequestRow({ request, timeZone }: { request: SessionRequest; timeZone: string | undefined }) {
  const modal = useModal();
  const amended = request.status === 'amended';
  const when = formatWhen(amended && request.proposedStartsAt ? request.proposedStartsAt : request.startsAt, timeZone);
  return (
    <li className={styles.item}>
      <div className={styles.main}>
        <Sensitive className={styles.name}>{request.name}</Sensitive>
        <p className={styles.meta}>
          {request.serviceName} · {when}
          {request.therapistName ? ` · with ${request.therapistName}` : ''}
        </p>
        {request.message && (
          <Sensitive as="div" className={styles.message}>
            {request.message}
          </Sensitive>
        )}
      </div>
      <Badge variant={amended ? 'info' : 'warning'}>{SESSION_REQUEST_STATUS_LABELS[request.status]}</Badge>
      <div className={styles.actions}>
        <Button
          size="sm"
          aria-label={`Accept the request from ${request.name}`}
          onClick={() => modal.open('accept-session-request', { requestId: request.id })}
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`${amended ? 'Propose again' : 'Propose another time'} to ${request.name}`}
          onClick={() => modal.open('amend-session-request', { requestId: request.id })}
        >
          {amended ? 'Propose again' : 'Propose another time'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Decline the request from ${request.name}`}
          onClick={() => modal.open('reject-session-request', { requestId: request.id })}
        >
          Decline
        </Button>
      </div>
    </li>
  );
}

/**
 * The session-request inbox of /Appointments: the requests waiting for an answer (sent from the public booking page),
 * newest first, each with accept, propose another time and decline; an empty inbox offers to share the booking link,
 * a failed read says why with Retry. The answers revalidate the list (the booking domain's reads) when they save.
 */
export function RequestInbox() {
  const requests = useRoute('listSessionRequests', { query: { status: 'open' } });
  const timeZone = usePracticeTimeZone();
  const modal = useModal();
  const count = requests.data?.items.length ?? 0;
  return (
    <Card>
      <Card.Header>
        <Card.Title as="h2">Session requests{count > 0 ? ` (${count})` : ''}</Card.Title>
      </Card.Header>
      <Card.Body>
        <QueryState
          resource={requests}
          what="the session requests"
          isEmpty={(data) => !data || data.items.length === 0}
          empty={
            <EmptyState
              headingLevel={3}
              title="No session requests waiting"
              description="Requests that clients send from your booking page appear here for you to accept, move or decline."
              action={
                <Button variant="secondary" onClick={() => modal.open('share-booking-link')}>
                  Share booking link
                </Button>
              }
            />
          }
        >
          {(data) => (
            <ul className={styles.list} aria-label="Session requests">
              {data.items.map((request) => (
                <RequestRow key={request.id} request={request} timeZone={timeZone} />
              ))}
            </ul>
          )}
        </QueryState>
      </Card.Body>
    </Card>
  );
}
