import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BILLING_MESSAGES,
  dateOrderMessage,
  formatInvoiceNumber,
  shiftDate,
  type createInvoiceBodySchema,
  type CreditNoteBody,
  type updateDraftInvoiceBodySchema,
} from '@halcyon/api/contract';
import { formatMoney, invoiceTotals } from '@halcyon/api/money';
import { hasSqlState, rowsOf, type Db } from '../../../platform/db';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { billingSettingsOf, defaultAccount, insuranceProviderById, invoiceAccountById } from '../settings';
import { addInvoiceEvent } from './events';
import { invoiceRow, outstandingOf, practiceFacts, type InvoiceRow } from './figures';
import { resolveLines, type ResolvedLine } from './lines';
import { invoiceLines, invoiceNumberCounters, invoices, paymentAllocations } from './schema';

/**
 * Invoices and credit notes: drafts (created and changed freely), issuing (saved or sent: the practice's next number in
 * the same transaction, never reused or skipped), voiding (keeps the number) and credit notes (the only change to an
 * issued invoice). `actorId` is the member who does it.
 */

type InvoiceFields = Omit<z.output<typeof updateDraftInvoiceBodySchema>, 'version'>;
export type CreateInvoiceInput = z.output<typeof createInvoiceBodySchema>;

export interface Actor {
  practiceId: number;
  /** The member; null for the job queue or the payment provider. */
  userId: number | null;
}

// ---- numbers ----------------------------------------------------------------------------------------------------------

/**
 * The practice's next number of a kind, taken inside the issuing transaction: the counter's row is locked by the UPDATE
 * until the transaction ends, so concurrent issues queue behind it, and a rollback gives the number back.
 */
export async function allocateNumber(tx: Db, practiceId: number, kind: 'invoice' | 'credit_note'): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumberCounters)
    .values({ practiceId, kind, next: 2 })
    .onConflictDoUpdate({
      target: [invoiceNumberCounters.practiceId, invoiceNumberCounters.kind],
      set: { next: sql`${invoiceNumberCounters.next} + 1` },
    })
    .returning({ next: invoiceNumberCounters.next });
  return row!.next - 1;
}

// ---- drafts -----------------------------------------------------------------------------------------------------------

interface BillTo {
  kind: InvoiceFields['billToKind'];
  contactId: number | null;
  insurerId: number | null;
  name: string;
  email: string | null;
  address: string;
  reference: string | null;
}

const joinLines = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join('\n');

/** Who the invoice is addressed to, as it will be printed: the client, the client's contact, or an insurer. */
async function resolveBillTo(db: Db, practiceId: number, body: InvoiceFields): Promise<BillTo> {
  const [client] = await rowsOf<{
    name: string;
    email: string | null;
    line1: string | null;
    line2: string | null;
    city: string | null;
    region: string | null;
    postcode: string | null;
  }>(
    db,
    sql`select trim(c.first_name || ' ' || coalesce(c.last_name, '')) as name, c.email,
          a.line1, a.line2, a.city, a.region, a.postcode
        from clients c left join client_addresses a on a.client_id = c.id
        where c.id = ${body.clientId} and c.practice_id = ${practiceId}`,
  );
  if (!client) throw badRequest(BILLING_MESSAGES.clientMissing, { clientId: BILLING_MESSAGES.clientMissing });
  const base = { kind: body.billToKind, contactId: null, insurerId: null, reference: null };
  if (body.billToKind === 'contact') {
    const [contact] = await rowsOf<{ id: number; name: string; email: string | null; address: string | null }>(
      db,
      sql`select id, name, email, address from client_relationships
          where id = ${body.contactId} and client_id = ${body.clientId} and practice_id = ${practiceId}`,
    );
    if (!contact) throw badRequest(BILLING_MESSAGES.contactNotFound, { contactId: BILLING_MESSAGES.contactNotFound });
    return {
      ...base,
      contactId: contact.id,
      name: contact.name,
      email: contact.email || null,
      address: joinLines(contact.address),
    };
  }
  if (body.billToKind === 'insurer') {
    const insurer = body.insurerId === null ? null : await insuranceProviderById(db, practiceId, body.insurerId);
    if (!insurer) throw badRequest(BILLING_MESSAGES.insurerNotFound, { insurerId: BILLING_MESSAGES.insurerNotFound });
    return {
      ...base,
      insurerId: insurer.id,
      name: insurer.name,
      email: insurer.email || null,
      address: joinLines(insurer.address),
      reference: insurer.payerId || null,
    };
  }
  return {
    ...base,
    name: client.name,
    email: client.email || null,
    address: joinLines(client.line1, client.line2, client.city, client.region, client.postcode),
  };
}

