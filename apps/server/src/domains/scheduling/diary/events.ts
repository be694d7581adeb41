import { eq, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  APPOINTMENT_MAX_DAYS,
  DEFAULT_TIME_ZONE,
  EXTERNAL_BUSY_TITLE,
  EXTERNAL_CALENDAR_LIMITS,
  serviceColour,
  type DiaryColour,
  type DiaryEvent,
  type DiaryEventDetails,
  type DiaryEvents,
  type DiaryEventSource,
} from '@halcyon/api/contract';
import type { AuthContext } from '../../../platform/auth/guard';
import { isoSql, jsonObjectSql, preparedOnce, preparedShapes, type Db } from '../../../platform/db';
import { practiceDetails } from '../../account/schema';
import { practices } from '../../practice/schema';
import type { Range } from './busy';

/** The longest a session lasts (the contract's 600 minutes): how far before a range a session overlapping it can start. */
const SESSION_MAX_MS = 600 * 60_000;
const APPOINTMENT_MAX_MS = APPOINTMENT_MAX_DAYS * 86_400_000;
/** An imported busy time lies within its import window (the importer clips it), so it is never longer than that. */
const EXTERNAL_BUSY_MAX_MS = (EXTERNAL_CALENDAR_LIMITS.pastDays + EXTERNAL_CALENDAR_LIMITS.futureDays) * 86_400_000;

const CLIENT_NAME = sql`trim(coalesce(nullif(c.preferred_name, ''), c.first_name) || ' ' || c.last_name)`;
const MEMBER_NAME = (alias: string) =>
  sql.raw(`nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`);
type Who = NonNullable<DiaryEvent['client']>;
/** The client (joined as `c`) as the contract's `{ id, name }`, or null (no client, or no name). */
const CLIENT_JSON = sql`case when ${CLIENT_NAME} is null then null
  else ${jsonObjectSql<Who>({ id: sql`c.id`, name: CLIENT_NAME })} end`;
/** The member (joined as `u`) whose calendar holds the event, or null; a member since removed is "Former member". */
const THERAPIST_JSON = (column: string) =>
  sql`case when ${sql.raw(column)} is null then null
    else ${jsonObjectSql<Who>({ id: sql.raw(column), name: sql`coalesce(${MEMBER_NAME('u')}, 'Former member')` })} end`;
const ISO = (column: string) => isoSql(sql.raw(column));

/**
 * An event as PostgreSQL builds it: the contract's `DiaryEvent`, but for a session's colour (null: it comes from its
 * service's name, `serviceColour`, which the server works out). With `details`, also `DiaryEventDetails`' fields.
 */
type EventJson<T extends DiaryEvent = DiaryEvent> = Omit<T, 'colour'> & { colour: DiaryColour | null };

/** An event's fields as SQL, for eventJson. */
type EventFields = { [K in keyof EventJson]-?: SQLWrapper };

/**
 * An event as a JSON object PostgreSQL builds (jsonObjectSql, every key of the contract's); with `details`, also
 * DiaryEventDetails' fields of the event's row (`alias`, of `table`) and its creator (joined as `b`).
 */
function eventJson(fields: EventFields, details: { alias: string; table: string } | null): SQL {
  if (!details) return jsonObjectSql<EventJson>(fields);
  const column = (name: string) => sql.raw(`${details.alias}.${name}`);
  return jsonObjectSql<EventJson<DiaryEventDetails>>({
    ...fields,
    notes: column('notes'),
    createdAt: isoSql(column('created_at')),
    updatedAt: isoSql(column('updated_at')),
    createdByName: MEMBER_NAME('b'),
    seriesSize: sql`case when ${column('series_id')} is null then 1 else greatest(1, (select count(*)
      from ${sql.raw(details.table)} x where x.practice_id = ${column('practice_id')}
        and x.series_id = ${column('series_id')})) end`,
  });
}

/** A statement value: a value of this call, or a placeholder of a statement prepared once (`preparedOnce`). */
type Value<T> = T | Placeholder;

/** A range's bounds as statement values (see rangeValues): each source is read from the range's start less its longest. */
interface RangeValues {
  start: Value<string>;
  end: Value<string>;
  sessionsFrom: Value<string>;
  appointmentsFrom: Value<string>;
  externalFrom: Value<string>;
  therapistId?: Value<number>;
}

function rangeValues(range: Range, therapistId?: number): RangeValues {
  const before = (ms: number) => new Date(range.start.getTime() - ms).toISOString();
  return {
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    sessionsFrom: before(SESSION_MAX_MS),
    appointmentsFrom: before(APPOINTMENT_MAX_MS),
    externalFrom: before(EXTERNAL_BUSY_MAX_MS),
    ...(therapistId !== undefined && { therapistId }),
  };
}

/**
 * Which events to read: those overlapping a range (optionally one therapist's), or one event. The busy times imported
 * from external calendars are the diary's pages' alone (`diaryRange`).
 */
export type EventFilter = { range: Range; therapistId?: number } | { source: DiaryEventSource; id: number };

