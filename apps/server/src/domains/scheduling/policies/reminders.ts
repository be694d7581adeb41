import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_REMINDER_OFFSETS,
  REMINDER_FAILED_NOTIFICATION,
  type SessionLocationKind,
} from '@halcyon/api/contract';
import { formatWhen } from '@halcyon/api/time';
import type { Platform } from '../../../platform/context';
import { iso, rowsOf, type Db } from '../../../platform/db';
import type { JobDefinition, Jobs } from '../../../platform/jobs';
import type { MailMessage, MailTransport } from '../../../platform/mail';
import type { Mailer } from '../../../platform/mail/mailer';
import { renderMail } from '../../../platform/mail/templates';
import { notifications } from '../../../schema';
import { notificationValues } from '../../notifications/service';
import { sessionReminderMail } from '../../sessions/mail';
import { practiceEmailTemplate, renderTemplatedMail } from '../../workspace/templates';
import { formatWhenForMail } from '../../../platform/mail/when';
import { sessionReminders } from './schema';

export const REMINDERS_DUE_QUEUE = 'session-reminders-due';
export const REMINDER_SEND_QUEUE = 'session-reminder-send';

/** A reminder whose time passed less than this long ago is still sent (a restart, a missed run); an older one is not. */
export const REMINDER_CATCH_UP_MINUTES = 60;
/** A claimed reminder whose worker vanished (a crash) may be claimed again after this long. */
const CLAIM_EXPIRES_MINUTES = 10;
/** How often a reminder's e-mail is tried again, the first pause in seconds (doubled each time): about 15 minutes. */
export const REMINDER_RETRY = { limit: 4, delaySeconds: 60 } as const;

const DEFAULT_OFFSETS_SQL = sql.raw(`array[${DEFAULT_REMINDER_OFFSETS.join(',')}]::int[]`);

/**
 * Stores the reminders that are due now and answers their ids with those of earlier ones still waiting for a worker.
 * A session is reminded while it is scheduled, for a client with e-mail reminders on and an e-mail address, at each of
 * the practice's reminder times and at the lead time on the client's record. The unique key (session, offset, start)
 * means each is stored once: a second run, on any instance, adds nothing; a moved session's new start gets new ones;
 * a cancelled one gets none. A reminder whose time passed more than REMINDER_CATCH_UP_MINUTES ago (a session booked
 * at short notice) is not sent late.
 */
export async function queueDueReminders(db: Db, now = new Date()): Promise<number[]> {
  const at = now.toISOString();
  const inserted = await rowsOf<{ id: number }>(
    db,
    sql`insert into session_reminders (practice_id, session_id, offset_minutes, starts_at)
      select distinct s.practice_id, s.id, o.minutes, s.starts_at
      from client_sessions s
      join clients c on c.id = s.client_id and c.practice_id = s.practice_id
      join client_reminder_preferences r on r.client_id = c.id and r.practice_id = s.practice_id and r.email_reminders
      left join scheduling_preferences sp on sp.practice_id = s.practice_id
      cross join lateral unnest(coalesce(sp.reminder_offsets_minutes, ${DEFAULT_OFFSETS_SQL})
                                || array[r.lead_time_hours * 60]) as o(minutes)
      where s.status = 'scheduled'
        and s.starts_at > ${at}::timestamptz
        and s.starts_at <= ${at}::timestamptz + make_interval(mins => o.minutes)
        and s.starts_at > ${at}::timestamptz + make_interval(mins => o.minutes - ${REMINDER_CATCH_UP_MINUTES})
        and coalesce(c.email, '') <> ''
      on conflict do nothing
      returning id`,
  );
  const waiting = await db
    .select({ id: sessionReminders.id })
    .from(sessionReminders)
    .where(
      and(
        eq(sessionReminders.status, 'queued'),
        sql`${sessionReminders.createdAt} < ${at}::timestamptz - make_interval(mins => ${CLAIM_EXPIRES_MINUTES})`,
        sql`${sessionReminders.startsAt} > ${at}::timestamptz`,
      ),
    );
  return [...new Set([...inserted.map((row) => Number(row.id)), ...waiting.map((row) => row.id)])];
}