/** The invoice account and currency: the one chosen (in its currency), or the default account of the currency. */
async function resolveAccount(
  db: Db,
  practiceId: number,
  body: InvoiceFields,
  practiceCurrency: string,
): Promise<{ accountId: number | null; currency: string }> {
  if (body.accountId !== null) {
    const account = await invoiceAccountById(db, practiceId, body.accountId);
    if (!account) throw badRequest(BILLING_MESSAGES.accountNotFound, { accountId: BILLING_MESSAGES.accountNotFound });
    const currency = body.currency ?? account.accountCurrency;
    if (currency !== account.accountCurrency) {
      const message = BILLING_MESSAGES.accountCurrency(account.name, account.accountCurrency, currency);
      throw badRequest(message, { currency: message });
    }
    return { accountId: account.id, currency };
  }
  const currency = body.currency ?? practiceCurrency;
  const account = await defaultAccount(db, practiceId, currency);
  return { accountId: account?.id ?? null, currency };
}

interface DraftValues {
  values: Omit<typeof invoices.$inferInsert, 'practiceId' | 'kind' | 'status'>;
  lines: ResolvedLine[];
}

/** Everything a draft's fields make: bill-to, account, currency, dates from the payment terms, lines and totals. */
async function draftValues(db: Db, practiceId: number, body: InvoiceFields): Promise<DraftValues> {
  const facts = await practiceFacts(db, practiceId);
  const settings = await billingSettingsOf(db, practiceId);
  const billTo = await resolveBillTo(db, practiceId, body);
  const { accountId, currency } = await resolveAccount(db, practiceId, body, facts.currency);
  const issueDate = body.issueDate ?? facts.today;
  const dueDate = body.dueDate ?? shiftDate(issueDate, { days: settings.paymentTermsDays });
  if (dueDate < issueDate) {
    const message = dateOrderMessage('the due date', 'the issue date', issueDate);
    throw badRequest(message, { dueDate: message });
  }
  const lines = await resolveLines(
    db,
    practiceId,
    { clientId: body.clientId, currency, lines: body.lines },
    { taxRateBp: settings.defaultTaxRateBp, timeZone: facts.timeZone, practiceCurrency: facts.currency },
  );
  const totals = invoiceTotals(lines);
  return {
    values: {
      clientId: body.clientId,
      billToKind: billTo.kind,
      billToContactId: billTo.contactId,
      billToInsurerId: billTo.insurerId,
      billToName: billTo.name,
      billToEmail: billTo.email,
      billToAddress: billTo.address,
      billToReference: billTo.reference,
      accountId,
      currency,
      issueDate,
      dueDate,
      netMinor: totals.netMinor,
      taxMinor: totals.taxMinor,
      grossMinor: totals.grossMinor,
      notes: body.notes,
    },
    lines,
  };
}

