import { sql } from 'drizzle-orm';
import { BILLING_MESSAGES, describeReminderOffset, shiftDate, type LastPaymentReminder } from '@halcyon/api/contract';
import type { Platform } from '../../../platform/context';
import { rowsOf, type Db } from '../../../platform/db';
import { conflict, notFound } from '../../../platform/errors';
import type { JobDefinition } from '../../../platform/jobs';
import type { Mailer } from '../../../platform/mail/mailer';
import { reminderRules } from '../settings';
import { addInvoiceEvent, lastPaymentReminder } from './events';
import { invoiceRow, OPEN_SQL, outstandingOf, practiceFacts } from './figures';
import { reminderMail } from './mail';
import { tellIfUndelivered } from './undelivered';
import { practiceEmailTemplate } from '../../workspace/templates';
import { invoiceDocument, NO_PAY_LINKS, type PayLinks } from './reads';

/**
 * Payment reminders (issue 15 item 7): by hand from the invoice page, and by the practice's reminder rules (Settings >
 * Client-billing: days before or after the due date, an e-mail template) on the job queue. Only an issued, unpaid
 * invoice that is not void is reminded; each rule reminds an invoice once (the timeline's rule event is unique), and the
 * reminder is recorded on the timeline and as the invoice's last payment reminder.
 */

export const INVOICE_REMINDERS_QUEUE = 'invoice-reminders';
/** A rule's day that passed less than this many days ago is still reminded (a restart, a missed run); older ones are not. */
export const REMINDER_CATCH_UP_DAYS = 3;

/** Sends one reminder (by a rule, or by hand when `rule` is null), recording it first: false when the rule had sent it. */
async function remind(
  db: Db,
  mailer: Mailer,
  payLinks: PayLinks,
  practiceId: number,
  invoiceId: number,
  options: {
    rule: { id: number; offsetDays: number; subject: string; body: string } | null;
    actorId: number | null;
    message: string;
  },
): Promise<boolean> {
  const row = await invoiceRow(db, practiceId, invoiceId);
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  if (row.kind !== 'invoice' || !['saved', 'sent'].includes(row.status) || outstandingOf(row) <= 0) {
    throw conflict(BILLING_MESSAGES.reminderNotDue);
  }
  if (!row.bill_to_email) throw conflict(BILLING_MESSAGES.noEmail(row.bill_to_name));
  const recorded = await addInvoiceEvent(db, practiceId, invoiceId, {
    kind: 'reminded',
    description: options.rule
      ? `Reminder sent to ${row.bill_to_name} (${row.bill_to_email}), ${describeReminderOffset(options.rule.offsetDays)}`
      : `Reminder sent to ${row.bill_to_name} (${row.bill_to_email})`,
    actorId: options.actorId,
    ruleId: options.rule?.id ?? null,
    offsetDays: options.rule?.offsetDays ?? null,
    recipient: row.bill_to_email,
  });
  if (!recorded) return false;
  const document = await invoiceDocument(db, practiceId, invoiceId, { draft: false, payLinks });
  // A rule's own words come first; a reminder sent by hand uses the practice's payment-reminder e-mail when it wrote one.
  const own = options.rule ? null : await practiceEmailTemplate(db, practiceId, 'payment-reminder');
  const mail = reminderMail(document, row.bill_to_email, options.rule, options.message, own);
  const invoice = { practiceId, invoiceId, number: row.number, recipientName: row.bill_to_name };
  await mailer.send(tellIfUndelivered(mail, invoice, 'reminder', options.actorId));
  return true;
}

/** A reminder sent by hand (the invoice page's "Send reminder"); never for a paid, void or draft invoice. */
export async function sendReminderNow(
  db: Db,
  mailer: Mailer,
  payLinks: PayLinks,
  practiceId: number,
  actorId: number,
  invoiceId: number,
  message: string,
): Promise<LastPaymentReminder> {
  await remind(db, mailer, payLinks, practiceId, invoiceId, { rule: null, actorId, message });
  return lastPaymentReminder(db, practiceId, invoiceId);
}

/**
 * Sends every reminder that is due: for each practice with rules, each issued, unpaid invoice whose due date plus a
 * rule's offset is today (in the practice's time zone), or a day of the last REMINDER_CATCH_UP_DAYS the job missed, and
 * that the rule has not reminded yet. Answers how many were sent.
 */
export async function sendDueReminders(
  db: Db,
  mailer: Mailer,
  payLinks: PayLinks = NO_PAY_LINKS,
  now: Date = new Date(),
): Promise<number> {
  const practices = await rowsOf<{ practice_id: number }>(
    db,
    sql`select distinct practice_id from invoice_reminder_rules where enabled`,
  );
  let sent = 0;
  for (const { practice_id: practiceId } of practices) {
    const facts = await practiceFacts(db, practiceId, now);
    for (const rule of await reminderRules(db, practiceId)) {
      // The rule's day (due date + offset) is today or at most REMINDER_CATCH_UP_DAYS ago.
      const latestDue = shiftDate(facts.today, { days: -rule.offsetDays });
      const earliestDue = shiftDate(latestDue, { days: -REMINDER_CATCH_UP_DAYS });
      const due = await rowsOf<{ id: number }>(
        db,
        sql`select i.id from invoices i
            where i.practice_id = ${practiceId} and ${OPEN_SQL('i')} and i.due_date between ${earliestDue}::date and ${latestDue}::date
              and i.bill_to_email is not null
              and i.gross_minor > coalesce((select sum(a.amount_minor) from payment_allocations a where a.invoice_id = i.id), 0)
                + coalesce((select sum(cn.gross_minor) from invoices cn
                    where cn.credits_invoice_id = i.id and cn.status in ('saved', 'sent')), 0)
              and not exists (select 1 from invoice_events e where e.invoice_id = i.id and e.rule_id = ${rule.id})
            order by i.id`,
      );
      for (const { id } of due) {
        if (await remind(db, mailer, payLinks, practiceId, id, { rule, actorId: null, message: '' })) sent += 1;
      }
    }
  }
  return sent;
}

/** The reminder job: hourly, the due reminders of every practice are sent (ARCHITECTURE.md: reminders on the job queue). */
export function invoiceReminderJob(
  platform: () => Platform | undefined,
  payLinksOf: (platform: Platform) => PayLinks = () => NO_PAY_LINKS,
): JobDefinition<object> {
  return {
    name: INVOICE_REMINDERS_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    cron: '7 * * * *',
    handler: async () => {
      const p = platform();
      if (!p) throw new Error('the app is not ready yet');
      await sendDueReminders(p.database.db, p.mailer, payLinksOf(p));
    },
  };
}
