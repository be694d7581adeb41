import { sql } from 'drizzle-orm';
import {
  INVOICE_STATE_LABELS,
  PAYMENT_METHOD_LABELS,
  invoiceDocumentType,
  type PaymentKind,
  type PaymentMethod,
} from '@halcyon/api/contract';
import { csvAmount, type CsvCell } from '../../../platform/csv';
import { rowsOf, type Db } from '../../../platform/db';
import { keysetByDay } from '../../../platform/db/paging';
import {
  CLIENT_NAME_SQL,
  CREDITED_SQL,
  PAID_SQL,
  outstandingOf,
  practiceFacts,
  stateOf,
  type InvoiceRow,
} from './figures';

/**
 * The ledger's part of the accountant's exports (billing/exports reads it through the composition): the invoices and
 * credit notes issued in a period, the payments received in it, and the income figures of a year. Drafts are not issued
 * and are left out; a void invoice stays in the invoice file (its number is never reused, the accountant sees the gap
 * explained) and counts for nothing in the figures. Each file is read a page of the index at a time (keyset on the day).
 */

/** A period of days, first to last, both included (`YYYY-MM-DD`). */
interface Period {
  from: string;
  to: string;
}

export const INVOICES_CSV_HEADER = [
  'Number',
  'Type',
  'Status',
  'Issue date',
  'Due date',
  'Client',
  'Bill to',
  'Credits invoice',
  'Net',
  'Tax',
  'Total',
  'Paid',
  'Credited',
  'Outstanding',
  'Currency',
] as const;

type InvoiceExportRow = Pick<
  InvoiceRow,
  | 'id'
  | 'kind'
  | 'status'
  | 'number'
  | 'due_date'
  | 'bill_to_name'
  | 'net_minor'
  | 'tax_minor'
  | 'gross_minor'
  | 'paid_minor'
  | 'credited_minor'
  | 'currency'
  | 'client_name'
> & { day: string; credits_number: string | null };

const MONEY_COLUMNS = ['net_minor', 'tax_minor', 'gross_minor', 'paid_minor', 'credited_minor'] as const;

/** The invoices and credit notes issued in a period as CSV rows (the header first), oldest first. */
export async function* invoiceCsvRows(db: Db, practiceId: number, period: Period): AsyncGenerator<CsvCell[]> {
  yield [...INVOICES_CSV_HEADER];
  const { today } = await practiceFacts(db, practiceId);
  const rows = keysetByDay<InvoiceExportRow>(
    db,
    (after, limit) => sql`select * from (
        select i.issue_date::text as day, i.id, i.kind, i.status, i.number, i.due_date::text as due_date,
               i.bill_to_name, i.net_minor, i.tax_minor, i.gross_minor, i.currency, ${CLIENT_NAME_SQL} as client_name,
               ${PAID_SQL(sql.raw('i.id'))} as paid_minor, ${CREDITED_SQL(sql.raw('i.id'))} as credited_minor,
               (select o.number from invoices o where o.id = i.credits_invoice_id) as credits_number
        from invoices i join clients c on c.id = i.client_id
        where i.practice_id = ${practiceId} and i.status <> 'draft'
          and i.issue_date between ${period.from}::date and ${period.to}::date) x
      where ${after} order by day, id limit ${limit}`,
  );
  for await (const raw of rows) {
    // Some drivers answer sums as text.
    const row: InvoiceExportRow = { ...raw };
    for (const column of MONEY_COLUMNS) row[column] = Number(raw[column]);
    const money = (minor: number) => csvAmount(minor, row.currency);
    const credit = row.kind === 'credit_note';
    yield [
      row.number,
      invoiceDocumentType(row.kind, row.status),
      INVOICE_STATE_LABELS[stateOf(row, today)],
      raw.day,
      credit ? null : row.due_date,
      row.client_name,
      row.bill_to_name,
      raw.credits_number,
      money(row.net_minor),
      money(row.tax_minor),
      money(row.gross_minor),
      money(row.paid_minor),
      money(row.credited_minor),
      money(outstandingOf(row)),
      row.currency,
    ];
  }
}

