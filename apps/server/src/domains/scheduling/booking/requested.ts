import { sql, type SQL } from 'drizzle-orm';
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

/** Taken time as PostgreSQL builds it: [therapist id, start, end] with the instants in milliseconds. */
export type TakenJson = [number, number, number][];

/**
 * The time the therapists cannot be booked in (takenRanges) as a JSON column: the diary's busy time (busyRows) and the
 * times open requests hold, so two visitors are not offered the same time.
 */
export function takenJson(values: BusyValues): SQL<TakenJson> {
  return sql`(select coalesce(json_agg(json_build_array(t.therapist_id, extract(epoch from t.start) * 1000,
      extract(epoch from t."end") * 1000)), '[]'::json)
    from (${busyRows(values)} union all ${requestedRows(values)}) as t (therapist_id, start, "end", source, source_id))`;
}

export const toBusyRanges = (taken: TakenJson): BusyRange[] =>
  taken.map(([therapistId, start, end]) => ({ therapistId, start: new Date(start), end: new Date(end) }));

const TAKEN: BusyValues = {
  practiceId: sql.placeholder('practiceId'),
  therapistIds: sql.placeholder('therapistIds'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
};

/** takenJson of given therapists and instants, prepared once (`preparedOnce`): a visitor's request checks its time. */
const takenStatement = preparedOnce((db) =>
  db
    .select({ taken: takenJson(TAKEN) })
    .from(sql`(select 1) as one`)
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
  const [row] = await takenStatement(db).execute({
    practiceId,
    therapistIds: [...therapistIds],
    from: from.toISOString(),
    to: to.toISOString(),
  });
  return toBusyRanges(row?.taken ?? []);
}
