import {
  CLIENT_SESSIONS_PAGE_SIZE,
  SESSION_LOCATION_KIND_LABELS,
  SESSION_STATUS_LABELS,
  attendanceActionLabel,
  sessionHasStarted,
  type ClientSession,
  type SessionStatus,
} from '@halcyon/api/contract';
import { useClientRoute, useClientSessionPages, usePracticeTimeZone } from '@halcyon/api/swr';
import {
  Badge,
  type BadgeVariant,
  Button,
  countOf,
  DataTable,
  type DataTableColumn,
  Card,
  DropdownMenu,
  EmptyState,
  Sensitive,
  Skeleton,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatDateTime } from '@halcyon/api/time';
import { CalendarClock, ChevronDown } from '../../../app/icons';
import { InvoiceStateBadge, invoicePath } from '../../billing/format';
import styles from '../clients.module.css';
import type { ClientTabProps } from './types';

const ATTENDANCE_VARIANTS: Readonly<Record<SessionStatus, BadgeVariant>> = {
  scheduled: 'info',
  attended: 'success',
  late: 'success',
  'did not attend': 'danger',
  'late cancellation': 'warning',
  cancelled: 'neutral',
};

/**
 * The client's general clinical notes (a call, a letter, a liaison: notes tied to no session), newest first, each
 * opening in session-note where a draft is written and signed and a signed note takes addenda.
 */