/** Stores an invoice's lines (replacing any); a source another line holds already is a 409. */
async function writeLines(
  tx: Db,
  practiceId: number,
  invoiceId: number,
  lines: readonly ResolvedLine[],
): Promise<void> {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length === 0) return;
  try {
    await tx.insert(invoiceLines).values(
      lines.map((line, position) => ({
        practiceId,
        invoiceId,
        position,
        sourceKind: line.sourceKind,
        sourceId: line.sourceId,
        holdsSource: line.sourceId !== null,
        serviceDate: line.serviceDate,
        description: line.description,
        quantity: line.quantity,
        unitMinor: line.unitMinor,
        taxRateBp: line.taxRateBp,
        netMinor: line.netMinor,
        taxMinor: line.taxMinor,
        grossMinor: line.grossMinor,
      })),
    );
  } catch (error) {
    if (hasSqlState(error, '23505')) throw conflict(BILLING_MESSAGES.sourceBilled);
    throw error;
  }
}

/** Creates a draft invoice ("Saved as draft"); `createInvoice` then saves or sends it when asked. */
export async function createDraft(tx: Db, actor: Actor, body: InvoiceFields): Promise<number> {
  const { values, lines } = await draftValues(tx, actor.practiceId, body);
  const [row] = await tx
    .insert(invoices)
    .values({ ...values, practiceId: actor.practiceId, kind: 'invoice', status: 'draft', createdBy: actor.userId })
    .returning({ id: invoices.id });
  const id = row!.id;
  await writeLines(tx, actor.practiceId, id, lines);
  await addInvoiceEvent(tx, actor.practiceId, id, {
    kind: 'created',
    description: `Draft created for ${values.billToName}`,
    actorId: actor.userId,
  });
  return id;
}

/** Why a draft write found no row: gone (404), issued (409), or changed since it was read (409). */
async function draftMiss(db: Db, practiceId: number, id: number): Promise<never> {
  const row = await invoiceRow(db, practiceId, id);
  if (!row) throw notFound(BILLING_MESSAGES.draftNotFound);
  if (row.status !== 'draft') throw conflict(BILLING_MESSAGES.notADraft);
  throw conflict(BILLING_MESSAGES.draftChanged);
}

/** Changes a draft (its version must be the one read); its lines are replaced. */
export async function updateDraft(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof updateDraftInvoiceBodySchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await invoiceRow(tx, actor.practiceId, id, { forUpdate: true });
    if (!existing) throw notFound(BILLING_MESSAGES.draftNotFound);
    const { values, lines } = await draftValues(tx, actor.practiceId, body);
    const updated = await tx
      .update(invoices)
      .set({ ...values, version: sql`${invoices.version} + 1`, updatedAt: new Date() })
      .where(
        and(
          eq(invoices.id, id),
          eq(invoices.practiceId, actor.practiceId),
          eq(invoices.status, 'draft'),
          eq(invoices.version, body.version),
        ),
      )
      .returning({ id: invoices.id });
    if (updated.length === 0) await draftMiss(tx, actor.practiceId, id);
    await writeLines(tx, actor.practiceId, id, lines);
    await addInvoiceEvent(tx, actor.practiceId, id, {
      kind: 'updated',
      description: 'Draft changed',
      actorId: actor.userId,
    });
  });
}

/** Deletes a draft (its work can be invoiced again); an issued invoice is never deleted. */
export async function deleteDraft(db: Db, practiceId: number, id: number): Promise<InvoiceRow> {
  const row = await invoiceRow(db, practiceId, id);
  if (!row) throw notFound(BILLING_MESSAGES.draftNotFound);
  if (row.status !== 'draft') throw conflict(BILLING_MESSAGES.numberedNotDeleted);
  await db
    .delete(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.practiceId, practiceId), eq(invoices.status, 'draft')));
  return row;
}

// ---- issuing ----------------------------------------------------------------------------------------------------------

export type IssueHow = 'save' | 'send';

/**
 * Saves or sends an invoice inside `tx`. A draft takes the practice's next number (same transaction) and the client's
 * credit (payments not yet used, advance payments) settles what it can; an issued invoice can be sent (again). Sending
 * needs an e-mail address for whoever pays. Answers the invoice as it now is.
 */
