import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  INVOICE_PAID_NOTIFICATION,
  PAYMENT_METHOD_LABELS,
  paymentDocumentType,
  type PaymentDetails,
  type PaymentKind,
  type PaymentListQuery,
  type PaymentMethod,
  type PaymentPage,
  type Payment,
} from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { iso, renderedSql, rowsOf, type Db } from '../../../platform/db';
import { searchConditions } from '../../../platform/db/paging';
import { badRequest, notFound } from '../../../platform/errors';
import { idempotent, type IdempotentResult } from '../../../platform/http/idempotency';
import { notifications } from '../../../schema';
import { notificationValues } from '../../notifications/service';
import { addInvoiceEvent } from './events';
import { CLIENT_NAME_SQL, invoiceRow, outstandingOf } from './figures';
import { paymentAllocations, payments } from './schema';

/**
 * Payments and advance payments. A payment settles one or several of the client's issued invoices (each at most what it
 * still owes) and the rest of it is the client's credit; an advance payment is all credit, which invoices issued later
 * use (invoices.ts, applyClientCredit). Every write goes through `idempotent`: a retried request records nothing twice.
 */

export interface PaymentInput {
  clientId: number;
  amountMinor: number;
  currency: string;
  /** `YYYY-MM-DD`. */
  date: string;
  method: PaymentMethod;
  reference: string;
  /** The invoices it settles and how much each takes (none for an advance payment). */
  allocations: readonly { invoiceId: number; amountMinor: number }[];
  /** 'payment' unless an advance payment. */
  kind?: PaymentKind;
  /** 'manual' (a member recorded it, the default) or 'online' (the payment provider did). */
  source?: 'manual' | 'online';
  /** The member who records it; null for the payment provider. */
  actorId?: number | null;
}

const M = BILLING_MESSAGES;

/**
 * Records a payment once per idempotency key (billing-online calls this from its webhook with the provider's event id).
 * Bad input is a 400 naming the field: an invoice not the client's or not issued, in another currency, or asked to take
 * more than it owes. Answers the payment with its allocations.
 */
export async function recordPayment(
  db: Db,
  practiceId: number,
  input: PaymentInput,
  idempotencyKey: string | null,
): Promise<PaymentDetails> {
  return (await recordPaymentOnce(db, practiceId, input, idempotencyKey)).result;
}

/** recordPayment, also saying whether this was a retry answered from the stored answer. */
export function recordPaymentOnce(
  db: Db,
  practiceId: number,
  input: PaymentInput,
  idempotencyKey: string | null,
): Promise<IdempotentResult<PaymentDetails>> {
  return idempotent(db, { practiceId, key: idempotencyKey, route: 'payment', request: input }, (tx) =>
    writePayment(tx, practiceId, input),
  );
}

/** Records a payment inside `tx` (the caller holds the idempotency key): see recordPayment. */
export async function writePayment(tx: Db, practiceId: number, input: PaymentInput): Promise<PaymentDetails> {
  const kind = input.kind ?? 'payment';
  const clientMissing = () => badRequest(M.clientMissing, { clientId: M.clientMissing });
  // With invoices to settle, the client is checked before them (their checks name the client's invoices); without, the
  // insert below checks it.
  if (input.allocations.length > 0) {
    const [client] = await rowsOf<{ id: number }>(
      tx,
      sql`select id from clients where id = ${input.clientId} and practice_id = ${practiceId}`,
    );
    if (!client) throw clientMissing();
  }
  // Lock the invoices in id order (no deadlock between two payments of the same invoices), then check each.
  const ordered = [...input.allocations].sort((a, b) => a.invoiceId - b.invoiceId);
  const checked: { invoiceId: number; amountMinor: number; number: string; owed: number }[] = [];
  for (const allocation of ordered) {
    const index = input.allocations.indexOf(allocation);
    const field = (name: string, message: string) => badRequest(message, { [`allocations.${index}.${name}`]: message });
    const row = await invoiceRow(tx, practiceId, allocation.invoiceId, { forUpdate: true });
    if (!row || row.client_id !== input.clientId || row.kind !== 'invoice' || !['saved', 'sent'].includes(row.status)) {
      throw field('invoiceId', M.notClientsInvoice);
    }
    const number = row.number ?? '';
    if (row.currency !== input.currency)
      throw field('invoiceId', M.paymentCurrency(number, row.currency, input.currency));
    const owed = outstandingOf(row);
    if (allocation.amountMinor > owed) {
      throw field('amountMinor', M.overAllocated(number, formatMoney(Math.max(owed, 0), row.currency)));
    }
    checked.push({ ...allocation, number, owed });
  }
  const [payment] = await insertPayment(tx, {
    practiceId,
    clientId: input.clientId,
    kind,
    method: input.method,
    reference: input.reference,
    amountMinor: input.amountMinor,
    currency: input.currency,
    date: input.date,
    source: input.source ?? 'manual',
    createdBy: input.actorId ?? null,
  });
  if (!payment) throw clientMissing();
  const paymentId = payment.id;
  const paidInFull: { invoiceId: number; number: string; amountMinor: number }[] = [];
  for (const allocation of checked) {
    await tx.insert(paymentAllocations).values({
      practiceId,
      paymentId,
      invoiceId: allocation.invoiceId,
      amountMinor: allocation.amountMinor,
    });
    await addInvoiceEvent(tx, practiceId, allocation.invoiceId, {
      kind: 'payment',
      description: `Payment of ${formatMoney(allocation.amountMinor, input.currency)} by ${PAYMENT_METHOD_LABELS[input.method].toLowerCase()} recorded`,
      actorId: input.actorId ?? null,
      amountMinor: allocation.amountMinor,
      currency: input.currency,
    });
    if (allocation.amountMinor === allocation.owed) {
      paidInFull.push(allocation);
      await addInvoiceEvent(tx, practiceId, allocation.invoiceId, {
        kind: 'paid',
        description: `Invoice ${allocation.number} paid in full`,
        actorId: input.actorId ?? null,
      });
    }
  }
  if (input.source === 'online' && paidInFull.length > 0) await notifyPaid(tx, practiceId, input, paidInFull);
  return paymentDetails(tx, practiceId, paymentId);
}

