import { sql } from 'drizzle-orm';
import {
  COMPLIANCE_EXPIRY_NOTIFICATION,
  COMPLIANCE_KIND_LABELS,
  COMPLIANCE_REMINDER_DAYS,
  DEFAULT_TIME_ZONE,
  humanDate,
  NOTIFICATION_PREFERENCE_LABELS,
  type ComplianceKind,
} from '@halcyon/api/contract';
import { publicBaseUrl } from '../../../platform/config';
import type { Platform } from '../../../platform/context';
import { rowsOf, type Db } from '../../../platform/db';
import type { JobDefinition } from '../../../platform/jobs';
import type { MailMessage } from '../../../platform/mail';
import type { Mailer } from '../../../platform/mail/mailer';
import { renderMail } from '../../../platform/mail/templates';
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
  email: string;
  first_name: string;
  practice_name: string;
  /** The member's "Licence and compliance records about to expire" e-mail preference (null: never set, so on). */
  wants_email: boolean | null;
}

/** Where the reminder e-mails send their reader: the app's sign-in page (the notification links to the record). */
export interface ExpiryMail {
  mailer: Pick<Mailer, 'send'>;
  appUrl: string;
}

/** "BACP Membership-body accreditation", "HCPC Professional registration": the record as its member names it. */
function recordName(row: ExpiringRow): string {
  const kind = COMPLIANCE_KIND_LABELS[row.kind as ComplianceKind] ?? row.kind;
  return `${row.body} ${kind.charAt(0).toLowerCase()}${kind.slice(1)}`;
}

/** The e-mail a member gets with the notification: what expires and when, and where to renew it. */
export function complianceExpiryMail(row: ExpiringRow, url: string): MailMessage {
  const expires = humanDate(row.expiry);
  return renderMail(
    { name: row.practice_name, logoUrl: null },
    {
      to: row.email,
      subject: `Your ${recordName(row)} expires on ${expires}`,
      greeting: `Hello ${row.first_name},`,
      paragraphs: [
        COMPLIANCE_EXPIRY_NOTIFICATION.content(recordName(row), expires),
        'Sign in and open Learning and development to update the record with its new dates and document.',
      ],
      action: { label: 'Sign in to Halcyon', url },
      after: [
        `You get this e-mail because "${NOTIFICATION_PREFERENCE_LABELS.expiringCompliance}" is on in your notification preferences.`,
      ],
    },
  );
}

/**
 * One notification per record whose expiry falls within COMPLIANCE_REMINDER_DAYS of today (in the practice's time zone),
 * for its member while they are an active member, when the record asks to be reminded. The dedupe key (record and expiry
 * date) makes it once per record and expiry date: a second run on any instance creates nothing, and a renewed record
 * (a new expiry date) is reminded again when its time comes. With `mail`, the member is also e-mailed, once with the
 * notification, unless they turned the e-mail off in their notification preferences. Returns how many it created.
 */
export async function notifyExpiringCompliance(db: Db, now = new Date(), mail?: ExpiryMail): Promise<number> {
  const rows = await rowsOf<ExpiringRow>(
    db,
    sql`select ci.id, ci.practice_id, ci.user_id, ci.kind, ci.body, ci.expiry_date::text as expiry,
               u.email, u.first_name, p.name as practice_name, np.expiring_compliance as wants_email
        from compliance_items ci
        join memberships m on m.practice_id = ci.practice_id and m.user_id = ci.user_id and m.status = 'active'
        join users u on u.id = ci.user_id
        join practices p on p.id = ci.practice_id
        left join notification_preferences np on np.user_id = ci.user_id
        left join practice_details pd on pd.practice_id = ci.practice_id
        cross join lateral (select (${now.toISOString()}::timestamptz
                              at time zone coalesce(pd.time_zone, ${DEFAULT_TIME_ZONE}))::date as today) d
        where ci.remind and ci.expiry_date is not null
          and ci.expiry_date >= d.today
          and ci.expiry_date <= d.today + ${COMPLIANCE_REMINDER_DAYS}::int`,
  );
  if (rows.length === 0) return 0;
  const dedupeKey = (row: ExpiringRow) => `compliance-expiry:${row.id}:${row.expiry}`;
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
          dedupeKey: dedupeKey(row),
        }),
      ),
    )
    .onConflictDoNothing()
    .returning({ key: notifications.dedupeKey });
  if (mail) {
    // Only for the notifications this run created: another run (or instance) that found them there e-mails nobody.
    const told = new Set(created.map((row) => row.key));
    for (const row of rows.filter((r) => told.has(dedupeKey(r)) && r.wants_email !== false)) {
      await mail.mailer.send(complianceExpiryMail(row, `${mail.appUrl}/Login`));
    }
  }
  return created.length;
}

/**
 * Looks for records entering their reminder window every hour (a day starts at local midnight, which differs by practice
 * time zone). `platform` is read when the job runs (the app is built after the job queue is defined).
 */
export function complianceExpiryJob(
  platform: () => Pick<Platform, 'database' | 'mailer' | 'config'> | undefined,
): JobDefinition<object> {
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
      await notifyExpiringCompliance(p.database.db, new Date(), { mailer: p.mailer, appUrl: publicBaseUrl(p.config) });
    },
  };
}