export async function issueInvoice(tx: Db, actor: Actor, id: number, how: IssueHow): Promise<InvoiceRow> {
  const row = await invoiceRow(tx, actor.practiceId, id, { forUpdate: true });
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  if (row.status === 'void') throw conflict(BILLING_MESSAGES.cannotSendVoid);
  if (how === 'save' && row.status !== 'draft') throw conflict(BILLING_MESSAGES.notADraft);
  if (how === 'send' && !row.bill_to_email) throw conflict(BILLING_MESSAGES.noEmail(row.bill_to_name));
  const now = new Date();
  let number = row.number;
  if (row.status === 'draft') {
    const settings = await billingSettingsOf(tx, actor.practiceId);
    const seq = await allocateNumber(tx, actor.practiceId, row.kind);
    const prefix = row.kind === 'credit_note' ? settings.creditNotePrefix : settings.numberPrefix;
    number = formatInvoiceNumber(prefix, settings.numberPadding, seq);
    await tx
      .update(invoices)
      .set({
        status: how === 'send' ? 'sent' : 'saved',
        numberSeq: seq,
        number,
        ...(how === 'send' && { sentAt: now }),
        version: sql`${invoices.version} + 1`,
        updatedAt: now,
      })
      .where(eq(invoices.id, id));
    if (how === 'save') {
      await addInvoiceEvent(tx, actor.practiceId, id, {
        kind: 'saved',
        description: `Invoice ${number} issued`,
        actorId: actor.userId,
      });
    }
  } else {
    await tx
      .update(invoices)
      .set({ status: 'sent', sentAt: now, version: sql`${invoices.version} + 1`, updatedAt: now })
      .where(eq(invoices.id, id));
  }
  if (how === 'send') {
    await addInvoiceEvent(tx, actor.practiceId, id, {
      kind: 'sent',
      description: `Invoice ${number} sent to ${row.bill_to_name} (${row.bill_to_email})`,
      actorId: actor.userId,
      recipient: row.bill_to_email,
    });
  }
  if (row.status === 'draft' && row.kind === 'invoice' && row.bill_to_kind === 'client') {
    await applyClientCredit(tx, actor, id);
  }
  return (await invoiceRow(tx, actor.practiceId, id))!;
}

/**
 * Settles an issued invoice from the client's credit (the unused part of their payments and advance payments in its
 * currency, oldest first) as far as it goes.
 */
export async function applyClientCredit(tx: Db, actor: Actor, invoiceId: number): Promise<void> {
  const row = await invoiceRow(tx, actor.practiceId, invoiceId, { forUpdate: true });
  if (!row) return;
  let owed = outstandingOf(row);
  if (owed <= 0) return;
  await tx.execute(
    sql`select id from payments where practice_id = ${actor.practiceId} and client_id = ${row.client_id}
        and currency = ${row.currency} order by id for update`,
  );
  const credits = await rowsOf<{ id: number; kind: string; date: string; free: number }>(
    tx,
    sql`select p.id, p.kind, p.date::text as date,
          (p.amount_minor - coalesce((select sum(a.amount_minor) from payment_allocations a where a.payment_id = p.id), 0))::int as free
        from payments p
        where p.practice_id = ${actor.practiceId} and p.client_id = ${row.client_id} and p.currency = ${row.currency}
        order by p.date, p.id`,
  );
  for (const credit of credits) {
    const free = Number(credit.free);
    if (owed <= 0) break;
    if (free <= 0) continue;
    const amount = Math.min(free, owed);
    await tx
      .insert(paymentAllocations)
      .values({ practiceId: actor.practiceId, paymentId: credit.id, invoiceId, amountMinor: amount })
      .onConflictDoUpdate({
        target: [paymentAllocations.paymentId, paymentAllocations.invoiceId],
        set: { amountMinor: sql`${paymentAllocations.amountMinor} + ${amount}` },
      });
    owed -= amount;
    const what = credit.kind === 'advance' ? 'advance payment' : 'payment';
    await addInvoiceEvent(tx, actor.practiceId, invoiceId, {
      kind: 'payment',
      description: `${formatMoney(amount, row.currency)} of the client's credit used (${what} of ${credit.date})`,
      actorId: actor.userId,
      amountMinor: amount,
      currency: row.currency,
    });
  }
  if (owed === 0) {
    await addInvoiceEvent(tx, actor.practiceId, invoiceId, {
      kind: 'paid',
      description: `Invoice ${row.number} paid in full`,
      actorId: actor.userId,
    });
  }
}

