import { OPEN_REQUEST_STATUSES, BOOKING_MESSAGES, type SessionRequest } from '@halcyon/api/contract';
import { usePracticeTimeZone, useRoute } from '@halcyon/api/swr';
import { formatWhen } from '@halcyon/api/time';
import { Sensitive, Skeleton } from '@halcyon/design-system';
import type { ReactNode } from 'react';
import { ModalShell } from '../ModalShell/ModalShell';
import styles from './booking.module.css';

/** A request modal opened on a request that is gone (answered and cleared meanwhile, or another practice's id). */
export const REQUEST_NOT_LOADED_MESSAGE =
  'This session request could not be loaded: it may have been answered already.';

/**
 * The frame of the three answers to a session request (accept, amend, reject): it loads the request, shows a loading
 * state, says so when the request is gone or already answered, and otherwise renders the answer's form for it.
 */
export function SessionRequestModal({
  requestId,
  title,
  description,
  children,
}: {
  requestId: number;
  title: string;
  description: string;
  children: (request: SessionRequest) => ReactNode;
}) {
  const loaded = useRoute('getSessionRequest', { params: { id: requestId } });
  const request = loaded.data;
  const open = request && (OPEN_REQUEST_STATUSES as readonly string[]).includes(request.status);
  if (request && open) return <>{children(request)}</>;
  const error =
    loaded.error !== undefined || request === null
      ? REQUEST_NOT_LOADED_MESSAGE
      : request
        ? BOOKING_MESSAGES.requestDecided
        : null;
  return (
    <ModalShell title={title} description={description} error={error}>
      {!error && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the request" />}
    </ModalShell>
  );
}

/** Who asked for what and when (the time the request holds: the proposed one once amended), in the practice's zone. */
export function RequestSummary({ request }: { request: SessionRequest }) {
  const timeZone = usePracticeTimeZone();
  const rows: [string, ReactNode][] = [
    ['From', request.name],
    ['Contact', [request.email, request.phone].filter(Boolean).join(' · ')],
    ['Service', `${request.serviceName} (${request.durationMinutes} minutes)`],
    ['With', request.therapistName ?? 'Any therapist'],
    ['Asked for', formatWhen(request.startsAt, timeZone)],
    ...(request.proposedStartsAt
      ? ([['Proposed', formatWhen(request.proposedStartsAt, timeZone)]] as [string, ReactNode][])
      : []),
    ...(request.message ? ([['Message', request.message]] as [string, ReactNode][]) : []),
  ];
  return (
    <Sensitive as="div" focusable={false}>
      <dl className={styles.summary}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.pair}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Sensitive>
  );
}