interface ReminderDetails {
  reminder_id: number;
  practice_id: number;
  session_id: number;
  client_id: number;
  reminder_starts_at: unknown;
  session_starts_at: unknown;
  status: string;
  service_name: string;
  location_kind: string;
  location: string;
  video_link: string | null;
  therapist_id: number | null;
  therapist_name: string | null;
  client_email: string | null;
  client_name: string;
  client_last_name: string;
  email_reminders: boolean | null;
  practice_name: string;
  practice_logo_url: string | null;
  time_zone: string | null;
  policy: string | null;
}

async function detailsOf(db: Db, reminderId: number): Promise<ReminderDetails | undefined> {
  const [row] = await rowsOf<ReminderDetails>(
    db,
    sql`select sr.id as reminder_id, s.practice_id, s.id as session_id, s.client_id,
          sr.starts_at as reminder_starts_at, s.starts_at as session_starts_at, s.status, s.service_name,
          s.location_kind, s.location, s.video_link, s.therapist_id,
          nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as therapist_name,
          c.email as client_email, coalesce(nullif(c.preferred_name, ''), c.first_name) as client_name,
          c.last_name as client_last_name, p.logo_url as practice_logo_url,
          r.email_reminders, p.name as practice_name, pd.time_zone,
          (select nullif(cr.message, '') from cancellation_rules cr
            where cr.practice_id = s.practice_id and cr.message <> ''
            order by cr.trigger_hours desc nulls first, cr.id limit 1) as policy
        from session_reminders sr
        join client_sessions s on s.id = sr.session_id
        join clients c on c.id = s.client_id
        join practices p on p.id = s.practice_id
        left join practice_details pd on pd.practice_id = s.practice_id
        left join users u on u.id = s.therapist_id
        left join client_reminder_preferences r on r.client_id = c.id
        where sr.id = ${reminderId}`,
  );
  return row;
}

/**
 * The reminder in the practice's own words, its merge fields filled in; Halcyon adds the button to join a video session
 * and the cancellation policy's words under them, as in its own reminder.
 */
function ownReminderMail(
  template: { subject: string; body: string },
  d: ReminderDetails,
  to: string,
  when: string,
): MailMessage {
  const where =
    d.location_kind === 'video' ? 'by video' : d.location_kind === 'phone' ? 'by phone' : d.location || d.practice_name;
  return renderTemplatedMail(template, {
    to,
    brand: { name: d.practice_name, logoUrl: d.practice_logo_url },
    values: {
      'client.firstName': d.client_name,
      'client.lastName': d.client_last_name,
      'client.fullName': `${d.client_name} ${d.client_last_name}`.trim(),
      'practice.name': d.practice_name,
      'therapist.name': d.therapist_name ?? d.practice_name,
      'session.start': when,
      'session.location': where,
    },
    ...(d.location_kind === 'video' && d.video_link
      ? { action: { label: 'Join the session', url: d.video_link } }
      : {}),
    ...(d.policy ? { after: [d.policy] } : {}),
  });
}

const setStatus = (db: Db, id: number, status: 'queued' | 'sent' | 'skipped' | 'failed') =>
  db
    .update(sessionReminders)
    .set({ status, updatedAt: new Date(), ...(status === 'sent' ? { sentAt: new Date() } : {}) })
    .where(eq(sessionReminders.id, id));

/** A member told that a reminder failed, and whether their notification preferences want an e-mail about it too. */
interface Recipient {
  userId: number;
  email: string;
  firstName: string;
  wantsEmail: boolean;
}

/**
 * The members told when a reminder fails: the session's therapist, or the practice's Admins when it has none; each with
 * their "Reminders that could not be sent" preference (on until they turn it off).
 */
