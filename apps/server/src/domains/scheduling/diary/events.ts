import { sql, type SQL } from 'drizzle-orm';
import {
  APPOINTMENT_MAX_DAYS,
  EXTERNAL_BUSY_TITLE,
  EXTERNAL_CALENDAR_LIMITS,
  diaryEventId,
  externalBusyEventId,
  serviceColour,
  type DiaryEvent,
  type DiaryEventDetails,
  type DiaryEventKind,
  type DiaryEventSource,
  type RecurrenceFrequency,
  type SessionLocationKind,
  type SessionStatus,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import { iso, rowsOf, type Db } from '../../../platform/db';
import type { Range } from './busy';

/** The longest a session lasts (the contract's 600 minutes): how far before a range a session overlapping it can start. */
const SESSION_MAX_MS = 600 * 60_000;
const APPOINTMENT_MAX_MS = APPOINTMENT_MAX_DAYS * 86_400_000;
/** An imported busy time lies within its import window (the importer clips it), so it is never longer than that. */
const EXTERNAL_BUSY_MAX_MS = (EXTERNAL_CALENDAR_LIMITS.pastDays + EXTERNAL_CALENDAR_LIMITS.futureDays) * 86_400_000;

const CLIENT_NAME = sql`trim(coalesce(nullif(c.preferred_name, ''), c.first_name) || ' ' || c.last_name)`;
const MEMBER_NAME = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);

interface EventRow {
  /** `external`: a busy time imported from an external calendar (external_busy), read with `externalBusy` only. */
  source: DiaryEventSource | 'external';
  id: number;
  kind: string | null;
  starts_at: unknown;
  ends_at: unknown;
  all_day: boolean;
  title: string;
  client_id: number | null;
  client_name: string | null;
  therapist_id: number | null;
  therapist_name: string | null;
  location_kind: SessionLocationKind | null;
  location: string;
  video_link: string | null;
  status: SessionStatus;
  series_id: string | null;
  recurrence: RecurrenceFrequency;
  double_booked: boolean;
  version: number;
}

interface DetailsRow extends EventRow {
  notes: string;
  series_size: number | string;
  created_by_name: string | null;
  created_at: unknown;
  updated_at: unknown;
}

/**
 * Which events to read: those overlapping a range (optionally one therapist's; with `externalBusy`, also the busy times
 * imported from external calendars, which only the diary's pages show), or one event.
 */
export type EventFilter =
  { range: Range; therapistId?: number; externalBusy?: boolean } | { source: DiaryEventSource; id: number };

/** The busy times of external calendars overlapping the filter's range, as rows of the read model (when asked for). */
function externalBusyRows(practiceId: number, filter: EventFilter): SQL {
  if ('source' in filter || !filter.externalBusy) return sql``;
  const { start, end } = filter.range;
  return sql`union all
          select 'external', x.id, 'external busy', x.starts_at, x.ends_at, x.all_day, ${EXTERNAL_BUSY_TITLE}, null,
                 null, x.user_id, ${MEMBER_NAME('u')}, null, '', null, 'scheduled', null, 'none', false, 1
          from external_busy x
          left join users u on u.id = x.user_id
          where x.practice_id = ${practiceId}
            and x.starts_at < ${end.toISOString()}::timestamptz and x.ends_at > ${start.toISOString()}::timestamptz
            and x.starts_at > ${new Date(start.getTime() - EXTERNAL_BUSY_MAX_MS).toISOString()}::timestamptz
            ${filter.therapistId === undefined ? sql`` : sql`and x.user_id = ${filter.therapistId}`}`;
}

function wheres(filter: EventFilter): { session: SQL; appointment: SQL } {
  if ('source' in filter) {
    const none = sql`and false`;
    return {
      session: filter.source === 'session' ? sql`and s.id = ${filter.id}` : none,
      appointment: filter.source === 'appointment' ? sql`and a.id = ${filter.id}` : none,
    };
  }
  const { start, end } = filter.range;
  const overlaps = (alias: string, longest: number) =>
    sql`and ${sql.raw(alias)}.starts_at < ${end.toISOString()}::timestamptz
        and ${sql.raw(alias)}.ends_at > ${start.toISOString()}::timestamptz
        and ${sql.raw(alias)}.starts_at > ${new Date(start.getTime() - longest).toISOString()}::timestamptz
        ${filter.therapistId === undefined ? sql`` : sql`and ${sql.raw(alias)}.therapist_id = ${filter.therapistId}`}`;
  return { session: overlaps('s', SESSION_MAX_MS), appointment: overlaps('a', APPOINTMENT_MAX_MS) };
}

/**
 * The one statement of the diary's read model: sessions and appointments (with blocked time) of the caller's practice as
 * events, by start, with their client's and therapist's names; with `details`, also their notes, series size
 * and who booked them. A range reads the (practice, starts_at) indexes from the range's start less the longest an event
 * lasts.
 */
