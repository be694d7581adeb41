import {
  allows,
  CLINICAL_ROLES,
  DATE_RANGES,
  DIARY_EVENT_KIND_LABELS,
  DIARY_MESSAGES,
  DIARY_TEXT_MAX,
  EDIT_SCOPES,
  EDIT_SCOPE_LABELS,
  RECURRENCE_LABELS,
  SESSION_LOCATION_KIND_LABELS,
  SESSION_STATUS_LABELS,
  dateLimits,
  holdsTime,
  moveDiaryEventBodySchema,
  parseDiaryEventId,
  sessionHasStarted,
  type DiaryEvent,
  type DiaryEventDetails,
  type DiaryEventKind,
  type EditScope,
  type Role,
} from '@halcyon/api/contract';
import { useCancellationFee, useMutation, useRoute } from '@halcyon/api/swr';
import {
  dayIn,
  formatDate,
  formatTime,
  formatWhen,
  instantAt,
  shiftDay,
  timeIn,
  wallDateOfDay,
} from '@halcyon/api/time';
import {
  Badge,
  Button,
  DatePicker,
  FieldRow,
  Link,
  RadioGroup,
  Sensitive,
  Skeleton,
  TextArea,
  TextField,
  TimePicker,
  useBanners,
} from '@halcyon/design-system';
import { useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { registerDate } from '../../form/fields';
import { parseBody } from '../../form/parseBody';
import { useModalForm } from '../../form/useModalForm';
import { useModal } from '../../host/context';
import { ModalFields, ModalShell } from '../../ModalShell/ModalShell';
import { LoadError } from '../../QueryState/QueryState';
import { isClash, useBookAnyway } from '../../scheduling/bookAnyway';
import { CancellationFeeNotice } from '../../sessions/CancellationFeeNotice';
import { useBookingTimeZone } from '../../scheduling/timeZone';
import { NotifyClientCheckbox } from '../../sessions/NotifyClientCheckbox';
import type { ProposedTimes, SelectedAppointmentModalProps } from '../../types';
import styles from './SelectedAppointment.module.css';

type Props = SelectedAppointmentModalProps;

/** "Updated" messages of SPEC.md §8 for the diary's kinds (a move, or an appointment's new title or notes). */
export const EVENT_UPDATED: Readonly<Record<DiaryEventKind, string>> = {
  session: 'Session updated.',
  appointment: 'Appointment updated.',
  'blocked time': 'Blocked time updated.',
  // Never shown: an external calendar's busy time does not open here.
  'external busy': 'Busy time updated.',
};

const DAY_MS = 86_400_000;

/** "Mon 12 Jan 2026, 09:00–09:50", or the days of an all-day event, in the practice's time zone. */
export function describeWhen(
  event: Pick<DiaryEventDetails, 'startDateTimeUTC' | 'endDateTimeUTC' | 'allDay'>,
  timeZone: string | undefined,
) {
  if (event.allDay) {
    const first = dayIn(event.startDateTimeUTC, timeZone);
    const last = dayIn(Date.parse(event.endDateTimeUTC) - 1, timeZone);
    return first === last ? `${formatDate(first)}, all day` : `${formatDate(first)} to ${formatDate(last)}, all day`;
  }
  return `${formatWhen(event.startDateTimeUTC, timeZone)}–${formatTime(event.endDateTimeUTC, timeZone)}`;
}

/**
 * selected-appointment: one event of the diary (a session, an appointment or blocked time): when, who, where, the video
 * link, its status and series; and what can be done with it: move it (every role: the Assistant books for the team),
 * edit, cancel, mark attendance or delete a session (Admin and Therapist), edit or delete an appointment or blocked
 * time. Opened with `move`, it starts on the move step to confirm a drag: the clash the server names, "Book anyway"
 * where the practice allows double-booking, and which events of a series the move reaches.
 */
export function SelectedAppointmentModal({ eventId, move, onChanged, timeZone: givenTimeZone }: Props) {
  const timeZone = useBookingTimeZone(givenTimeZone);
  const details = useRoute('retrieveAppointment', { params: { id: eventId } });
  const me = useRoute('userDetails');
  const [step, setStep] = useState<'view' | 'move'>(move ? 'move' : 'view');
  const event = details.data;
  if (!event || (me.data === undefined && me.error === undefined)) {
    const gone = event === null;
    const failed = details.view === 'error';
    return (
      <ModalShell
        title="Appointment"
        description="The event in your diary."
        error={gone ? DIARY_MESSAGES.eventNotFound : null}
      >
        {failed ? (
          <LoadError what="this event" error={details.error} onRetry={details.retry} />
        ) : (
          !gone && <Skeleton shape="rect" height="var(--hds-space-12)" aria-label="Loading the event" />
        )}
      </ModalShell>
    );
  }
  if (step === 'move') {
    return (
      <MoveEventForm
        event={event}
        proposal={move}
        onBack={move ? undefined : () => setStep('view')}
        onReload={details.reload}
        onChanged={onChanged}
        timeZone={timeZone}
      />
    );
  }
  return (
    <EventView
      event={event}
      role={me.data?.role ?? null}
      timeZone={timeZone}
      onMove={() => setStep('move')}
      onChanged={onChanged}
    />
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function EventView({
  event,
  role,
  timeZone,
  onMove,
  onChanged,
}: {
  event: DiaryEventDetails;
  role: Role | null;
  timeZone: string;
  onMove: () => void;
  onChanged: Props['onChanged'];
}) {
  const modal = useModal();
  const clinical = allows(CLINICAL_ROLES, role);
  const source = parseDiaryEventId(event.id);
  const session = event.kind === 'session' && source?.source === 'session' ? source.id : null;
  const cancelled = event.status === 'cancelled';
  const inSeries = event.seriesId !== null && event.seriesSize > 1;
  const [scope, setScope] = useState<EditScope>('this');
  const kindLabel = DIARY_EVENT_KIND_LABELS[event.kind];
  const deleteKind = event.kind === 'blocked time' ? 'blocked-time' : 'appointment';
  const changed = () => onChanged?.();
  const deleteEvent = useMutation('deleteDiaryEvent');
  // A session's note and invoice (clinical roles): whether to write or open the note, invoice it or show its invoice.
  const sessionRecord = useRoute('getClientSession', session !== null && clinical ? { params: { id: session } } : null);
  const note = sessionRecord.data?.sessionNotes[0] ?? null;
  const invoice = sessionRecord.data?.invoice ?? null;
  const client = event.client;

  const actions: ReactNode[] = [];
  if (!cancelled) {
    actions.push(
      <Button key="move" variant="secondary" onClick={onMove}>
        {event.kind === 'session' ? 'Move' : 'Edit'}
      </Button>,
    );
  }
  if (source && !cancelled && (event.locationKind === 'video' || event.kind === 'appointment')) {
    actions.push(
      <Button
        key="video"
        variant="secondary"
        onClick={() => modal.open('video-call', { kind: source.source, eventId: source.id, onSaved: changed })}
      >
        Video call
      </Button>,
    );
  }
  if (session !== null && clinical && !cancelled) {
    actions.push(
      <Button
        key="edit"
        variant="secondary"
        onClick={() => modal.open('schedule-appointment', { id: session, onSaved: changed, timeZone })}
      >
        Edit session
      </Button>,
    );
    if (sessionHasStarted(event.startDateTimeUTC)) {
      actions.push(
        <Button
          key="attendance"
          variant="secondary"
          onClick={() => modal.open('mark-attendance-session', { sessionId: session, onSaved: changed })}
        >
          Mark attendance
        </Button>,
      );
    }
    actions.push(
      <Button
        key="cancel"
        variant="secondary"
        onClick={() => modal.open('cancel-session', { sessionId: session, onSaved: changed })}
      >
        Cancel session
      </Button>,
    );
  }
  if (session !== null && clinical && client && sessionRecord.data) {
    actions.push(
      <Button
        key="note"
        variant="secondary"
        onClick={() => modal.open('session-note', { clientId: client.id, sessionId: session, onSaved: changed })}
      >
        {note ? (note.status === 'signed' ? 'Open note' : 'Continue note') : 'Write note'}
      </Button>,
    );
    if (!invoice && !cancelled) {
      actions.push(
        <Button
          key="invoice"
          variant="secondary"
          onClick={() =>
            modal.open('invoice', {
              clientId: client.id,
              defaults: { clientId: client.id, clientName: client.name, sessionIds: [session] },
              onSaved: changed,
            })
          }
        >
          Invoice
        </Button>,
      );
    }
  }
  if (session !== null && clinical) {
    actions.push(
      <Button
        key="delete"
        variant="danger"
        onClick={() =>
          modal.open('delete-item', {
            kind: 'session',
            route: 'deleteClientSession',
            params: { id: session },
            name: event.title,
            clientName: event.client?.name,
            onDeleted: changed,
          })
        }
      >
        Delete
      </Button>,
    );
  }
  if (session === null) {
    const name = scope === 'this' ? event.title : `${event.title} (${EDIT_SCOPE_LABELS[scope].toLowerCase()})`;
    actions.push(
      <Button
        key="delete"
        variant="danger"
        onClick={() =>
          modal.open(
            'delete-item',
            scope === 'this'
              ? { kind: deleteKind, route: 'deleteDiaryEvent', params: { id: event.id }, name, onDeleted: changed }
              : {
                  kind: deleteKind,
                  onDelete: () => deleteEvent.trigger({ params: { id: event.id }, query: { scope } }),
                  name,
                  onDeleted: changed,
                },
          )
        }
      >
        Delete
      </Button>,
    );
  }

  return (
    <ModalShell title={`${kindLabel}: ${event.title}`} description={describeWhen(event, timeZone)} size="lg">
      <dl className={styles.details}>
        <Detail term="When">{describeWhen(event, timeZone)}</Detail>
        {event.client && (
          <Detail term="Client">
            {/* Not a tab stop: the dialog's first focus would land on it and reveal it with Privacy on. */}
            <Sensitive focusable={false}>{event.client.name}</Sensitive>
          </Detail>
        )}
        {event.therapist && (
          <Detail term={event.kind === 'session' ? 'Therapist' : 'Whose calendar'}>{event.therapist.name}</Detail>
        )}
        {event.locationKind && (
          <Detail term="Where">
            {event.location
              ? `${SESSION_LOCATION_KIND_LABELS[event.locationKind]}: ${event.location}`
              : SESSION_LOCATION_KIND_LABELS[event.locationKind]}
          </Detail>
        )}
        {invoice && (
          <Detail term="Invoice">
            <Link href={`/Billing/${invoice.id}`}>
              {invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice'}
            </Link>
          </Detail>
        )}
        {event.videoLink && (
          <Detail term="Video call">
            <Link href={event.videoLink} target="_blank" rel="noopener noreferrer">
              Join the video call
            </Link>
          </Detail>
        )}
        {event.kind === 'session' && (
          <Detail term="Status">
            <Badge variant={cancelled ? 'neutral' : 'info'}>{SESSION_STATUS_LABELS[event.status]}</Badge>
            {event.doubleBooked && <Badge variant="warning">Double-booked</Badge>}
          </Detail>
        )}
        {event.recurrence !== 'none' && (
          <Detail term="Repeats">
            {RECURRENCE_LABELS[event.recurrence]}
            {inSeries ? ` (${event.seriesSize} in the series)` : ''}
          </Detail>
        )}
        {event.notes && (
          <Detail term="Notes">
            <Sensitive as="div" focusable={false} className={styles.notes}>
              {event.notes}
            </Sensitive>
          </Detail>
        )}
        {event.createdByName && <Detail term="Booked by">{event.createdByName}</Detail>}
      </dl>
      {inSeries && session === null && !cancelled && (
        <RadioGroup
          label="Delete which events"
          options={EDIT_SCOPES.map((value) => ({ value, label: EDIT_SCOPE_LABELS[value] }))}
          value={scope}
          onValueChange={(value) => setScope(value as EditScope)}
        />
      )}
      {actions.length > 0 && (
        <div role="group" aria-label={`Actions for this ${kindLabel.toLowerCase()}`} className={styles.actions}>
          {actions}
        </div>
      )}
    </ModalShell>
  );
}

interface MoveFormValues {
  date: string;
  start: string;
  end: string;
  title: string;
  notes: string;
  scope: EditScope;
  /** A session's: e-mail the client the new time. */
  notifyClient: boolean;
}

/** The form's values from a proposal (a drag) or the event's own times, in the practice's time zone. */
function moveDefaults(event: DiaryEventDetails, proposal: ProposedTimes | undefined, timeZone: string): MoveFormValues {
  const startsAt = proposal?.startsAt ?? event.startDateTimeUTC;
  const endsAt = proposal?.endsAt ?? event.endDateTimeUTC;
  return {
    date: dayIn(startsAt, timeZone),
    start: timeIn(startsAt, timeZone),
    end: timeIn(endsAt, timeZone),
    title: event.title,
    notes: event.notes,
    scope: 'this',
    notifyClient: event.kind === 'session' && event.client !== null,
  };
}

/** How many calendar days an event's end is after its start's day (0 for most; whole days for an all-day event). */
function daySpan(event: DiaryEventDetails, timeZone: string): number {
  const first = wallDateOfDay(dayIn(event.startDateTimeUTC, timeZone));
  const last = wallDateOfDay(dayIn(event.endDateTimeUTC, timeZone));
  return first && last ? Math.round((last.getTime() - first.getTime()) / DAY_MS) : 0;
}

const MOVE_FIELDS = { startsAt: 'date', endsAt: 'end', title: 'title', notes: 'notes', scope: 'scope' };

/** The instants a move's form values name (an all-day event: its whole days), or empty strings while incomplete. */
function movedRange(
  v: Pick<MoveFormValues, 'date' | 'start' | 'end'>,
  event: DiaryEventDetails,
  span: number,
  timeZone: string,
) {
  const startsAt = instantAt(v.date, event.allDay ? '00:00' : v.start, timeZone)?.toISOString() ?? '';
  const endsAt = instantAt(shiftDay(v.date, span), event.allDay ? '00:00' : v.end, timeZone)?.toISOString() ?? '';
  return { startsAt, endsAt };
}

function MoveEventForm({
  event,
  proposal,
  onBack,
  onReload,
  onChanged,
  timeZone,
}: {
  event: DiaryEventDetails;
  proposal: ProposedTimes | undefined;
  onBack: (() => void) | undefined;
  onReload: () => Promise<unknown>;
  onChanged: Props['onChanged'];
  timeZone: string;
}) {
  const { notify } = useBanners();
  const move = useMutation('moveDiaryEvent');
  const bookAnyway = useBookAnyway();
  const isSession = event.kind === 'session';
  const span = daySpan(event, timeZone);
  const inSeries = event.seriesId !== null && event.seriesSize > 1;

  const { form, shellProps, conflict } = useModalForm<MoveFormValues>(null, {
    defaultValues: moveDefaults(event, proposal, timeZone),
    submit: async (v) => {
      const ignoreConflicts = bookAnyway.take();
      const { startsAt, endsAt } = movedRange(v, event, span, timeZone);
      const body = parseBody(
        moveDiaryEventBodySchema.safeParse({
          startsAt,
          endsAt,
          ...(!isSession && { title: v.title, notes: v.notes }),
          scope: inSeries ? v.scope : 'this',
          version: event.version,
          ignoreConflicts,
          ...(isSession && { notifyClient: v.notifyClient }),
        }),
        MOVE_FIELDS,
      );
      return move.trigger({ params: { id: event.id }, body });
    },
    onSuccess: async () => {
      notify({ variant: 'success', message: EVENT_UPDATED[event.kind] });
      await onChanged?.();
    },
  });
  const { errors } = form.formState;
  const clash = isClash(conflict, shellProps.error);
  const proposed = proposal
    ? describeWhen({ ...event, startDateTimeUTC: proposal.startsAt, endDateTimeUTC: proposal.endsAt }, timeZone)
    : null;
  const kindLabel = DIARY_EVENT_KIND_LABELS[event.kind];
  const [date, start, end] = form.watch(['date', 'start', 'end']);
  const range = movedRange({ date, start, end }, event, span, timeZone);
  const source = parseDiaryEventId(event.id);

  return (
    <ModalShell
      title={isSession ? `Move session: ${event.title}` : `Edit ${kindLabel.toLowerCase()}: ${event.title}`}
      description={
        proposed
          ? `From ${describeWhen(event, timeZone)} to ${proposed}. Check the time and save.`
          : `Now ${describeWhen(event, timeZone)}. Times are in the practice’s time zone (${timeZone}).`
      }
      size="lg"
      {...shellProps}
      // A version refused (changed elsewhere) offers the reload; a clash offers "Book anyway" where allowed.
      onReload={
        clash
          ? undefined
          : async () => {
              const fresh = (await onReload()) as DiaryEventDetails | null | undefined;
              if (fresh) form.reset(moveDefaults(fresh, proposal, timeZone));
            }
      }
      errorActions={bookAnyway.action(clash, shellProps.onSubmit)}
      submitLabel={isSession ? 'Move session' : 'Save changes'}
      cancelLabel={onBack ? 'Back' : undefined}
      onClose={onBack}
    >
      <ModalFields sensitive={isSession}>
        {event.client && (
          <p className={styles.who}>
            With <Sensitive focusable={false}>{event.client.name}</Sensitive>
            {event.therapist ? ` · ${event.therapist.name}` : ''}
          </p>
        )}
        {!isSession && (
          <TextField
            label="Title"
            required
            maxLength={DIARY_TEXT_MAX.title}
            error={errors.title?.message}
            {...form.register('title')}
          />
        )}
        <FieldRow columnMin="sm">
          <DatePicker
            label={event.allDay ? 'First day' : 'Date'}
            {...dateLimits(DATE_RANGES.session)}
            required
            error={errors.date?.message}
            {...registerDate(form.register, 'date')}
          />
          {!event.allDay && (
            <>
              <TimePicker
                label="Start"
                required
                error={errors.start?.message}
                {...registerDate(form.register, 'start')}
              />
              <TimePicker label="End" required error={errors.end?.message} {...registerDate(form.register, 'end')} />
            </>
          )}
        </FieldRow>
        {inSeries && (
          <Controller
            control={form.control}
            name="scope"
            render={({ field }) => (
              <RadioGroup
                label="Change which events"
                hint="Later events of the series keep their own days, moved by as many days as this one."
                options={EDIT_SCOPES.map((value) => ({ value, label: EDIT_SCOPE_LABELS[value] }))}
                value={field.value}
                onValueChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )}
        {!isSession && (
          <TextArea
            label="Notes"
            rows={2}
            maxLength={DIARY_TEXT_MAX.notes}
            error={errors.notes?.message}
            {...form.register('notes')}
          />
        )}
        {isSession && event.client && (
          <NotifyClientCheckbox control={form.control} name="notifyClient" label="E-mail the client the new time" />
        )}
        <ClashWarning event={event} range={range} allowed={bookAnyway.allowed} timeZone={timeZone} />
        {isSession && event.client && source?.source === 'session' && <MoveFeeNotice sessionId={source.id} />}
      </ModalFields>
    </ModalShell>
  );
}

/**
 * What a session's move means under the cancellation policy: a move is not a cancellation, so nothing is charged; the
 * fee the policy would set were the client to cancel it now instead (the cancel modal's notice) says what is at stake.
 */
function MoveFeeNotice({ sessionId }: { sessionId: number }) {
  const fee = useCancellationFee(sessionId, { kind: 'late cancellation' });
  return (
    <div className={styles.notice} role="note" aria-label="Cancellation policy">
      <p className={styles.noticeText}>
        Moving a session is not a cancellation, so nothing is charged. If the client asked for this change, cancel the
        session instead so your cancellation policy applies. Cancelled now:
      </p>
      <CancellationFeeNotice fee={fee} />
    </div>
  );
}

/** An event of the same member's diary that the moved event would overlap, as the warning names it. */
function clashName(other: DiaryEvent, timeZone: string): ReactNode {
  const when = `${formatTime(other.startDateTimeUTC, timeZone)}–${formatTime(other.endDateTimeUTC, timeZone)}`;
  if (other.kind === 'external busy') return `busy time in another calendar (${when})`;
  const kind = DIARY_EVENT_KIND_LABELS[other.kind].toLowerCase();
  return (
    <>
      {kind === 'blocked time' ? kind : `the ${kind}`} {other.title}
      {other.client && (
        <>
          {' with '}
          <Sensitive focusable={false}>{other.client.name}</Sensitive>
        </>
      )}{' '}
      ({when})
    </>
  );
}

/**
 * Warns, before saving, of the member's events the new time overlaps (one read of the diary for that span): sessions
 * that hold time, appointments, blocked time and busy times of other calendars. The diary refuses the first three
 * unless the practice allows double-booking; another calendar's busy time is only a warning.
 */
function ClashWarning({
  event,
  range,
  allowed,
  timeZone,
}: {
  event: DiaryEventDetails;
  range: { startsAt: string; endsAt: string };
  allowed: boolean;
  timeZone: string;
}) {
  const therapistId = event.therapist?.id;
  const valid = therapistId !== undefined && range.startsAt !== '' && range.endsAt > range.startsAt;
  const around = useRoute(
    'retrieveDiaryEvents',
    valid
      ? {
          params: {
            startIso: range.startsAt,
            // The diary's ranges end inclusive: a neighbour starting at the new end does not overlap.
            endIso: new Date(Date.parse(range.endsAt) - 1).toISOString(),
          },
          // Only the event's member's diary can clash with it.
          query: { therapistId },
        }
      : null,
  );
  if (!valid) return null;
  const clashes = (around.data?.items ?? []).filter(
    (other) =>
      other.id !== event.id &&
      other.therapist?.id === therapistId &&
      holdsTime(other.status) &&
      other.startDateTimeUTC < range.endsAt &&
      other.endDateTimeUTC > range.startsAt,
  );
  if (clashes.length === 0) return null;
  const refused = clashes.some((other) => other.kind !== 'external busy');
  const who = event.therapist?.name ?? 'The therapist';
  return (
    <div className={styles.warning} role="status">
      <p className={styles.noticeText}>
        At that time {who} already has{' '}
        {clashes.slice(0, 3).map((other, index) => (
          <span key={other.id}>
            {index > 0 && (index === Math.min(clashes.length, 3) - 1 ? ' and ' : ', ')}
            {clashName(other, timeZone)}
          </span>
        ))}
        {clashes.length > 3 ? ' and more' : ''}.{' '}
        {refused
          ? allowed
            ? 'Saving asks you to book it anyway.'
            : 'The diary will refuse it: choose another time.'
          : 'Busy time of another calendar does not stop the move.'}
      </p>
    </div>
  );
}