/** Voids an issued invoice without payments: it keeps its number, owes nothing, and its work can be invoiced again. */
export async function voidInvoice(db: Db, actor: Actor, id: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await invoiceRow(tx, actor.practiceId, id, { forUpdate: true });
    if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    if (row.kind !== 'invoice') throw conflict(BILLING_MESSAGES.notAnInvoice);
    if (row.status === 'void') throw conflict(BILLING_MESSAGES.alreadyVoid);
    if (row.status === 'draft') throw conflict(BILLING_MESSAGES.voidDraft);
    if (row.paid_minor > 0) throw conflict(BILLING_MESSAGES.voidHasPayments);
    const now = new Date();
    await tx
      .update(invoices)
      .set({ status: 'void', voidedAt: now, reason, version: sql`${invoices.version} + 1`, updatedAt: now })
      .where(eq(invoices.id, id));
    await tx.update(invoiceLines).set({ holdsSource: false }).where(eq(invoiceLines.invoiceId, id));
    await addInvoiceEvent(tx, actor.practiceId, id, {
      kind: 'voided',
      description: `Invoice ${row.number} voided: ${reason}`,
      actorId: actor.userId,
    });
  });
}

/**
 * Issues a credit note for lines of an issued invoice (every line not credited yet when none are named): it takes the
 * practice's next credit note number, copies the lines (so the tax is the same), lets their work be invoiced again, and
 * when the invoice has been paid more than it now owes, moves the excess of its payments to the client's credit.
 * Answers the credit note's id.
 */
