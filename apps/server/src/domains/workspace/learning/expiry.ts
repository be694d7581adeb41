import { sql } from 'drizzle-orm';
import {
  COMPLIANCE_EXPIRY_NOTIFICATION,
  COMPLIANCE_KIND_LABELS,
  COMPLIANCE_REMINDER_DAYS,
  DEFAULT_TIME_ZONE,
  humanDate,
  type ComplianceKind,
} from '@halcyon/api/contract';
import type { Platform } from '../../../platform/context';
import { rowsOf, type Db } from '../../../platform/db';
import type { JobDefinition } from '../../../platform/jobs';
import { notifications } from '../../../schema';
import { notificationValues } from '../../notifications/service';

export const COMPLIANCE_EXPIRY_QUEUE = 'compliance-expiry-reminders';

interface ExpiringRow {
  id: number;
  practice_id: number;
  user_id: number;
  kind: string;
  body: string;
  expiry: string;
}

/** "BACP Membership-body accreditation", "HCPC Professional registration": the record as its member names it. */
function recordName(row: ExpiringRow): string {
  const kind = COMPLIANCE_KIND_LABELS[row.kind as ComplianceKind] ?? row.kind;
  return `${row.body} ${kind.charAt(0).toLowerCase()}${kind.slice(1)}`;
}

/**
 * One notification per record whose expiry falls within COMPLIANCE_REMINDER_DAYS of today (in the practice's time zone),
 * for its member while they are an active member, when the record asks to be reminded. The dedupe key (record and expiry
 * date) makes it once per record and expiry date: a second run on any instance creates nothing, and a renewed record
 * (a new expiry date) is reminded again when its time comes. Returns how many it created.
 */
export async function notifyExpiringCompliance(db: Db, now = new Date()): Promise<number> {
  const rows = await rowsOf<ExpiringRow>(
    db,
    sql`select ci.id, ci.practice_id, ci.user_id, ci.kind, ci.body, ci.expiry_date::text as expiry
        from compliance_items ci
        join memberships m on m.practice_id = ci.practice_id and m.user_id = ci.user_id and m.status = 'active'
        left join practice_details pd on pd.practice_id = ci.practice_id
        cross join lateral (select (${now.toISOString()}::timestamptz
                              at time zone coalesce(pd.time_zone, ${DEFAULT_TIME_ZONE}))::date as today) d
        where ci.remind and ci.expiry_date is not null
          and ci.expiry_date >= d.today
          and ci.expiry_date <= d.today + ${COMPLIANCE_REMINDER_DAYS}::int`,
  );
  if (rows.length === 0) return 0;
  const created = await db
    .insert(notifications)
    .values(
      rows.map((row) =>
        notificationValues({
          practiceId: Number(row.practice_id),
          userId: Number(row.user_id),
          title: COMPLIANCE_EXPIRY_NOTIFICATION.title,
          content: COMPLIANCE_EXPIRY_NOTIFICATION.content(recordName(row), humanDate(row.expiry)),
          category: 'warning',
          link: '/Learning-development#compliance',
          dedupeKey: `compliance-expiry:${row.id}:${row.expiry}`,
        }),
      ),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return created.length;
}

/**
 * Looks for records entering their reminder window every hour (a day starts at local midnight, which differs by practice
 * time zone). `platform` is read when the job runs (the app is built after the job queue is defined).
 */
export function complianceExpiryJob(platform: () => Pick<Platform, 'database'> | undefined): JobDefinition<object> {
  return {
    name: COMPLIANCE_EXPIRY_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    cron: '20 * * * *',
    handler: async () => {
      const p = platform();
      if (!p) throw new Error('the app is not ready yet');
      await notifyExpiringCompliance(p.database.db);
    },
  };
}
