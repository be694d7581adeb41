import { SESSION_STATUS_LABELS, type Role } from '@halcyon/api/contract';
import { useRoute, usePracticeTimeZone } from '@halcyon/api/swr';
import { Sensitive } from '@halcyon/design-system';
import { formatDateTime } from '@halcyon/api/time';
import { TextLink } from '../../app/TextLink';
import { CardList } from './CardList';
import styles from './CardList.module.css';

/**
 * Sessions that took place (attended, or scheduled and over) without a signed note, newest first: the Therapist's own,
 * everyone's for the Admin. Each opens the client's Sessions tab, where the note is written and signed.
 */
export function NotesDueCard({ userRole: role }: { userRole: Role }) {
  const due = useRoute('dashboardNotesDue');
  const timeZone = usePracticeTimeZone();
  return (
    <CardList resource={due} what="sessions that need a note" empty="Every session has its note." getKey={(s) => s.id}>
      {(session) => (
        <span className={styles.main}>
          <TextLink to={`/Clients/${session.clientId}?tab=sessions`}>
            <Sensitive focusable={false}>{session.clientName}</Sensitive>
          </TextLink>
          <span className={styles.meta}>
            {formatDateTime(session.startsAt, timeZone)}
            {' · '}
            <Sensitive>{session.serviceName}</Sensitive>
            {role !== 'Therapist' && session.therapistName ? ` · with ${session.therapistName}` : ''}
            {' · '}
            {SESSION_STATUS_LABELS[session.status]}
            {' · '}
            {session.noteStatus === 'draft' ? 'Draft note, not signed' : 'No note yet'}
          </span>
        </span>
      )}
    </CardList>
  );
}