export async function createCreditNote(db: Db, actor: Actor, invoiceId: number, body: CreditNoteBody): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await invoiceRow(tx, actor.practiceId, invoiceId, { forUpdate: true });
    if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
    if (row.kind !== 'invoice') throw conflict(BILLING_MESSAGES.notAnInvoice);
    if (row.status === 'draft') throw conflict(BILLING_MESSAGES.creditNoteOfDraft);
    if (row.status === 'void') throw conflict(BILLING_MESSAGES.alreadyVoid);
    const open = await rowsOf<{ id: number }>(
      tx,
      sql`select l.id from invoice_lines l
          where l.invoice_id = ${invoiceId}
            and not exists (select 1 from invoice_lines cl join invoices cn on cn.id = cl.invoice_id
              where cl.credits_line_id = l.id and cn.status <> 'void')
          order by l.position`,
    );
    const openIds = open.map((line) => Number(line.id));
    const wanted = body.lineIds && body.lineIds.length > 0 ? body.lineIds : openIds;
    if (openIds.length === 0) throw conflict(BILLING_MESSAGES.nothingToCredit);
    if (wanted.some((lineId) => !openIds.includes(lineId))) {
      throw badRequest(BILLING_MESSAGES.lineNotOnInvoice, { lineIds: BILLING_MESSAGES.lineNotOnInvoice });
    }
    const credited = await tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.invoiceId, invoiceId), inArray(invoiceLines.id, wanted)))
      .orderBy(invoiceLines.position);
    const totals = invoiceTotals(credited);
    const facts = await practiceFacts(tx, actor.practiceId);
    const settings = await billingSettingsOf(tx, actor.practiceId);
    const seq = await allocateNumber(tx, actor.practiceId, 'credit_note');
    const number = formatInvoiceNumber(settings.creditNotePrefix, settings.numberPadding, seq);
    const issueDate = body.issueDate ?? facts.today;
    const [note] = await tx
      .insert(invoices)
      .values({
        practiceId: actor.practiceId,
        clientId: row.client_id,
        kind: 'credit_note',
        status: 'saved',
        numberSeq: seq,
        number,
        billToKind: row.bill_to_kind,
        billToContactId: row.bill_to_contact_id,
        billToInsurerId: row.bill_to_insurer_id,
        billToName: row.bill_to_name,
        billToEmail: row.bill_to_email,
        billToAddress: row.bill_to_address,
        billToReference: row.bill_to_reference,
        accountId: row.account_id,
        currency: row.currency,
        issueDate,
        dueDate: issueDate,
        creditsInvoiceId: invoiceId,
        netMinor: totals.netMinor,
        taxMinor: totals.taxMinor,
        grossMinor: totals.grossMinor,
        reason: body.reason,
        createdBy: actor.userId,
      })
      .returning({ id: invoices.id });
    const noteId = note!.id;
    await tx.insert(invoiceLines).values(
      credited.map((line, position) => ({
        practiceId: actor.practiceId,
        invoiceId: noteId,
        position,
        sourceKind: line.sourceKind,
        sourceId: line.sourceId,
        holdsSource: false,
        serviceDate: line.serviceDate,
        description: line.description,
        quantity: line.quantity,
        unitMinor: line.unitMinor,
        taxRateBp: line.taxRateBp,
        netMinor: line.netMinor,
        taxMinor: line.taxMinor,
        grossMinor: line.grossMinor,
        creditsLineId: line.id,
      })),
    );
    await tx.update(invoiceLines).set({ holdsSource: false }).where(inArray(invoiceLines.id, wanted));
    await addInvoiceEvent(tx, actor.practiceId, noteId, {
      kind: 'created',
      description: `Credit note ${number} issued for invoice ${row.number}: ${body.reason}`,
      actorId: actor.userId,
      amountMinor: totals.grossMinor,
      currency: row.currency,
    });
    await addInvoiceEvent(tx, actor.practiceId, invoiceId, {
      kind: 'credited',
      description: `${formatMoney(totals.grossMinor, row.currency)} credited by credit note ${number}: ${body.reason}`,
      actorId: actor.userId,
      amountMinor: totals.grossMinor,
      currency: row.currency,
    });
    await releaseOverpayment(tx, actor, invoiceId);
    return noteId;
  });
}

/**
 * When an invoice's payments and credits come to more than its total (a credit note on a paid invoice), the newest
 * allocations give back the excess, which becomes the client's credit: paid + credited never exceeds the total.
 */
async function releaseOverpayment(tx: Db, actor: Actor, invoiceId: number): Promise<void> {
  const row = await invoiceRow(tx, actor.practiceId, invoiceId);
  if (!row) return;
  let excess = row.paid_minor + row.credited_minor - row.gross_minor;
  if (excess <= 0) return;
  const released = excess;
  const allocations = await tx
    .select()
    .from(paymentAllocations)
    .where(eq(paymentAllocations.invoiceId, invoiceId))
    .orderBy(sql`${paymentAllocations.createdAt} desc, ${paymentAllocations.id} desc`);
  for (const allocation of allocations) {
    if (excess <= 0) break;
    const give = Math.min(excess, allocation.amountMinor);
    if (give === allocation.amountMinor) {
      await tx.delete(paymentAllocations).where(eq(paymentAllocations.id, allocation.id));
    } else {
      await tx
        .update(paymentAllocations)
        .set({ amountMinor: allocation.amountMinor - give })
        .where(eq(paymentAllocations.id, allocation.id));
    }
    excess -= give;
  }
  await addInvoiceEvent(tx, actor.practiceId, invoiceId, {
    kind: 'payment removed',
    description: `${formatMoney(released, row.currency)} of its payments moved to the client's credit`,
    actorId: actor.userId,
    amountMinor: released,
    currency: row.currency,
  });
}