async function recipientsOf(db: Db, practiceId: number, therapistId: number | null): Promise<Recipient[]> {
  const rows = await rowsOf<{ user_id: number; email: string; first_name: string; wanted: boolean | null }>(
    db,
    sql`select m.user_id, u.email, u.first_name, np.failed_reminders as wanted
        from memberships m
        join users u on u.id = m.user_id
        left join notification_preferences np on np.user_id = m.user_id
        where m.practice_id = ${practiceId} and m.status = 'active'
          and (m.user_id = ${therapistId} or (${therapistId}::int is null and m.role = 'Admin'))`,
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    email: row.email,
    firstName: row.first_name,
    wantsEmail: row.wanted !== false,
  }));
}

/**
 * The e-mail a member gets about a failed reminder (with the notification). It names no client: who it was is read
 * after signing in, from the notification.
 */
export function reminderFailedMail(
  practiceName: string,
  to: Pick<Recipient, 'email' | 'firstName'>,
  when: string,
  url: string,
): MailMessage {
  return renderMail(
    { name: practiceName, logoUrl: null },
    {
      to: to.email,
      subject: 'A session reminder could not be sent',
      greeting: `Hello ${to.firstName},`,
      paragraphs: [
        `The e-mail reminder of a client's session on ${when} could not be delivered, even after several tries. Please remind them another way.`,
        'Sign in to see which client it is: your notifications link to their sessions.',
      ],
      action: { label: 'Sign in to Halcyon', url },
      after: ['You get this e-mail because "Reminders that could not be sent" is on in your notification preferences.'],
    },
  );
}

/**
 * How reminders go out: `transport` e-mails the client (and throws, so the queue retries); `team` is the app's mailer,
 * which tells the team of a reminder that failed for good, with a link to `appUrl`.
 */
export interface ReminderMail {
  transport: Pick<MailTransport, 'deliver'>;
  team: Pick<Mailer, 'send'>;
  appUrl: string;
}

export type ReminderOutcome = 'sent' | 'skipped' | 'failed';

/**
 * Sends one stored reminder. It is claimed first (a conditional update), so a reminder is e-mailed once however many
 * workers see it. A session that is no longer scheduled at the start the reminder was for, a client without consent or
 * address, or a start already past: skipped. A failed delivery throws for the queue to retry; on the `last` attempt it
 * is marked failed and the session's therapist gets a notification instead (SPEC.md: failed reminders), and an e-mail
 * about it when their notification preferences allow.
 */
