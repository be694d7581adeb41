import { sql, type SQL } from 'drizzle-orm';
import {
  invoiceDocumentType,
  type BillToKind,
  type InvoiceKind,
  type InvoiceListItem,
  type InvoiceState,
  type InvoiceStatus,
} from '@halcyon/api/contract';
import { todayIn } from '@halcyon/api/time';
import { iso, rowsOf, type Db } from '../../../platform/db';

/**
 * The ledger's derived figures, one definition for every read: what an invoice has been paid (its allocations), credited
 * (its issued credit notes) and still owes (an issued invoice's total less both; nothing for a draft, a void invoice or
 * a credit note). invoice total = paid + credited + outstanding holds for every issued invoice by construction: the
 * writes keep paid + credited within the total (payments.ts, issue.ts).
 */
export const PAID_SQL = (invoiceId: SQL) =>
  sql`coalesce((select sum(a.amount_minor) from payment_allocations a where a.invoice_id = ${invoiceId}), 0)::int`;
export const CREDITED_SQL = (invoiceId: SQL) =>
  sql`coalesce((select sum(cn.gross_minor) from invoices cn
      where cn.credits_invoice_id = ${invoiceId} and cn.status in ('saved', 'sent')), 0)::int`;

/** An issued invoice (not a draft, not void, not a credit note): the only kind that owes anything. */
export const OPEN_SQL = (alias: string) =>
  sql.raw(`(${alias}.kind = 'invoice' and ${alias}.status in ('saved', 'sent'))`);

/** A client's name as the billing pages show it: first and last name (a couple's or group's name alone). */
export const CLIENT_NAME_SQL = sql.raw(`trim(c.first_name || ' ' || coalesce(c.last_name, ''))`);

/** The columns of an invoice list item (alias `i`, client `c`): what `toListItem` reads, with the derived figures. */
export const INVOICE_LIST_COLUMNS = sql`i.id, i.client_id, i.kind, i.status, i.number, i.bill_to_kind,
  i.bill_to_contact_id, i.bill_to_insurer_id, i.bill_to_name, i.currency, i.issue_date::text as issue_date,
  i.due_date::text as due_date, i.credits_invoice_id, i.gross_minor, i.created_at, ${CLIENT_NAME_SQL} as client_name,
  ${PAID_SQL(sql.raw('i.id'))} as paid_minor, ${CREDITED_SQL(sql.raw('i.id'))} as credited_minor`;

/** The columns of a whole invoice row with its client's name and derived figures (alias `i`, client `c`). */
export const INVOICE_COLUMNS = sql`${INVOICE_LIST_COLUMNS}, i.practice_id, i.bill_to_email, i.bill_to_address,
  i.bill_to_reference, i.account_id, i.net_minor, i.tax_minor, i.notes, i.reason, i.sent_at, i.voided_at, i.version,
  i.updated_at`;

export interface InvoiceRow {
  id: number;
  practice_id: number;
  client_id: number;
  kind: InvoiceKind;
  status: InvoiceStatus;
  number: string | null;
  bill_to_kind: BillToKind;
  bill_to_contact_id: number | null;
  bill_to_insurer_id: number | null;
  bill_to_name: string;
  bill_to_email: string | null;
  bill_to_address: string;
  bill_to_reference: string | null;
  account_id: number | null;
  currency: string;
  issue_date: string;
  due_date: string;
  credits_invoice_id: number | null;
  net_minor: number;
  tax_minor: number;
  gross_minor: number;
  notes: string;
  reason: string;
  sent_at: unknown;
  voided_at: unknown;
  version: number;
  created_at: unknown;
  updated_at: unknown;
  client_name: string;
  paid_minor: number;
  credited_minor: number;
}

/** The row of an invoice list item (INVOICE_LIST_COLUMNS). */
export type InvoiceListRow = Pick<
  InvoiceRow,
  | 'id'
  | 'client_id'
  | 'kind'
  | 'status'
  | 'number'
  | 'bill_to_kind'
  | 'bill_to_contact_id'
  | 'bill_to_insurer_id'
  | 'bill_to_name'
  | 'currency'
  | 'issue_date'
  | 'due_date'
  | 'credits_invoice_id'
  | 'gross_minor'
  | 'created_at'
  | 'client_name'
  | 'paid_minor'
  | 'credited_minor'
