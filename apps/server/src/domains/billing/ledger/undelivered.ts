import { sql } from 'drizzle-orm';
import { INVOICE_UNDELIVERED_NOTIFICATION } from '@halcyon/api/contract';
import { rowsOf, type Db } from '../../../platform/db';
import type { MailMessage, UndeliveredData } from '../../../platform/mail';
import type { MailFailures } from '../../../platform/mail/failures';
import { notifications } from '../../../schema';
import { notificationValues } from '../../notifications/service';
import { addInvoiceEvent } from './events';

const HANDLER = 'invoice-email';

type What = 'invoice' | 'reminder';

/** An invoice or reminder e-mail that tells the invoice's timeline (and whoever sent it) when it could not be delivered. */
export function tellIfUndelivered(
  mail: MailMessage,
  invoice: { practiceId: number; invoiceId: number; number: string | null; recipientName: string },
  what: What,
  actorId: number | null,
): MailMessage {
  return {
    ...mail,
    undelivered: {
      handler: HANDLER,
      data: { ...invoice, what, actorId, recipient: mail.to },
    },
  };
}

/**
 * After the last try: the timeline says the e-mail did not arrive (so "Sent to …" is not the last word), and the member
 * who sent it (for a rule's reminder, the client's therapist, else the Admins) gets a warning linking to the invoice.
 */
async function recordUndelivered(db: Db, data: UndeliveredData): Promise<void> {
  const practiceId = Number(data.practiceId);
  const invoiceId = Number(data.invoiceId);
  const what: What = data.what === 'invoice' ? 'invoice' : 'reminder';
  const number = String(data.number ?? '');
  const recipient = `${String(data.recipientName)} (${String(data.recipient)})`;
  await addInvoiceEvent(db, practiceId, invoiceId, {
    kind: 'undelivered',
    description: `${what === 'invoice' ? 'The invoice e-mail' : 'The payment reminder'} to ${recipient} could not be delivered`,
    recipient: String(data.recipient),
  });
  const actorId = data.actorId === null ? null : Number(data.actorId);
  const recipients = await rowsOf<{ user_id: number }>(
    db,
    sql`select m.user_id from invoices i join clients c on c.id = i.client_id
          join memberships m on m.practice_id = i.practice_id and m.status = 'active'
        where i.id = ${invoiceId} and i.practice_id = ${practiceId}
          and (${
            actorId === null
              ? sql`m.user_id = c.therapist_id or (c.therapist_id is null and m.role = 'Admin')`
              : sql`m.user_id = ${actorId}`
          })`,
  );
  if (recipients.length === 0) return;
  await db.insert(notifications).values(
    recipients.map((row) =>
      notificationValues({
        practiceId,
        userId: Number(row.user_id),
        title: INVOICE_UNDELIVERED_NOTIFICATION.title,
        content: INVOICE_UNDELIVERED_NOTIFICATION.content(what, number, recipient),
        category: 'billing',
        severity: 'warning',
        link: `/Billing/${invoiceId}`,
      }),
    ),
  );
}

/** Registers the ledger's handler for its undelivered e-mails. */
export function onUndeliveredInvoiceMail(failures: MailFailures, db: Db): void {
  failures.on(HANDLER, (data) => recordUndelivered(db, data));
}
