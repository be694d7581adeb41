import { sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES } from '@halcyon/api/contract';
import { preparedOnce, type Db } from '../../../platform/db';
import { busyRows, type BusyValues } from '../diary';
import type { BusyRange } from './slots';

const OPEN = sql.raw(OPEN_REQUEST_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The times open session requests hold (pending at the asked time, amended at the proposed one, which only an amended
 * request has), as rows like busyRows' (therapist_id, start, end, source, source_id).
 */
function requestedRows({ practiceId, therapistIds, from, to }: BusyValues) {
  return sql`select therapist_id, coalesce(proposed_starts_at, starts_at), coalesce(proposed_ends_at, ends_at),
          'request', id
        from session_requests
        where practice_id = ${practiceId}
          and therapist_id = any(${therapistIds}::int[])
          and status in (${OPEN})
          and coalesce(proposed_starts_at, starts_at) < ${to}::timestamptz
          and coalesce(proposed_ends_at, ends_at) > ${from}::timestamptz`;
}

const TAKEN: BusyValues = {
  practiceId: sql.placeholder('practiceId'),
  therapistIds: sql.placeholder('therapistIds'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
};

/**
 * The booking page's taken time, one statement prepared once (`preparedOnce`), as every visit asks for it: the diary's
 * busy time (busyRows) and the times open requests hold, so two visitors are not offered the same time. The instants
 * come as milliseconds (no timestamp text to parse per row).
 */
const takenStatement = preparedOnce((db) =>
  db
    .select({
      therapistId: sql<number>`t.therapist_id`,
      start: sql<number>`(extract(epoch from t.start) * 1000)::float8`,
      end: sql<number>`(extract(epoch from t.end) * 1000)::float8`,
    })
    .from(
      sql`(${busyRows(TAKEN)} union all ${requestedRows(TAKEN)}) as t (therapist_id, start, "end", source, source_id)`,
    )
    .prepare('booking_taken_ranges'),
);

/** The time the therapists cannot be booked in between two instants: busy in the diary or held by an open request. */
export async function takenRanges(
  db: Db,
  practiceId: number,
  therapistIds: readonly number[],
  from: Date,
  to: Date,
): Promise<BusyRange[]> {
  if (therapistIds.length === 0) return [];
  const rows = await takenStatement(db).execute({
    practiceId,
    therapistIds: [...therapistIds],
    from: from.toISOString(),
    to: to.toISOString(),
  });
  return rows.map((r) => ({ therapistId: r.therapistId, start: new Date(r.start), end: new Date(r.end) }));
}