>;

/** What an invoice row still owes. */
export function outstandingOf(
  row: Pick<InvoiceRow, 'kind' | 'status' | 'gross_minor' | 'paid_minor' | 'credited_minor'>,
) {
  const open = row.kind === 'invoice' && (row.status === 'saved' || row.status === 'sent');
  return open ? row.gross_minor - row.paid_minor - row.credited_minor : 0;
}

/** The state the lists show (contract INVOICE_STATES), on the practice's `today`. */
export function stateOf(
  row: Pick<InvoiceRow, 'kind' | 'status' | 'gross_minor' | 'paid_minor' | 'credited_minor' | 'due_date'>,
  today: string,
): InvoiceState {
  if (row.status === 'draft') return 'draft';
  if (row.status === 'void') return 'void';
  if (row.kind === 'credit_note') return 'issued';
  const outstanding = outstandingOf(row);
  if (outstanding <= 0) return 'paid';
  if (row.due_date < today) return 'overdue';
  return row.paid_minor + row.credited_minor > 0 ? 'partly paid' : 'unpaid';
}

export function toListItem(row: InvoiceListRow, today: string): InvoiceListItem {
  return {
    id: row.id,
    documentId: row.id,
    documentType: invoiceDocumentType(row.kind, row.status),
    kind: row.kind,
    status: row.status,
    state: stateOf(row, today),
    number: row.number,
    clientId: row.client_id,
    clientName: row.client_name,
    billTo: {
      kind: row.bill_to_kind,
      contactId: row.bill_to_contact_id,
      insurerId: row.bill_to_insurer_id,
      name: row.bill_to_name,
    },
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: row.currency,
    totalMinor: row.gross_minor,
    paidMinor: row.paid_minor,
    creditedMinor: row.credited_minor,
    outstandingMinor: outstandingOf(row),
    creditsInvoiceId: row.credits_invoice_id,
    createdAt: iso(row.created_at),
  };
}

/** The practice's time zone, currency and country (its details, or the defaults). */
export interface PracticeFacts {
  timeZone: string;
  currency: string;
  country: string | null;
  today: string;
}

export async function practiceFacts(db: Db, practiceId: number, now: Date = new Date()): Promise<PracticeFacts> {
  const [row] = await rowsOf<{ time_zone: string | null; currency: string | null; country: string | null }>(
    db,
    sql`select pd.time_zone, pd.currency, pd.country from practices p
        left join practice_details pd on pd.practice_id = p.id where p.id = ${practiceId}`,
  );
  const timeZone = row?.time_zone ?? 'Europe/London';
  return { timeZone, currency: row?.currency ?? 'GBP', country: row?.country ?? null, today: todayIn(timeZone, now) };
}

/** One invoice row of the practice with its figures, or undefined; `forUpdate` locks it for the transaction. */
export async function invoiceRow(
  db: Db,
  practiceId: number,
  invoiceId: number,
  options: { forUpdate?: boolean } = {},
): Promise<InvoiceRow | undefined> {
  if (options.forUpdate) {
    await db.execute(sql`select id from invoices where id = ${invoiceId} and practice_id = ${practiceId} for update`);
  }
  const [row] = await rowsOf<InvoiceRow>(
    db,
    sql`select ${INVOICE_COLUMNS} from invoices i join clients c on c.id = i.client_id
        where i.id = ${invoiceId} and i.practice_id = ${practiceId}`,
  );
  return row ? normalise(row) : undefined;
}

/** Numbers from raw rows (some drivers answer bigint sums and ints as text). */
export function normaliseListRow<T extends InvoiceListRow>(row: T): T {
  return {
    ...row,
    gross_minor: Number(row.gross_minor),
    paid_minor: Number(row.paid_minor),
    credited_minor: Number(row.credited_minor),
  };
}

/** Numbers from raw rows of a whole invoice. */
export function normalise(row: InvoiceRow): InvoiceRow {
  return { ...normaliseListRow(row), net_minor: Number(row.net_minor), tax_minor: Number(row.tax_minor) };
}