function ClinicalNotes({ clientId }: ClientTabProps) {
  const modal = useModal();
  const timeZone = usePracticeTimeZone();
  const notes = useClientRoute('listGenericNotes', clientId, (id) => ({ params: { clientId: id } }));
  const items = notes.data?.items ?? [];
  const add = () => modal.open('session-note', { clientId, generic: true });
  return (
    <Card>
      <Card.Header className={styles.cardHeader}>
        <Card.Title as="h2">Clinical notes</Card.Title>
      </Card.Header>
      <Card.Body>
        {notes.view === 'error' ? (
          <LoadError what="the clinical notes" error={notes.error} onRetry={notes.retry} headingLevel={3} />
        ) : !notes.data ? (
          <Skeleton shape="rect" height="4rem" />
        ) : items.length === 0 ? (
          <p className={styles.muted}>
            Notes that belong to no session (a phone call, a letter, a liaison with a GP) are kept here. Use “Add
            clinical note” to write one.
          </p>
        ) : (
          <ul className={styles.plainList} aria-label="Clinical notes">
            {items.map((note) => (
              <li key={note.id} className={styles.row}>
                <span className={styles.entry}>
                  <Sensitive>{note.title}</Sensitive>
                  <span className={styles.inline}>
                    <Badge variant={NOTE_BADGES[note.status].variant}>{NOTE_BADGES[note.status].label}</Badge>
                    <span className={styles.muted}>
                      {note.status === 'signed' && note.signedAt
                        ? `Signed ${formatDate(note.signedAt, timeZone)}${note.signedByName ? ` by ${note.signedByName}` : ''}`
                        : `Started ${formatDate(note.createdAt, timeZone)}`}
                      {note.addendaCount > 0
                        ? ` · ${countOf(note.addendaCount, { one: 'addendum', other: 'addenda' })}`
                        : ''}
                    </span>
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Open clinical note: ${note.title}`}
                  onClick={() => modal.open('session-note', { clientId, id: note.id, generic: true })}
                >
                  {note.status === 'signed' ? 'Open' : 'Continue'}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {notes.data && items.length === 0 && (
          <Button variant="secondary" onClick={add}>
            Add clinical note
          </Button>
        )}
      </Card.Body>
    </Card>
  );
}

/** The note status a session shows: none, draft or signed (CATALOG.md Clients > Sessions). */
export function noteStatusOf(session: ClientSession): 'none' | 'draft' | 'signed' {
  const note = session.sessionNotes[0];
  return note ? note.status : 'none';
}

const NOTE_BADGES = {
  none: { label: 'No note', variant: 'neutral' },
  draft: { label: 'Draft', variant: 'warning' },
  signed: { label: 'Signed', variant: 'success' },
} as const satisfies Record<string, { label: string; variant: BadgeVariant }>;

/**
 * The Sessions tab of /Clients/{id} (CATALOG.md): the client's sessions, newest first, a page of 25 at a time, with its
 * time in the practice's time zone, service, attendance, note status and invoice status; schedule a session, open its
 * note or private note, mark attendance, reschedule, cancel (which releases the slot) or delete it. The counts come from
 * the server's summary, so they cover every session, not only the page shown.
 */
export function SessionsTab({ clientId }: ClientTabProps) {
  const modal = useModal();
  const timeZone = usePracticeTimeZone();
  const sessions = useClientSessionPages(clientId);
  const summary = useClientRoute('getClientSessionSummary', clientId, (id) => ({ params: { clientId: id } }));
  const items = sessions.data?.items ?? [];
  // A save in a modal reloads the page and the counts shown here by itself (the writes' reads, from the contract).
  const schedule = () => modal.open('schedule-appointment', { kind: 'session', defaults: { clientId } });

  const columns = useMemo<DataTableColumn<ClientSession>[]>(() => {
    const when = (s: ClientSession) => formatDateTime(s.startsAt, timeZone);
    const openNote = (s: ClientSession) => modal.open('session-note', { clientId, sessionId: s.id });
    return [
      {
        id: 'startsAt',
        header: 'Date and time',
        accessorKey: 'startsAt',
        cell: ({ row }) => (
          <span className={styles.fact}>
            <Sensitive>{when(row.original)}</Sensitive>
            <span className={styles.muted}>
              {row.original.durationMinutes} min{row.original.therapistName ? ` · ${row.original.therapistName}` : ''}
            </span>
          </span>
        ),
      },
      {
        id: 'service',
        header: 'Service',
        accessorKey: 'serviceName',
        cell: ({ row }) => (
          <span className={styles.fact}>
            <Sensitive>{row.original.serviceName}</Sensitive>
            <span className={styles.muted}>
              {SESSION_LOCATION_KIND_LABELS[row.original.locationKind]}
              {row.original.recurrence !== 'none' ? ' · repeating' : ''}
            </span>
          </span>
        ),
      },
      {
        id: 'attendance',
        header: 'Attendance',
        accessorKey: 'status',
        cell: ({ row }) => {
          const s = row.original;
          const cancelledBy = s.cancellation ? ` by the ${s.cancellation.cancelledBy}` : '';
          return (
            <span className={styles.fact}>
              <Badge variant={ATTENDANCE_VARIANTS[s.status]}>{SESSION_STATUS_LABELS[s.status]}</Badge>
              {s.status === 'cancelled' && (
                <Sensitive className={styles.muted}>
                  {`Cancelled${cancelledBy}${s.cancellation?.reason ? `: ${s.cancellation.reason}` : ''}`}
                </Sensitive>
              )}
              {s.chargeFee && <span className={styles.muted}>Fee charged</span>}
            </span>
          );
        },
      },
      {
        id: 'note',
        header: 'Note',
        accessorFn: (s) => noteStatusOf(s),
        cell: ({ row }) => {
          const badge = NOTE_BADGES[noteStatusOf(row.original)];
          return <Badge variant={badge.variant}>{badge.label}</Badge>;
        },
      },
      {
        id: 'invoice',
        header: 'Invoice',
        enableSorting: false,
        // The invoice that bills the session, to open it; a draft until it is sent.
        cell: ({ row }) => {
          const invoice = row.original.invoice;
          if (!invoice) return <span aria-label="Not invoiced">—</span>;
          return (
            <span className={styles.inline}>
              <RouterLink
                to={invoicePath(invoice.id)}
                aria-label={`Invoice ${invoice.number ?? 'draft'} of ${when(row.original)}`}
              >
                {invoice.number ?? 'Draft'}
              </RouterLink>
              {!invoice.draft && <InvoiceStateBadge state={invoice.state} />}
            </span>
          );
        },
      },
      {
        id: 'actions',
        header: 'Actions',
        enableSorting: false,
        cell: ({ row }) => {
          const s = row.original;
          const label = when(s);
          const status = noteStatusOf(s);
          const noteAction = status === 'none' ? 'Write note' : 'Open note';
          const cancelled = s.status === 'cancelled';
          return (
            <span className={styles.inline}>
              <Button variant="ghost" size="sm" onClick={() => openNote(s)} aria-label={`${noteAction} of ${label}`}>
                {noteAction}
              </Button>
              <DropdownMenu.Root>
                <DropdownMenu.Trigger asChild>
                  <Button variant="ghost" size="sm" aria-label={`More actions for ${label}`}>
                    More <ChevronDown aria-hidden="true" />
                  </Button>
                </DropdownMenu.Trigger>
                <DropdownMenu.Content align="end">
                  <DropdownMenu.Item
                    onSelectAfterClose={() => modal.open('private-session-note', { clientId, sessionId: s.id })}
                  >
                    {s.hasPrivateNote ? 'Open private note' : 'Write private note'}
                  </DropdownMenu.Item>
                  {!cancelled && sessionHasStarted(s.startsAt) && (
                    <DropdownMenu.Item
                      onSelectAfterClose={() => modal.open('mark-attendance-session', { sessionId: s.id })}
                    >
                      {attendanceActionLabel(s.status)}
                    </DropdownMenu.Item>
                  )}
                  {!cancelled && (
                    <DropdownMenu.Item
                      onSelectAfterClose={() =>
                        modal.open('schedule-appointment', {
                          kind: 'session',
                          id: s.id,
                          defaults: { clientId },
                        })
                      }
                    >
                      Reschedule
                    </DropdownMenu.Item>
                  )}
                  {!cancelled && (
                    <DropdownMenu.Item onSelectAfterClose={() => modal.open('cancel-session', { sessionId: s.id })}>
                      Cancel session
                    </DropdownMenu.Item>
                  )}
                  <DropdownMenu.Separator />
                  {status === 'draft' && (
                    <DropdownMenu.Item
                      variant="danger"
                      onSelectAfterClose={() =>
                        modal.open('delete-item', {
                          kind: 'session-note',
                          route: 'deleteSessionNote',
                          params: { id: s.sessionNotes[0]!.id },
                          name: `draft of ${label}`,
                        })
                      }
                    >
                      Delete draft note
                    </DropdownMenu.Item>
                  )}
                  {s.hasPrivateNote && (
                    <DropdownMenu.Item
                      variant="danger"
                      onSelectAfterClose={() =>
                        modal.open('delete-item', {
                          kind: 'private-note',
                          route: 'deletePrivateSessionNote',
                          params: { sessionId: s.id },
                          name: label,
                        })
                      }
                    >
                      Delete private note
                    </DropdownMenu.Item>
                  )}
                  <DropdownMenu.Item
                    variant="danger"
                    disabled={status === 'signed'}
                    onSelectAfterClose={() =>
                      modal.open('delete-item', {
                        kind: 'session',
                        route: 'deleteClientSession',
                        params: { id: s.id },
                        name: `${s.serviceName}, ${label}`,
                      })
                    }
                  >
                    {status === 'signed' ? 'Delete (signed note: cancel instead)' : 'Delete'}
                  </DropdownMenu.Item>
                </DropdownMenu.Content>
              </DropdownMenu.Root>
            </span>
          );
        },
      },
    ];
  }, [clientId, modal, timeZone]);

  const counts = summary.data;
  const total = counts?.total ?? 0;
  const needNotes = counts?.needingSignedNote ?? 0;
  const firstShown = (sessions.pageNumber - 1) * CLIENT_SESSIONS_PAGE_SIZE + 1;

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.text}>
          {!counts || counts.total === 0
            ? 'Sessions, attendance and notes for this client.'
            : `${counts.scheduled} scheduled · ${countOf(needNotes, { one: 'session needs', other: 'sessions need' })} a signed note. Times are in the practice’s time zone.`}
        </p>
        <span className={styles.inline}>
          <Button variant="secondary" onClick={() => modal.open('session-note', { clientId, generic: true })}>
            Add clinical note
          </Button>
          <Button onClick={schedule}>Schedule session</Button>
        </span>
      </div>
      <DataTable
        caption="Sessions"
        hideCaption
        data={items}
        columns={columns}
        getRowId={(s) => String(s.id)}
        loading={sessions.view === 'loading'}
        emptyState={
          sessions.view === 'error' ? (
            <LoadError
              what="the sessions"
              error={sessions.error}
              onRetry={() => {
                // Back to the newest page: the session an older page continued from may be gone.
                sessions.first();
                void sessions.retry();
              }}
            />
          ) : (
            <EmptyState
              icon={<CalendarClock />}
              title="No sessions yet"
              description="Schedule the first session with “Schedule session”: one-off or weekly, fortnightly or monthly. Attendance, notes and cancellations are then kept here."
              action={<Button onClick={schedule}>Schedule session</Button>}
            />
          )
        }
      />
      {(sessions.hasNewer || sessions.hasOlder) && items.length > 0 && (
        <nav className={styles.toolbar} aria-label="Sessions pages">
          <p className={styles.text} aria-live="polite">
            {`Showing ${firstShown}–${firstShown + items.length - 1} of ${total} ${total === 1 ? 'session' : 'sessions'}`}
          </p>
          <span className={styles.inline}>
            <Button
              variant="secondary"
              aria-disabled={!sessions.hasNewer || undefined}
              onClick={() => sessions.hasNewer && sessions.newer()}
            >
              Newer sessions
            </Button>
            <Button
              variant="secondary"
              aria-disabled={!sessions.hasOlder || undefined}
              onClick={() => sessions.hasOlder && sessions.older()}
            >
              Older sessions
            </Button>
          </span>
        </nav>
      )}
      <ClinicalNotes clientId={clientId} />
    </div>
  );
}
