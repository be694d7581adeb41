import { sql } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  type InvoiceEvent,
  type InvoiceEventKind,
  type LastPaymentReminder,
} from '@halcyon/api/contract';
import { iso, isoOrNull, rowsOf, type Db } from '../../../platform/db';
import { notFound } from '../../../platform/errors';
import { invoiceEvents } from './schema';

export interface NewInvoiceEvent {
  kind: InvoiceEventKind;
  /** The sentence the timeline shows: "Sent to Maya Patel (maya@example.com)". */
  description: string;
  /** The member who did it; null for the client, the job queue or the payment provider. */
  actorId?: number | null;
  amountMinor?: number | null;
  currency?: string | null;
  /** A reminder sent by a rule: the rule (once per invoice), its offset and the recipient. */
  ruleId?: number | null;
  offsetDays?: number | null;
  recipient?: string | null;
  at?: Date;
}

/**
 * Adds an event to an invoice's timeline (`recordInvoiceViewed` records `viewed` when the client opens the pay page). A rule's
 * reminder is recorded once per invoice and rule: a second one adds nothing and answers false.
 */
export async function addInvoiceEvent(
  db: Db,
  practiceId: number,
  invoiceId: number,
  event: NewInvoiceEvent,
): Promise<boolean> {
  const rows = await db
    .insert(invoiceEvents)
    .values({
      practiceId,
      invoiceId,
      kind: event.kind,
      description: event.description,
      actorId: event.actorId ?? null,
      amountMinor: event.amountMinor ?? null,
      currency: event.currency ?? null,
      ruleId: event.ruleId ?? null,
      offsetDays: event.offsetDays ?? null,
      recipient: event.recipient ?? null,
      ...(event.at && { at: event.at }),
    })
    .onConflictDoNothing()
    .returning({ id: invoiceEvents.id });
  return rows.length > 0;
}

/**
 * Records that the invoice was opened from its e-mailed pay link: once after each sending or reminder (a client who
 * opens the page five times, or reloads it after paying, adds one "viewed", not five). One statement, so two opens at
 * once add at most what one would in nearly every case.
 */
export async function recordInvoiceViewed(
  db: Db,
  practiceId: number,
  invoiceId: number,
  number: string,
): Promise<void> {
  await db.execute(sql`insert into ${invoiceEvents} (practice_id, invoice_id, kind, description)
    select ${practiceId}, ${invoiceId}, 'viewed', ${`Invoice ${number} opened from its e-mailed pay link`}
    where coalesce((select kind from ${invoiceEvents}
      where invoice_id = ${invoiceId} and practice_id = ${practiceId} and kind in ('sent', 'reminded', 'viewed')
      order by at desc, id desc limit 1), '') <> 'viewed'`);
}

interface EventRow {
  id: number;
  invoice_id: number;
  kind: InvoiceEventKind;
  at: unknown;
  actor_name: string | null;
  description: string;
  amount_minor: number | null;
  currency: string | null;
}

const EVENT_COLUMNS = sql`e.id, e.invoice_id, e.kind, e.at, e.description, e.amount_minor, e.currency,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as actor_name`;

const toEvent = (row: EventRow): InvoiceEvent => ({
  id: row.id,
  invoiceId: row.invoice_id,
  kind: row.kind,
  at: iso(row.at),
  actorName: row.actor_name,
  description: row.description,
  amountMinor: row.amount_minor === null ? null : Number(row.amount_minor),
  currency: row.currency,
});

/** An invoice's timeline, oldest first (the invoice must be the practice's: 404 otherwise). */
export async function invoiceTimeline(db: Db, practiceId: number, invoiceId: number): Promise<InvoiceEvent[]> {
  const [exists] = await rowsOf<{ id: number }>(
    db,
    sql`select id from invoices where id = ${invoiceId} and practice_id = ${practiceId}`,
  );
  if (!exists) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  const rows = await rowsOf<EventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from invoice_events e left join users u on u.id = e.actor_id
        where e.invoice_id = ${invoiceId} and e.practice_id = ${practiceId} order by e.at, e.id`,
  );
  return rows.map(toEvent);
}

export async function invoiceEvent(db: Db, practiceId: number, id: number): Promise<InvoiceEvent> {
  const [row] = await rowsOf<EventRow>(
    db,
    sql`select ${EVENT_COLUMNS} from invoice_events e left join users u on u.id = e.actor_id
        where e.id = ${id} and e.practice_id = ${practiceId}`,
  );
  if (!row) throw notFound(BILLING_MESSAGES.eventNotFound);
  return toEvent(row);
}

/** The last payment reminder of an invoice and how many it has had (null fields when none). */
export async function lastPaymentReminder(db: Db, practiceId: number, invoiceId: number): Promise<LastPaymentReminder> {
  const [row] = await rowsOf<{
    id: number;
    at: unknown;
    offset_days: number | null;
    recipient: string | null;
    count: number;
  }>(
    db,
    sql`select i.id, last.at, last.offset_days, last.recipient,
          (select count(*) from invoice_events r where r.invoice_id = i.id and r.kind = 'reminded')::int as count
        from invoices i
        left join lateral (select e.at, e.offset_days, e.recipient from invoice_events e
          where e.invoice_id = i.id and e.kind = 'reminded' order by e.at desc, e.id desc limit 1) last on true
        where i.id = ${invoiceId} and i.practice_id = ${practiceId}`,
  );
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return {
    invoiceId: row.id,
    sentAt: isoOrNull(row.at),
    offsetDays: row.offset_days === null ? null : Number(row.offset_days),
    to: row.recipient,
    count: Number(row.count),
  };
}
