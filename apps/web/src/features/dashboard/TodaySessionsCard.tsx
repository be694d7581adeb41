import {
  allows,
  CLINICAL_ROLES,
  DIARY_EVENT_KIND_LABELS,
  SESSION_LOCATION_KIND_LABELS,
  SESSION_STATUS_LABELS,
  attendanceActionLabel,
  sessionHasStarted,
  type Role,
  type TodaySession,
} from '@halcyon/api/contract';
import { useRoute } from '@halcyon/api/swr';
import { Button, Link, Sensitive } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { formatTime } from '@halcyon/api/time';
import { TextLink } from '../../app/TextLink';
import { CardList } from './CardList';
import styles from './CardList.module.css';

/** Where the session happens: "In person: Room 2", "Phone", or a video call with its link; what else it is. */
function Where({ session }: { session: TodaySession }) {
  if (session.locationKind === null) return <>{DIARY_EVENT_KIND_LABELS[session.kind]}</>;
  const kind = SESSION_LOCATION_KIND_LABELS[session.locationKind];
  if (session.locationKind === 'video' && session.videoLink) {
    return (
      <Link href={session.videoLink} target="_blank" rel="noopener noreferrer">
        Join the video call
      </Link>
    );
  }
  return <>{session.location ? `${kind}: ${session.location}` : kind}</>;
}

/**
 * Today's diary (the practice's day), by start: time, client, service, where, attendance of sessions, and the
 * appointments and blocked time between them; the Therapist's own, every therapist's (named) for the Admin and the
 * Assistant. The client links to their page and attendance can be marked once
 * the session has started, for the roles that may open clients; the Assistant sees names only.
 */
export function TodaySessionsCard({ userRole: role }: { userRole: Role }) {
  const today = useRoute('dashboardTodaySessions');
  const modal = useModal();
  const clinical = allows(CLINICAL_ROLES, role);
  const timeZone = today.data?.timeZone;
  return (
    <CardList resource={today} what="today's sessions" empty="No sessions today." getKey={(s) => s.eventId}>
      {(session) => {
        const who = session.clientName ?? session.serviceName;
        const name = <Sensitive focusable={!clinical}>{who}</Sensitive>;
        const time = formatTime(session.startsAt, timeZone);
        const isSession = session.kind === 'session';
        const canMark = clinical && isSession && session.status !== 'cancelled' && sessionHasStarted(session.startsAt);
        const markLabel = attendanceActionLabel(session.status);
        return (
          <>
            <span className={styles.time}>{time}</span>
            <span className={styles.main}>
              {clinical && session.clientId !== null ? (
                <TextLink to={`/Clients/${session.clientId}`}>{name}</TextLink>
              ) : (
                name
              )}
              <span className={styles.meta}>
                {session.clientName !== null && (
                  <>
                    <Sensitive>{session.serviceName}</Sensitive>
                    {' · '}
                  </>
                )}
                <Where session={session} />
                {role !== 'Therapist' && session.therapistName ? ` · with ${session.therapistName}` : ''}
                {isSession && ` · ${SESSION_STATUS_LABELS[session.status]}`}
              </span>
            </span>
            {canMark && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`${markLabel} for the ${time} session`}
                onClick={() => modal.open('mark-attendance-session', { sessionId: session.id })}
              >
                {markLabel}
              </Button>
            )}
          </>
        );
      }}
    </CardList>
  );
}