export async function sendReminder(
  db: Db,
  { transport, team, appUrl }: ReminderMail,
  reminderId: number,
  attempt: { last: boolean },
  now = new Date(),
): Promise<ReminderOutcome> {
  const claimed = await db
    .update(sessionReminders)
    .set({ status: 'sending', attempts: sql`${sessionReminders.attempts} + 1`, claimedAt: now, updatedAt: now })
    .where(
      and(
        eq(sessionReminders.id, reminderId),
        sql`(${sessionReminders.status} = 'queued' or (${sessionReminders.status} = 'sending'
          and ${sessionReminders.claimedAt} < ${now.toISOString()}::timestamptz - make_interval(mins => ${CLAIM_EXPIRES_MINUTES})))`,
      ),
    )
    .returning({ id: sessionReminders.id });
  if (claimed.length === 0) return 'skipped';
  const d = await detailsOf(db, reminderId);
  const startsAt = d ? new Date(iso(d.session_starts_at)) : null;
  // Still the session it was for: scheduled, at the start it was queued for, not begun, for a client who consents.
  if (
    !d ||
    !startsAt ||
    d.status !== 'scheduled' ||
    startsAt.getTime() !== new Date(iso(d.reminder_starts_at)).getTime() ||
    startsAt.getTime() <= now.getTime() ||
    d.email_reminders !== true ||
    !d.client_email
  ) {
    await setStatus(db, reminderId, 'skipped');
    return 'skipped';
  }
  const timeZone = d.time_zone ?? 'Europe/London';
  const clientWhen = formatWhenForMail(startsAt, timeZone, now);
  // The practice's own reminder (Settings > Template-library) when it wrote one; else Halcyon's.
  const own = await practiceEmailTemplate(db, d.practice_id, 'session-reminder');
  try {
    await transport.deliver(
      own
        ? ownReminderMail(own, d, d.client_email, clientWhen)
        : sessionReminderMail(
            {
              practiceName: d.practice_name,
              to: d.client_email,
              clientName: d.client_name,
              therapistName: d.therapist_name ?? d.practice_name,
              serviceName: d.service_name,
              when: clientWhen,
              locationKind: d.location_kind as SessionLocationKind,
              location: d.location,
              videoLink: d.video_link,
            },
            d.policy,
          ),
    );
  } catch (error) {
    if (!attempt.last) {
      await setStatus(db, reminderId, 'queued');
      throw error;
    }
    await setStatus(db, reminderId, 'failed');
    const recipients = await recipientsOf(db, d.practice_id, d.therapist_id);
    const when = formatWhen(startsAt, timeZone);
    if (recipients.length > 0) {
      const told = await db
        .insert(notifications)
        .values(
          recipients.map(({ userId }) =>
            notificationValues({
              practiceId: d.practice_id,
              userId,
              title: REMINDER_FAILED_NOTIFICATION.title,
              content: REMINDER_FAILED_NOTIFICATION.content(d.client_name, when),
              category: 'reminder',
              severity: 'warning',
              link: `/Clients/${d.client_id}?tab=sessions`,
              dedupeKey: `session-reminder-failed:${reminderId}`,
            }),
          ),
        )
        .onConflictDoNothing()
        .returning({ userId: notifications.userId });
      // Once per member, with the notification (a second worker's attempt found it there and e-mails nobody).
      const notified = new Set(told.map((row) => row.userId));
      for (const recipient of recipients.filter((r) => r.wantsEmail && notified.has(r.userId))) {
        await team.send(reminderFailedMail(d.practice_name, recipient, when, `${appUrl}/Login`));
      }
    }
    return 'failed';
  }
  await setStatus(db, reminderId, 'sent');
  return 'sent';
}

/**
 * The reminder jobs (ARCHITECTURE.md: reminders run on the job queue). Every 5 minutes the due reminders are stored and
 * each is sent as its own job, retried with backoff (REMINDER_RETRY) when the e-mail fails; `platform` is read when a
 * job runs (the app is built after the queue is defined), `transport` delivers (and throws, so the queue retries); the
 * platform's mailer tells the team of a reminder that failed for good.
 */
export function sessionReminderJobs(
  jobs: Pick<Jobs, 'send'>,
  platform: () => Pick<Platform, 'database' | 'mailer' | 'config'> | undefined,
  transport: Pick<MailTransport, 'deliver'>,
): [JobDefinition<object>, JobDefinition<{ reminderId: number }>] {
  const ready = () => {
    const p = platform();
    if (!p) throw new Error('the app is not ready yet');
    return p;
  };
  const db = () => ready().database.db;
  const mail = (): ReminderMail => {
    const { mailer, config } = ready();
    const appUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
    return { transport, team: mailer, appUrl };
  };
  return [
    {
      name: REMINDERS_DUE_QUEUE,
      retryLimit: 2,
      retryDelaySeconds: 30,
      retryBackoff: true,
      expireInSeconds: 4 * 60,
      cron: '*/5 * * * *',
      handler: async () => {
        for (const reminderId of await queueDueReminders(db())) {
          await jobs.send(REMINDER_SEND_QUEUE, { reminderId }, { singletonKey: `session-reminder:${reminderId}` });
        }
      },
    },
    {
      name: REMINDER_SEND_QUEUE,
      retryLimit: REMINDER_RETRY.limit,
      retryDelaySeconds: REMINDER_RETRY.delaySeconds,
      retryBackoff: true,
      expireInSeconds: 2 * 60,
      handler: async ({ reminderId }, job) => {
        await sendReminder(db(), mail(), reminderId, { last: job.retryCount >= REMINDER_RETRY.limit });
      },
    },
  ];
}