/**
 * A payment's row, inserted only for a client of the practice (none: no row), its SQL rendered once: recording a payment
 * is a desk's most frequent write, and building the insert cost the server more than PostgreSQL running it.
 */
const insertPayment = renderedSql<{ id: number }>(
  sql`insert into payments (practice_id, client_id, kind, method, reference, amount_minor, currency, date, source, created_by)
      select c.practice_id, c.id, ${sql.placeholder('kind')}, ${sql.placeholder('method')}, ${sql.placeholder('reference')},
        ${sql.placeholder('amountMinor')}, ${sql.placeholder('currency')}, ${sql.placeholder('date')}::date,
        ${sql.placeholder('source')}, ${sql.placeholder('createdBy')}::int
      from clients c where c.id = ${sql.placeholder('clientId')} and c.practice_id = ${sql.placeholder('practiceId')}
      returning id`,
);

/**
 * The notification of an invoice paid in full online (CATALOG.md Notifications: paid invoices) for the client's
 * therapist, else the Admins; a payment a member records tells nobody.
 */
async function notifyPaid(
  tx: Db,
  practiceId: number,
  input: PaymentInput,
  paid: readonly { invoiceId: number; number: string; amountMinor: number }[],
): Promise<void> {
  const recipients = await rowsOf<{ user_id: number; payer: string }>(
    tx,
    sql`select m.user_id, trim(c.first_name || ' ' || coalesce(c.last_name, '')) as payer
        from clients c join memberships m on m.practice_id = c.practice_id and m.status = 'active'
        where c.id = ${input.clientId} and c.practice_id = ${practiceId}
          and (m.user_id = c.therapist_id or (c.therapist_id is null and m.role = 'Admin'))`,
  );
  if (recipients.length === 0) return;
  await tx
    .insert(notifications)
    .values(
      paid.flatMap((invoice) =>
        recipients.map((recipient) =>
          notificationValues({
            practiceId,
            userId: Number(recipient.user_id),
            title: INVOICE_PAID_NOTIFICATION.title,
            content: INVOICE_PAID_NOTIFICATION.content(
              invoice.number,
              recipient.payer,
              // What settled this invoice: one payment can settle several.
              formatMoney(invoice.amountMinor, input.currency),
            ),
            category: 'billing',
            link: `/Billing/${invoice.invoiceId}`,
            dedupeKey: `invoice-paid:${invoice.invoiceId}`,
          }),
        ),
      ),
    )
    .onConflictDoNothing();
}

// ---- reads ------------------------------------------------------------------------------------------------------------

interface PaymentRow {
  id: number;
  kind: PaymentKind;
  client_id: number;
  client_name: string;
  amount_minor: number;
  currency: string;
  date: string;
  method: PaymentMethod;
  reference: string;
  allocated_minor: number;
  created_at: unknown;
}

const PAYMENT_COLUMNS = sql`p.id, p.kind, p.client_id, ${CLIENT_NAME_SQL} as client_name, p.amount_minor, p.currency,
  p.date::text as date, p.method, p.reference, p.created_at,
  coalesce((select sum(a.amount_minor) from payment_allocations a where a.payment_id = p.id), 0)::int as allocated_minor`;

function toPayment(row: PaymentRow): Payment {
  const amount = Number(row.amount_minor);
  const allocated = Number(row.allocated_minor);
  return {
    id: row.id,
    documentId: row.id,
    documentType: paymentDocumentType(row.kind),
    kind: row.kind,
    clientId: row.client_id,
    clientName: row.client_name,
    amountMinor: amount,
    currency: row.currency,
    date: row.date,
    method: row.method,
    reference: row.reference,
    allocatedMinor: allocated,
    unallocatedMinor: amount - allocated,
    createdAt: iso(row.created_at),
  };
}