/** What the statement reads: one event, or a range (with the imported busy times or not). */
type Where = { source: DiaryEventSource; id: Value<number> } | { range: RangeValues; externalBusy: boolean };

/** The busy times of external calendars overlapping the range, as events (when asked for). */
function externalBusyRows(practiceId: Value<number>, where: Where): SQL {
  if ('source' in where || !where.externalBusy) return sql``;
  const { range } = where;
  return sql`union all
          select x.starts_at, 'external' as source, x.id, ${eventJson(
            {
              id: sql`'external-' || x.id`,
              kind: sql`'external busy'`,
              startDateTimeUTC: ISO('x.starts_at'),
              endDateTimeUTC: ISO('x.ends_at'),
              allDay: sql`x.all_day`,
              title: sql`${EXTERNAL_BUSY_TITLE}::text`,
              client: sql`null::json`,
              therapist: THERAPIST_JSON('x.user_id'),
              locationKind: sql`null`,
              location: sql`''`,
              videoLink: sql`null`,
              status: sql`'scheduled'`,
              colour: sql`'grey'`,
              seriesId: sql`null`,
              recurrence: sql`'none'`,
              doubleBooked: sql`false`,
              version: sql`1`,
            },
            null,
          )}
          from external_busy x
          left join users u on u.id = x.user_id
          where x.practice_id = ${practiceId}
            and x.starts_at < ${range.end}::timestamptz and x.ends_at > ${range.start}::timestamptz
            and x.starts_at > ${range.externalFrom}::timestamptz
            ${range.therapistId === undefined ? sql`` : sql`and x.user_id = ${range.therapistId}::int`}`;
}

function wheres(where: Where): { session: SQL; appointment: SQL } {
  if ('source' in where) {
    const none = sql`and false`;
    return {
      session: where.source === 'session' ? sql`and s.id = ${where.id}` : none,
      appointment: where.source === 'appointment' ? sql`and a.id = ${where.id}` : none,
    };
  }
  const { range } = where;
  const overlaps = (alias: string, from: Value<string>) =>
    sql`and ${sql.raw(alias)}.starts_at < ${range.end}::timestamptz
        and ${sql.raw(alias)}.ends_at > ${range.start}::timestamptz
        and ${sql.raw(alias)}.starts_at > ${from}::timestamptz
        ${range.therapistId === undefined ? sql`` : sql`and ${sql.raw(alias)}.therapist_id = ${range.therapistId}::int`}`;
  return { session: overlaps('s', range.sessionsFrom), appointment: overlaps('a', range.appointmentsFrom) };
}

/**
 * The one statement of the diary's read model, as a JSON array PostgreSQL builds (a busy week of a member is ~80
 * events: parsing and mapping them column by column cost the server more than the database's work): sessions and
 * appointments (with blocked time) of the practice as the contract's events, by start, with their client's and
 * therapist's names; with `details`, also their notes, series size and who booked them. A range reads the (practice,
 * therapist, starts_at) or (practice, starts_at) indexes from the range's start less the longest an event lasts.
 */
function eventsJson(practiceId: Value<number>, where: Where, details: boolean): SQL {
  const clauses = wheres(where);
  const detailsOf = (alias: string, table: string) => (details ? { alias, table } : null);
  const creator = (alias: string) => (details ? sql.raw(`left join users b on b.id = ${alias}.created_by`) : sql``);
  return sql`(select coalesce(json_agg(e.event order by e.starts_at, e.source, e.id), '[]'::json) from (
          select s.starts_at, 'session' as source, s.id, ${eventJson(
            {
              id: sql`'session-' || s.id`,
              kind: sql`'session'`,
              startDateTimeUTC: ISO('s.starts_at'),
              endDateTimeUTC: ISO('s.ends_at'),
              allDay: sql`false`,
              title: sql`s.service_name`,
              client: CLIENT_JSON,
              therapist: THERAPIST_JSON('s.therapist_id'),
              locationKind: sql`s.location_kind`,
              location: sql`s.location`,
              videoLink: sql`s.video_link`,
              status: sql`s.status`,
              colour: sql`null`,
              seriesId: sql`s.series_id`,
              recurrence: sql`s.recurrence`,
              doubleBooked: sql`s.double_booked`,
              version: sql`s.version`,
            },
            detailsOf('s', 'client_sessions'),
          )} as event
          from client_sessions s
          join clients c on c.id = s.client_id
          left join users u on u.id = s.therapist_id ${creator('s')}
          where s.practice_id = ${practiceId} ${clauses.session}
          union all
          select a.starts_at, 'appointment', a.id, ${eventJson(
            {
              id: sql`'appointment-' || a.id`,
              kind: sql`a.kind`,
              startDateTimeUTC: ISO('a.starts_at'),
              endDateTimeUTC: ISO('a.ends_at'),
              allDay: sql`a.all_day`,
              title: sql`a.title`,
              client: CLIENT_JSON,
              therapist: THERAPIST_JSON('a.therapist_id'),
              locationKind: sql`null`,
              location: sql`''`,
              videoLink: sql`a.video_link`,
              status: sql`'scheduled'`,
              colour: sql`case a.kind when 'appointment' then 'slate' else 'grey' end`,
              seriesId: sql`a.series_id`,
              recurrence: sql`a.recurrence`,
              doubleBooked: sql`a.double_booked`,
              version: sql`a.version`,
            },
            detailsOf('a', 'appointments'),
          )}
          from appointments a
          left join clients c on c.id = a.client_id
          left join users u on u.id = a.therapist_id ${creator('a')}
          where a.practice_id = ${practiceId} ${clauses.appointment}
          ${details ? sql`` : externalBusyRows(practiceId, where)}
        ) e)`;
}

