import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DiaryEventKind, DiaryEventSource } from '@halcyon/api/contract';
import { formatWhen } from '@halcyon/api/time';
import type { AuthContext } from '../../../platform/auth/guard';
import { hasSqlState, iso, rowsOf, type Db } from '../../../platform/db';
import { conflict, type HttpError } from '../../../platform/errors';
import { memberName, practiceOf } from './members';
import { doubleBookingAllowed } from './preferences';

/** A span of time: an event's start (inclusive) and end (exclusive). */
export interface Range {
  start: Date;
  end: Date;
}

/** A span of a therapist's busy time, and the diary event that holds it (`external`: an external calendar's busy time). */
export interface BusyRange extends Range {
  therapistId: number;
  source: DiaryEventSource | 'external';
  sourceId: number;
}

/** A statement value: a value of this call, or a placeholder of a statement prepared once (`preparedOnce`). */
type Value<T> = T | Placeholder;

/** Whose busy time and when: the therapists as one int[] value, the range's ends as ISO instants. */
export interface BusyValues {
  practiceId: Value<number> | SQLWrapper;
  therapistIds: SQLWrapper | Placeholder;
  from: Value<string> | SQL;
  to: Value<string> | SQL;
}

/**
 * The busy time of the therapists between `from` and `to`, as rows (therapist_id, start, end, source, source_id):
 * every event that holds their time (sessions scheduled, attended or late; appointments; blocked time) and their busy
 * times imported from external calendars (external_busy, source `external`), overlapping the range. busy_times on its
 * GiST index, external_busy on (practice, user, start). Booking's public page reads it with the open requests, in one
 * statement prepared once.
 */
export function busyRows({ practiceId, therapistIds, from, to }: BusyValues): SQL {
  return sql`select therapist_id, lower(during) as start, upper(during) as end, source, source_id from busy_times
        where practice_id = ${practiceId}
          and therapist_id = any(${therapistIds}::int[])
          and during && tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')
        union all
        select user_id, starts_at, ends_at, 'external', id from external_busy
        where practice_id = ${practiceId}
          and user_id = any(${therapistIds}::int[])
          and starts_at < ${to}::timestamptz and ends_at > ${from}::timestamptz`;
}

/**
 * The busy time of the therapists between `from` and `to` (busyRows), by therapist then start: what a booking of the
 * practice checks against.
 */
export async function busyRanges(
  db: Db,
  practiceId: number,
  therapistIds: readonly number[],
  from: Date,
  to: Date,
): Promise<BusyRange[]> {
  if (therapistIds.length === 0) return [];
  const values = {
    practiceId,
    therapistIds: sql.param([...therapistIds]),
    from: from.toISOString(),
    to: to.toISOString(),
  };
  const rows = await rowsOf<{ therapist_id: number; start: unknown; end: unknown; source: string; source_id: number }>(
    db,
    sql`${busyRows(values)} order by 1, 2, 4, 5`,
  );
  return rows.map((row) => ({
    therapistId: row.therapist_id,
    start: new Date(iso(row.start)),
    end: new Date(iso(row.end)),
    source: row.source as BusyRange['source'],
    sourceId: row.source_id,
  }));
}

/** An event a booking would overlap, as a 409 names it. */
interface Clash {
  index: number;
  kind: DiaryEventKind;
  title: string;
  clientName: string | null;
  start: Date;
}

/**
 * Who books: a member of the practice (the clash is told in their words: "You already have", without client names for
 * the Assistant), or a visitor on the public booking link (`publicLink`), whom the clash sentence tells only the kind of
 * event and its time: never a client's name or an event's title.
 */
export type Booker = Pick<AuthContext, 'practiceId' | 'userId' | 'role'> | { practiceId: number; publicLink: true };

/** The member who books, or null for the public booking link. */
const memberOf = (booker: Booker) => ('publicLink' in booker ? null : booker);

/** What is being booked: for whom, when, and which events it replaces (a move does not clash with itself). */
export interface Booking {
  therapistId: number;
  ranges: Range[];
  exclude?: { source: DiaryEventSource; ids: readonly number[] };
}

