import { sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, RISK_REVIEW_NOTIFICATION } from '@halcyon/api/contract';
import type { Db } from '../../platform/db';
import { notifications } from '../../schema';
import type { JobDefinition } from '../../platform/jobs';
import type { Platform } from '../../platform/context';
import { notificationValues, type NewNotification } from '../notifications/service';

interface OverdueRow {
  practice_id: number;
  client_id: number;
  assessment_id: number;
  overall_level: string;
  due: string;
  client_name: string;
  user_id: number;
}

const DAY_LABEL = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-11-03` as "3 Nov 2026" (a review date is a calendar day: no time zone shift). */
const dayLabel = (day: string): string => DAY_LABEL.format(new Date(`${day}T00:00:00Z`));

/** The notification's dedupe key: one per assessment and due date (and recipient, by the unique index). */
const RISK_REVIEW_DEDUPE_PREFIX = 'risk-review:';

/**
 * One notification per overdue risk review (the current assessment's review date has passed in the practice's time zone)
 * for the client's therapist, or the practice's Admins when the client has no active therapist. Styled `high` when the
 * assessed level is high, `warning` otherwise, and linked to the assessment. Runs on the job queue every hour; the
 * statement leaves out the recipients already told of that review (the dedupe key, assessment and due date, by the
 * unique index of recipient and key), so a run costs what is new since the last, not every overdue review there is, and
 * a second run, on any instance, creates nothing new. Returns how many it created.
 */
export async function notifyOverdueRiskReviews(db: Db, now = new Date()): Promise<number> {
  const result: unknown = await db.execute(sql`
    select o.practice_id, o.client_id, o.assessment_id, o.overall_level, o.due, o.client_name, r.user_id
    from (
      select c.practice_id, c.id as client_id, ra.id as assessment_id, ra.overall_level::text as overall_level,
             c.risk_review_due::text as due,
             trim(coalesce(nullif(c.preferred_name, ''), c.first_name) || ' ' || c.last_name) as client_name,
             coalesce(
               (select array[m.user_id] from memberships m
                where m.practice_id = c.practice_id and m.user_id = c.therapist_id and m.status = 'active'
                  and m.role in ('Admin', 'Therapist')),
               (select array_agg(m.user_id order by m.user_id) from memberships m
                where m.practice_id = c.practice_id and m.status = 'active' and m.role = 'Admin'),
               '{}'::int[]) as recipients
      from clients c
      left join practice_details pd on pd.practice_id = c.practice_id
      join lateral (select r.id, r.overall_level from risk_assessments r
                    where r.client_id = c.id order by r.version desc limit 1) ra on true
      where c.risk_review_due is not null
        and c.risk_review_due < (${now.toISOString()}::timestamptz at time zone coalesce(pd.time_zone, ${DEFAULT_TIME_ZONE}))::date
        and c.status not in ('discharged', 'archived')
    ) o
    cross join lateral unnest(o.recipients) as r (user_id)
    where not exists (
      select 1 from notifications n
      where n.user_id = r.user_id
        and n.dedupe_key = ${RISK_REVIEW_DEDUPE_PREFIX} || o.assessment_id || ':' || o.due)`);
  const rows = (result as { rows: OverdueRow[] }).rows;
  const values = rows.map((row) =>
    notificationValues({
      practiceId: row.practice_id,
      userId: Number(row.user_id),
      title: RISK_REVIEW_NOTIFICATION.title,
      content: RISK_REVIEW_NOTIFICATION.content(row.client_name, dayLabel(row.due)),
      category: 'warning',
      severity: row.overall_level === 'high' ? 'high' : 'warning',
      link: `/Clients/${row.client_id}?tab=risk&assessment=${row.assessment_id}`,
      dedupeKey: `${RISK_REVIEW_DEDUPE_PREFIX}${row.assessment_id}:${row.due}`,
    } satisfies NewNotification),
  );
  if (values.length === 0) return 0;
  const created = await db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return created.length;
}

export const RISK_REVIEW_QUEUE = 'risk-review-overdue';

/**
 * Looks for overdue risk reviews every hour (a review falls due at local midnight, which differs by practice time zone).
 * `platform` is read when the job runs (the app is built after the job queue is defined).
 */
export function riskReviewJob(platform: () => Platform | undefined): JobDefinition<object> {
  return {
    name: RISK_REVIEW_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
    cron: '5 * * * *',
    handler: async () => {
      const p = platform();
      if (!p) throw new Error('the app is not ready yet');
      await notifyOverdueRiskReviews(p.database.db);
    },
  };
}
