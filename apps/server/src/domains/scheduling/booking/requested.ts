import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES } from '@halcyon/api/contract';
import type { Db } from '../../../platform/db';
import { sessionRequests } from './schema';
import type { BusyRange } from './slots';

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
  // Only an amended request has a proposed time, and then it holds that one.
  const start = sql<Date>`coalesce(${sessionRequests.proposedStartsAt}, ${sessionRequests.startsAt})`;
  const end = sql<Date>`coalesce(${sessionRequests.proposedEndsAt}, ${sessionRequests.endsAt})`;
  const rows = await db
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
        eq(sessionRequests.practiceId, practiceId),
        inArray(sessionRequests.therapistId, [...therapistIds]),
        inArray(sessionRequests.status, [...OPEN_REQUEST_STATUSES]),
        sql`${start} < ${to.toISOString()}::timestamptz`,
        sql`${end} > ${from.toISOString()}::timestamptz`,
      ),
    );
  return rows.flatMap((r) =>
    r.therapistId === null
      ? []
      : [{ therapistId: r.therapistId, start: r.proposedStart ?? r.start, end: r.proposedEnd ?? r.end }],
  );
}