async function paymentRow(db: Db, practiceId: number, id: number, kind?: PaymentKind): Promise<PaymentRow | undefined> {
  const [row] = await rowsOf<PaymentRow>(
    db,
    sql`select ${PAYMENT_COLUMNS} from payments p join clients c on c.id = p.client_id
        where p.id = ${id} and p.practice_id = ${practiceId} ${kind ? sql`and p.kind = ${kind}` : sql``}`,
  );
  return row;
}

const missingOf = (kind: PaymentKind) => (kind === 'advance' ? M.advancePaymentNotFound : M.paymentNotFound);

/** One payment (or advance payment: `kind`), 404 when it is not the practice's or not of that kind. */
export async function paymentById(db: Db, practiceId: number, id: number, kind?: PaymentKind): Promise<Payment> {
  const row = await paymentRow(db, practiceId, id, kind);
  if (!row) throw notFound(missingOf(kind ?? 'payment'));
  return toPayment(row);
}

/**
 * One payment with the invoices it settles, in one statement rendered once (`renderedSql`: recording a payment answers
 * it inside its transaction); 404 when it is not the practice's or not of that kind.
 */
export async function paymentDetails(
  db: Db,
  practiceId: number,
  id: number,
  kind?: PaymentKind,
): Promise<PaymentDetails> {
  const [row] = await paymentWithAllocations(db, { id, practiceId, kind: kind ?? null });
  if (!row) throw notFound(missingOf(kind ?? 'payment'));
  return { ...toPayment(row), allocations: row.allocations };
}

const paymentWithAllocations = renderedSql<PaymentRow & { allocations: PaymentDetails['allocations'] }>(
  sql`select ${PAYMENT_COLUMNS},
        coalesce((select json_agg(json_build_object('invoiceId', a.invoice_id, 'invoiceNumber', i.number,
                                                    'amountMinor', a.amount_minor) order by a.id)
                  from payment_allocations a join invoices i on i.id = a.invoice_id
                  where a.payment_id = p.id and a.practice_id = p.practice_id), '[]'::json) as allocations
      from payments p join clients c on c.id = p.client_id
      where p.id = ${sql.placeholder('id')} and p.practice_id = ${sql.placeholder('practiceId')}
        and (${sql.placeholder('kind')}::text is null or p.kind = ${sql.placeholder('kind')}::text)`,
);

/** A page of payments, newest date first (keyset on date, id). */
export async function listPayments(
  db: Db,
  practiceId: number,
  query: PaymentListQuery & { limit: number },
): Promise<PaymentPage> {
  const where: SQL[] = [sql`p.practice_id = ${practiceId}`];
  if (query.kind) where.push(sql`p.kind = ${query.kind}`);
  if (query.clientId) where.push(sql`p.client_id = ${query.clientId}`);
  if (query.method) where.push(sql`p.method = ${query.method}`);
  if (query.from) where.push(sql`p.date >= ${query.from}::date`);
  if (query.to) where.push(sql`p.date <= ${query.to}::date`);
  where.push(...searchConditions(query.search, [CLIENT_NAME_SQL, sql`p.reference`]));
  if (query.cursor) {
    const [day, id] = query.cursor.split('.');
    where.push(sql`(p.date, p.id) < (${day}::date, ${Number(id)})`);
  }
  const rows = await rowsOf<PaymentRow>(
    db,
    sql`select ${PAYMENT_COLUMNS} from payments p join clients c on c.id = p.client_id
        where ${sql.join(where, sql` and `)} order by p.date desc, p.id desc limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toPayment),
    nextCursor: rows.length > query.limit && last ? `${last.date}.${last.id}` : null,
  };
}

/** Deletes a payment (or advance payment): the invoices it settled owe that amount again. */
export async function deletePayment(
  db: Db,
  practiceId: number,
  actorId: number | null,
  id: number,
  kind: PaymentKind,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const row = await paymentRow(tx, practiceId, id, kind);
    if (!row) throw notFound(missingOf(kind));
    const allocations = await tx
      .select()
      .from(paymentAllocations)
      .where(and(eq(paymentAllocations.paymentId, id), eq(paymentAllocations.practiceId, practiceId)));
    await tx.delete(payments).where(and(eq(payments.id, id), eq(payments.practiceId, practiceId)));
    const what = kind === 'advance' ? 'Advance payment' : 'Payment';
    for (const allocation of allocations) {
      await addInvoiceEvent(tx, practiceId, allocation.invoiceId, {
        kind: 'payment removed',
        description: `${what} of ${formatMoney(allocation.amountMinor, row.currency)} deleted`,
        actorId,
        amountMinor: allocation.amountMinor,
        currency: row.currency,
      });
    }
    return toPayment(row);
  });
}