export const PAYMENTS_CSV_HEADER = [
  'Date',
  'Type',
  'Client',
  'Method',
  'Reference',
  'Amount',
  'Allocated',
  'Unallocated (client credit)',
  'Currency',
  'Invoices settled',
] as const;

interface PaymentExportRow {
  day: string;
  id: number;
  kind: PaymentKind;
  method: PaymentMethod;
  reference: string;
  amount_minor: number | string;
  allocated_minor: number | string;
  currency: string;
  client_name: string;
  invoices: string | null;
}

/** The payments and advance payments received in a period as CSV rows (the header first), oldest first. */
export async function* paymentCsvRows(db: Db, practiceId: number, period: Period): AsyncGenerator<CsvCell[]> {
  yield [...PAYMENTS_CSV_HEADER];
  const rows = keysetByDay<PaymentExportRow>(
    db,
    (after, limit) => sql`select * from (
        select p.date::text as day, p.id, p.kind, p.method, p.reference, p.amount_minor, p.currency,
               ${CLIENT_NAME_SQL} as client_name,
               coalesce((select sum(a.amount_minor) from payment_allocations a where a.payment_id = p.id), 0) as allocated_minor,
               (select string_agg(coalesce(i.number, ''), ' ' order by i.issue_date, i.id)
                  from payment_allocations a join invoices i on i.id = a.invoice_id where a.payment_id = p.id) as invoices
        from payments p join clients c on c.id = p.client_id
        where p.practice_id = ${practiceId} and p.date between ${period.from}::date and ${period.to}::date) x
      where ${after} order by day, id limit ${limit}`,
  );
  for await (const row of rows) {
    const money = (minor: number) => csvAmount(minor, row.currency);
    const amount = Number(row.amount_minor);
    const allocated = Number(row.allocated_minor);
    yield [
      row.day,
      row.kind === 'advance' ? 'Advance payment' : 'Payment',
      row.client_name,
      PAYMENT_METHOD_LABELS[row.method],
      row.reference,
      money(amount),
      money(allocated),
      money(amount - allocated),
      row.currency,
      row.invoices,
    ];
  }
}

/**
 * A year's income per currency and month (the yearly summary's `incomeFigures`): invoices issued less credit notes
 * issued (net, tax, gross, by issue date; drafts and void ones count for nothing), and payments received (advance
 * payments too, by the day received).
 */
export async function incomeFigures(db: Db, practiceId: number, year: number) {
  const from = sql`make_date(${year}, 1, 1)`;
  const to = sql`make_date(${year + 1}, 1, 1)`;
  return rowsOf<{
    currency: string;
    month: number;
    invoicedNetMinor?: number | string;
    invoicedTaxMinor?: number | string;
    invoicedGrossMinor?: number | string;
    receivedMinor?: number | string;
  }>(
    db,
    sql`select i.currency, extract(month from i.issue_date)::int as month,
               sum(case when i.kind = 'credit_note' then -i.net_minor else i.net_minor end)::bigint as "invoicedNetMinor",
               sum(case when i.kind = 'credit_note' then -i.tax_minor else i.tax_minor end)::bigint as "invoicedTaxMinor",
               sum(case when i.kind = 'credit_note' then -i.gross_minor else i.gross_minor end)::bigint as "invoicedGrossMinor",
               null::bigint as "receivedMinor"
        from invoices i
        where i.practice_id = ${practiceId} and i.status in ('saved', 'sent')
          and i.issue_date >= ${from} and i.issue_date < ${to}
        group by 1, 2
        union all
        select p.currency, extract(month from p.date)::int, null::bigint, null::bigint, null::bigint,
               sum(p.amount_minor)::bigint
        from payments p
        where p.practice_id = ${practiceId} and p.date >= ${from} and p.date < ${to}
        group by 1, 2`,
  );
}