/** The events of the therapist's diary that overlap any of the booking's ranges, by start (with the range's index). */
async function clashesOf(db: Db, practiceId: number, booking: Booking): Promise<Clash[]> {
  if (booking.ranges.length === 0) return [];
  const wanted = sql.join(
    booking.ranges.map(
      (r, i) => sql`(${i}::int, ${r.start.toISOString()}::timestamptz, ${r.end.toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const exclude = booking.exclude;
  const notExcluded =
    exclude && exclude.ids.length > 0
      ? sql`and not (b.source = ${exclude.source} and b.source_id in (${sql.join(
          exclude.ids.map((id) => sql`${id}`),
          sql`, `,
        )}))`
      : sql``;
  const rows = await rowsOf<{
    i: number;
    source: string;
    kind: string | null;
    title: string | null;
    client_name: string | null;
    start: unknown;
  }>(
    db,
    sql`select r.i, b.source, a.kind, coalesce(s.service_name, a.title) as title,
               trim(coalesce(nullif(c.preferred_name, ''), c.first_name) || ' ' || c.last_name) as client_name,
               lower(b.during) as start
        from (values ${wanted}) as r(i, s, e)
        join busy_times b on b.practice_id = ${practiceId} and b.therapist_id = ${booking.therapistId}
          and b.during && tstzrange(r.s, r.e, '[)')
        left join client_sessions s on b.source = 'session' and s.id = b.source_id
        left join clients c on c.id = s.client_id
        left join appointments a on b.source = 'appointment' and a.id = b.source_id
        where true ${notExcluded}
        order by lower(b.during), b.source, b.source_id`,
  );
  return rows.map((row) => ({
    index: Number(row.i),
    kind: row.source === 'session' ? 'session' : ((row.kind ?? 'appointment') as DiaryEventKind),
    title: row.title ?? '',
    clientName: row.source === 'session' ? row.client_name : null,
    start: new Date(iso(row.start)),
  }));
}

const ARTICLE: Readonly<Record<DiaryEventKind, string>> = {
  session: 'a session',
  appointment: 'an appointment',
  'blocked time': 'blocked time',
  // Never a clash: external busy times are not in busy_times (the diary shows them; booking's slots leave them out).
  'external busy': 'busy time in another calendar',
};

/** What a clash sentence says about an event: its title, with the client's name for Admin and Therapist. */
function aboutClash(clash: Clash, member: ReturnType<typeof memberOf>): string {
  if (member === null) return '';
  return clash.clientName && member.role !== 'Assistant' ? `${clash.title} with ${clash.clientName}` : clash.title;
}

/**
 * The 409 of a clash, naming what it clashes with: "You already have a session (Individual therapy with Morgan Adeyemi)
 * on Mon 12 Jan 2026, 10:00 at that time. Choose another time." An Assistant is not told the client's name; the public
 * booking link is told neither names nor titles ("Sam Rivers already has a session on ..."). "or schedule it anyway" is
 * offered only where the practice allows double-booking (never on the public link).
 */
async function clashConflict(
  db: Db,
  booker: Booker,
  booking: Booking,
  clashes: Clash[],
  allowed: boolean,
): Promise<HttpError> {
  const member = memberOf(booker);
  const anyway = allowed && member !== null ? ', or schedule it anyway' : '';
  if (clashes.length === 0) return conflict(`That time was booked a moment ago. Choose another time${anyway}.`);
  const { timeZone } = await practiceOf(db, booker.practiceId);
  const who =
    booking.therapistId === member?.userId
      ? 'You already have'
      : `${await memberName(db, booking.therapistId)} already has`;
  const listed = clashes
    .slice(0, 3)
    .map((clash) => {
      const about = aboutClash(clash, member);
      return `${ARTICLE[clash.kind]}${about ? ` (${about})` : ''} on ${formatWhen(clash.start, timeZone)}`;
    })
    .join('; ');
  const more = clashes.length > 3 ? ' and more' : '';
  return conflict(`${who} ${listed}${more} at that time. Choose another time${anyway}.`);
}

/**
 * Books through the one diary: `write` saves the events (each with `doubleBooked` as `mark` says), and the database's
 * exclusion constraint refuses a clash, even one booked at the same moment by someone else (SQLSTATE 23P01 becomes a
 * 409 naming the event). Before writing, the events the booking would overlap are read: any clash answers 409 at once,
 * unless the practice allows double-booking and a member's request says `ignoreConflicts`, in which case the
 * overlapping events (only those) are saved as booked anyway. The public booking link never books over a clash.
 */
export async function bookThroughDiary<T>(
  db: Db,
  booker: Booker,
  booking: Booking,
  ignoreConflicts: boolean,
  write: (mark: (index: number) => boolean) => Promise<T>,
): Promise<T> {
  const { practiceId } = booker;
  const clashes = await clashesOf(db, practiceId, booking);
  if (clashes.length > 0) {
    const allowed = await doubleBookingAllowed(db, practiceId);
    if (!allowed || !ignoreConflicts || memberOf(booker) === null) {
      throw await clashConflict(db, booker, booking, clashes, allowed);
    }
  }
  const overlapping = new Set(clashes.map((clash) => clash.index));
  try {
    return await write((index) => overlapping.has(index));
  } catch (error) {
    if (!hasSqlState(error, '23P01')) throw error;
    const allowed = await doubleBookingAllowed(db, practiceId);
    throw await clashConflict(db, booker, booking, await clashesOf(db, practiceId, booking), allowed);
  }
}