async function eventRows<R extends EventRow>(db: Db, practiceId: number, filter: EventFilter, details: boolean) {
  const where = wheres(filter);
  const sessionDetails = details
    ? sql`, s.notes, s.created_at, s.updated_at, ${MEMBER_NAME('b')} as created_by_name,
          (select count(*) from client_sessions x where x.practice_id = s.practice_id and x.series_id = s.series_id)
            as series_size`
    : sql``;
  const appointmentDetails = details
    ? sql`, a.notes, a.created_at, a.updated_at, ${MEMBER_NAME('b')} as created_by_name,
          (select count(*) from appointments x where x.practice_id = a.practice_id and x.series_id = a.series_id)
            as series_size`
    : sql``;
  const creator = (alias: string) => (details ? sql.raw(`left join users b on b.id = ${alias}.created_by`) : sql``);
  return rowsOf<R>(
    db,
    sql`select * from (
          select 'session' as source, s.id, null::text as kind, s.starts_at, s.ends_at, false as all_day,
                 s.service_name as title, s.client_id, ${CLIENT_NAME} as client_name, s.therapist_id,
                 ${MEMBER_NAME('u')} as therapist_name, s.location_kind, s.location, s.video_link, s.status, s.series_id,
                 s.recurrence, s.double_booked, s.version ${sessionDetails}
          from client_sessions s
          join clients c on c.id = s.client_id
          left join users u on u.id = s.therapist_id ${creator('s')}
          where s.practice_id = ${practiceId} ${where.session}
          union all
          select 'appointment', a.id, a.kind, a.starts_at, a.ends_at, a.all_day, a.title, a.client_id,
                 case when c.id is null then null else ${CLIENT_NAME} end, a.therapist_id, ${MEMBER_NAME('u')},
                 null, '', a.video_link, 'scheduled', a.series_id, a.recurrence, a.double_booked, a.version ${appointmentDetails}
          from appointments a
          left join clients c on c.id = a.client_id
          left join users u on u.id = a.therapist_id ${creator('a')}
          where a.practice_id = ${practiceId} ${where.appointment}
          ${details ? sql`` : externalBusyRows(practiceId, filter)}
        ) e
        order by e.starts_at, e.source, e.id`,
  );
}

/** An imported busy time: when and whose, never what (its title is "Busy"); it cannot be opened, moved or deleted. */
function toExternalBusy(row: EventRow): DiaryEvent {
  return {
    id: externalBusyEventId(row.id),
    kind: 'external busy',
    startDateTimeUTC: iso(row.starts_at),
    endDateTimeUTC: iso(row.ends_at),
    allDay: Boolean(row.all_day),
    title: EXTERNAL_BUSY_TITLE,
    client: null,
    therapist: row.therapist_id !== null ? { id: row.therapist_id, name: row.therapist_name ?? 'Former member' } : null,
    locationKind: null,
    location: '',
    videoLink: null,
    status: 'scheduled',
    colour: 'grey',
    seriesId: null,
    recurrence: 'none',
    doubleBooked: false,
    version: 1,
  };
}

function toEvent(row: EventRow): DiaryEvent {
  if (row.source === 'external') return toExternalBusy(row);
  const kind: DiaryEventKind = row.source === 'session' ? 'session' : (row.kind as DiaryEventKind);
  return {
    id: diaryEventId(row.source, row.id),
    kind,
    startDateTimeUTC: iso(row.starts_at),
    endDateTimeUTC: iso(row.ends_at),
    allDay: Boolean(row.all_day),
    title: row.title,
    client: row.client_id !== null && row.client_name !== null ? { id: row.client_id, name: row.client_name } : null,
    therapist: row.therapist_id !== null ? { id: row.therapist_id, name: row.therapist_name ?? 'Former member' } : null,
    locationKind: row.location_kind,
    location: row.location,
    videoLink: row.video_link,
    status: row.status,
    colour: kind === 'session' ? serviceColour(row.title) : kind === 'appointment' ? 'slate' : 'grey',
    seriesId: row.series_id,
    recurrence: row.recurrence,
    doubleBooked: Boolean(row.double_booked),
    version: row.version,
  };
}

/** The events the filter names, by start (sessions of every status, appointments, blocked time). */
export async function diaryEvents(db: Db, practiceId: number, filter: EventFilter): Promise<DiaryEvent[]> {
  return (await eventRows<EventRow>(db, practiceId, filter, false)).map(toEvent);
}

/**
 * One event with its details, or null. An Assistant gets no notes of a session (SPEC.md §6: no clinical content); an
 * appointment's notes are the diary's own and every role reads them.
 */
export async function diaryEventDetails(
  db: Db,
  auth: AuthContext,
  filter: { source: DiaryEventSource; id: number },
): Promise<DiaryEventDetails | null> {
  const [row] = await eventRows<DetailsRow>(db, auth.practiceId, filter, true);
  if (!row) return null;
  return {
    ...toEvent(row),
    notes: row.source === 'session' && auth.role === 'Assistant' ? '' : row.notes,
    seriesSize: row.series_id === null ? 1 : Math.max(1, Number(row.series_size)),
    createdByName: row.created_by_name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