/** An event as the contract has it: a session's colour is its service's. */
function toEvent<T extends DiaryEvent>(event: EventJson<T>): EventJson<T> & { colour: DiaryColour } {
  // In place: a busy week is ~80 events, each parsed just now for this answer alone.
  return Object.assign(event, { colour: event.colour ?? serviceColour(event.title) });
}

const RANGE = {
  practiceId: sql.placeholder('practiceId'),
  range: {
    start: sql.placeholder('start'),
    end: sql.placeholder('end'),
    sessionsFrom: sql.placeholder('sessionsFrom'),
    appointmentsFrom: sql.placeholder('appointmentsFrom'),
    externalFrom: sql.placeholder('externalFrom'),
  },
} as const;

/**
 * The diary's pages' read, one round trip prepared once (`preparedOnce`): the practice's time zone with the events of a
 * range and the imported busy times, a member's (`member`) or the whole practice's.
 */
const diaryRangeStatements = preparedOnce((db) => {
  const build = (name: string, range: RangeValues) =>
    db
      .select({
        timeZone: practiceDetails.timeZone,
        items: sql<EventJson[]>`${eventsJson(RANGE.practiceId, { range, externalBusy: true }, false)}`,
      })
      .from(practices)
      .leftJoin(practiceDetails, eq(practiceDetails.practiceId, practices.id))
      .where(eq(practices.id, RANGE.practiceId))
      .prepare(name);
  return {
    member: build('diary_events_of_member', { ...RANGE.range, therapistId: sql.placeholder('therapistId') }),
    practice: build('diary_events_of_practice', RANGE.range),
  };
});

/** Which statement of `diaryEvents` and `diaryEventDetails` a read takes: one event, or a range (one member's or all). */
type EventShape = { source: DiaryEventSource; details: boolean } | { member: boolean };

/**
 * The statements of `diaryEvents` and `diaryEventDetails`, one per shape (`preparedShapes`): a range's events (a
 * member's or the whole practice's, as /Dashboard's today and the calendar feeds read them) and one event, with or
 * without its details. Building the events' statement cost the server more than PostgreSQL running it (today's sessions:
 * a fifth of the server's time went to rendering it).
 */
const eventStatement = preparedShapes<{ items: EventJson[] }, EventShape>(
  (shape) => JSON.stringify(shape),
  (shape) => {
    const where: Where =
      'source' in shape
        ? { source: shape.source, id: sql.placeholder('id') }
        : {
            range: shape.member ? { ...RANGE.range, therapistId: sql.placeholder('therapistId') } : RANGE.range,
            externalBusy: false,
          };
    return sql`select ${eventsJson(RANGE.practiceId, where, 'source' in shape && shape.details)} as items`;
  },
);

/** The events the filter names as PostgreSQL builds them (`eventsJson`), by start; with `details`, one event's. */
async function readEvents<T extends DiaryEvent>(
  db: Db,
  practiceId: number,
  filter: EventFilter,
  details: boolean,
): Promise<EventJson<T>[]> {
  const rows =
    'source' in filter
      ? await eventStatement(db, { source: filter.source, details }).rows({ practiceId, id: filter.id })
      : await eventStatement(db, { member: filter.therapistId !== undefined }).rows({
          practiceId,
          ...rangeValues(filter.range, filter.therapistId),
        });
  return (rows[0]?.items ?? []) as EventJson<T>[];
}

/** The events of a range and the practice's time zone, as the diary's pages read them (with imported busy times). */
export async function diaryRange(db: Db, practiceId: number, range: Range, therapistId?: number): Promise<DiaryEvents> {
  const statements = diaryRangeStatements(db);
  const { therapistId: member, ...values } = rangeValues(range, therapistId);
  const [row] =
    member === undefined
      ? await statements.practice.execute({ practiceId, ...values })
      : await statements.member.execute({ practiceId, therapistId: member, ...values });
  return { items: (row?.items ?? []).map(toEvent), timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE };
}

/** The events the filter names, by start (sessions of every status, appointments, blocked time). */
export async function diaryEvents(db: Db, practiceId: number, filter: EventFilter): Promise<DiaryEvent[]> {
  return (await readEvents(db, practiceId, filter, false)).map(toEvent);
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
  const [event] = await readEvents<DiaryEventDetails>(db, auth.practiceId, filter, true);
  if (!event) return null;
  return toEvent(filter.source === 'session' && auth.role === 'Assistant' ? { ...event, notes: '' } : event);
}
