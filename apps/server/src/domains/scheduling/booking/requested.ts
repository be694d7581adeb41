import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES } from '@halcyon/api/contract';
import { preparedOnce, type Db } from '../../../platform/db';
import { sessionRequests } from './schema';
import type { BusyRange } from './slots';

// Only an amended request has a proposed time, and then it holds that one.
const heldStart = sql`coalesce(${sessionRequests.proposedStartsAt}, ${sessionRequests.startsAt})`;
const heldEnd = sql`coalesce(${sessionRequests.proposedEndsAt}, ${sessionRequests.endsAt})`;

/** Prepared once (`preparedOnce`): every visit of a booking page asks for it. */
const requestedStatement = preparedOnce((db) =>
  db
    .select({
      therapistId: sessionRequests.therapistId,
      start: sessionRequests.startsAt,
      end: sessionRequests.endsAt,
      proposedStart: sessionRequests.proposedStartsAt,
      proposedEnd: sessionRequests.proposedEndsAt,
    })
    .from(sessionRequests)
    .where(
      and(
        eq(sessionRequests.practiceId, sql.placeholder('practiceId')),
        sql`${sessionRequests.therapistId} = any(${sql.placeholder('therapistIds')}::int[])`,
        inArray(sessionRequests.status, [...OPEN_REQUEST_STATUSES]),
        sql`${heldStart} < ${sql.placeholder('to')}::timestamptz`,
        sql`${heldEnd} > ${sql.placeholder('from')}::timestamptz`,
      ),
    )
    .prepare('booking_requested_ranges'),
);

/**
 * The times open session requests hold (pending at the asked time, amended at the proposed one): busy on the booking
 * page beside the diary's busy time (`busyRanges`), so two visitors are not offered the same time.
 */
export async function requestedRanges(
  db: Db,
  practiceId: number,
  therapistIds: readonly number[],
  from: Date,
  to: Date,
): Promise<BusyRange[]> {
  if (therapistIds.length === 0) return [];
  const rows = await requestedStatement(db).execute({
    practiceId,
    therapistIds: [...therapistIds],
    from: from.toISOString(),
    to: to.toISOString(),
  });
  return rows.flatMap((r) =>
    r.therapistId === null
      ? []
      : [{ therapistId: r.therapistId, start: r.proposedStart ?? r.start, end: r.proposedEnd ?? r.end }],
  );
}
