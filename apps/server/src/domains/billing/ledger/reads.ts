import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  countryCodeOf,
  countryName,
  formatIban,
  formatSortCode,
  type BillingSummary,
  type ClientBalance,
  type Invoice,
  type InvoiceDocument,
  type InvoiceLine,
  type InvoiceListQuery,
  type InvoicePage,
  type PaymentMethod,
  type PaymentProcessing,
} from '@halcyon/api/contract';
import { iso, isoOrNull, preparedOnce, preparedShapes, preparedSql, rowsOf, type Db } from '../../../platform/db';
import { containsPattern, SEARCH_WORDS_MAX } from '../../../platform/db/paging';
import { notFound } from '../../../platform/errors';
import { PRACTICE_TODAY } from '../../clients/list';
import { billingSettingsOf, invoiceAccountById } from '../settings';
import {
  INVOICE_COLUMNS,
  INVOICE_LIST_COLUMNS,
  invoiceRow,
  normalise,
  normaliseListRow,
  OPEN_SQL,
  outstandingOf,
  practiceFacts,
  toListItem,
  type InvoiceListRow,
  type InvoiceRow,
} from './figures';

/** Countries that print on US Letter; every other country prints on A4. */
const LETTER_COUNTRIES = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'PR', 'GT', 'CR', 'DO', 'SV', 'PA']);

// ---- the list ---------------------------------------------------------------------------------------------------------

/** The values of the invoice list's statement: placeholders, as each shape of it is prepared once (`invoicePage`). */
const LIST = {
  practiceId: sql.placeholder('practiceId'),
  kind: sql.placeholder('kind'),
  clientId: sql.placeholder('clientId'),
  payer: sql.placeholder('payer'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  afterDay: sql.placeholder('afterDay'),
  afterId: sql.placeholder('afterId'),
  limit: sql.placeholder('limit'),
} as const;

/** Which of the list's filters a request sets (their values go in as `LIST`'s placeholders), and the state asked for. */
interface InvoicePageShape {
  kind: boolean;
  clientId: boolean;
  payer: boolean;
  from: boolean;
  to: boolean;
  after: boolean;
  state: InvoiceListQuery['state'] | null;
  /** How many words the search has (each is its own placeholder, `search0`...). */
  searchWords: number;
}

/**
 * The statement of a page of the invoice list in one shape, each shape rendered once (`preparedShapes`): the rows with
 * the practice's today (their state, and the overdue filter), newest issue date first, keyset on (issue_date, id).
 */
const invoicePage = preparedShapes<InvoiceListRow & { today: string }, InvoicePageShape>(
  (shape) => JSON.stringify(shape),
  (shape) => {
    const today = PRACTICE_TODAY(LIST.practiceId);
    const where: SQL[] = [sql`i.practice_id = ${LIST.practiceId}`];
    if (shape.kind) where.push(sql`i.kind = ${LIST.kind}`);
    if (shape.clientId) where.push(sql`i.client_id = ${LIST.clientId}`);
    if (shape.payer) where.push(sql`i.bill_to_kind = ${LIST.payer}`);
    if (shape.from) where.push(sql`i.issue_date >= ${LIST.from}::date`);
    if (shape.to) where.push(sql`i.issue_date <= ${LIST.to}::date`);
    const owed = sql`(i.gross_minor - f.paid - f.credited)`;
    if (shape.state === 'draft') where.push(sql`i.status = 'draft'`);
    if (shape.state === 'void') where.push(sql`i.status = 'void'`);
    if (shape.state === 'outstanding') where.push(sql`${OPEN_SQL('i')} and ${owed} > 0`);
    if (shape.state === 'overdue') where.push(sql`${OPEN_SQL('i')} and ${owed} > 0 and i.due_date < ${today}`);
    if (shape.state === 'paid') where.push(sql`${OPEN_SQL('i')} and ${owed} <= 0`);
    if (shape.after) where.push(sql`(i.issue_date, i.id) < (${LIST.afterDay}::date, ${LIST.afterId}::int)`);
    // Each word of the search is found in the number, the client's name or the payer's name.
    for (let word = 0; word < shape.searchWords; word += 1) {
      const pattern = sql.placeholder(`search${word}`);
      where.push(
        sql`(i.number ilike ${pattern} or c.first_name ilike ${pattern} or c.last_name ilike ${pattern} or i.bill_to_name ilike ${pattern})`,
      );
    }
    const figures = shape.state !== null && shape.state !== 'draft' && shape.state !== 'void';
    return sql`select ${INVOICE_LIST_COLUMNS}, ${today}::text as today from invoices i join clients c on c.id = i.client_id
        ${
          figures
            ? sql`cross join lateral (select
                coalesce((select sum(a.amount_minor) from payment_allocations a where a.invoice_id = i.id), 0) as paid,
                coalesce((select sum(cn.gross_minor) from invoices cn
                  where cn.credits_invoice_id = i.id and cn.status in ('saved', 'sent')), 0) as credited) f`
            : sql``
        }
        where ${sql.join(where, sql` and `)}
        order by i.issue_date desc, i.id desc limit ${LIST.limit}`;
  },
);

/**
 * A page of invoices, drafts and credit notes, newest issue date first (keyset on issue_date, id, read backwards on
 * `invoices_practice_issue_id_idx`): one statement with the practice's today (the rows' state and the overdue filter).
 */
export async function listInvoices(
  db: Db,
  practiceId: number,
  query: InvoiceListQuery & { limit: number },
): Promise<InvoicePage> {
  const [afterDay, afterId] = query.cursor ? query.cursor.split('.') : [];
  const words = (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS_MAX);
  const shape: InvoicePageShape = {
    kind: Boolean(query.kind),
    clientId: Boolean(query.clientId),
    payer: Boolean(query.payer),
    from: Boolean(query.from),
    to: Boolean(query.to),
    after: Boolean(query.cursor),
    state: query.state ?? null,
    searchWords: words.length,
  };
  // A statement reads only the placeholders of its shape; the others' values go unread.
  const { kind, clientId, payer, from, to } = query;
  const rows = await invoicePage(db, shape).rows({
    practiceId,
    kind,
    clientId,
    payer,
    from,
    to,
    afterDay,
    afterId: Number(afterId),
    limit: query.limit + 1,
    ...Object.fromEntries(words.map((word, i) => [`search${i}`, containsPattern(word)])),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toListItem(normaliseListRow(row), row.today)),
    nextCursor: rows.length > query.limit && last ? `${last.issue_date}.${last.id}` : null,
  };
}

// ---- one invoice ------------------------------------------------------------------------------------------------------

/**
 * An invoice's lines in order as a JSON array of InvoiceLine, each with the credit note that credits it (not a void one):
 * a column of the invoice's own statement, the lines read on `invoice_lines_invoice_idx` and each line's crediting line
 * looked up on `invoice_lines_credited_once_idx` (a line is credited once, so it finds one at most).
 */
const LINES_JSON = sql`coalesce((select json_agg(json_build_object(
      'id', l.id, 'sourceKind', l.source_kind, 'sourceId', l.source_id, 'serviceDate', l.service_date,
      'description', l.description, 'quantity', l.quantity, 'unitMinor', l.unit_minor, 'taxRateBp', l.tax_rate_bp,
      'netMinor', l.net_minor, 'taxMinor', l.tax_minor, 'grossMinor', l.gross_minor,
      'creditedByInvoiceId', (select cn.id from invoice_lines cl join invoices cn on cn.id = cl.invoice_id
        where cl.credits_line_id = l.id and cn.status <> 'void'),
      'creditsLineId', l.credits_line_id) order by l.position)
    from invoice_lines l where l.invoice_id = i.id), '[]'::json)`;

/** The statement of `invoiceWithLines`, prepared once (`preparedOnce`): every invoice page and action reads it. */
const invoiceStatement = preparedOnce((db) => {
  const practiceId = sql.placeholder('practiceId');
  return preparedSql<InvoiceRow & { lines: InvoiceLine[]; today: string }>(
    db,
    sql`select ${INVOICE_COLUMNS}, ${LINES_JSON} as lines, ${PRACTICE_TODAY(practiceId)}::text as today
        from invoices i join clients c on c.id = i.client_id
        where i.id = ${sql.placeholder('invoiceId')} and i.practice_id = ${practiceId}`,
  );
});

/**
 * One invoice row of the practice with its lines and the practice's today, or undefined: one statement, the read of
 * `invoice/{id}` and of everything built on it (QUALITY.md read budgets: one round trip).
 */
async function invoiceWithLines(
  db: Db,
  practiceId: number,
  invoiceId: number,
): Promise<{ row: InvoiceRow; lines: InvoiceLine[]; today: string } | undefined> {
  const [row] = await invoiceStatement(db).rows({ practiceId, invoiceId });
  return row ? { row: normalise(row), lines: row.lines, today: row.today } : undefined;
}

function toInvoice(row: InvoiceRow, lines: InvoiceLine[], today: string): Invoice {
  return {
    ...toListItem(row, today),
    accountId: row.account_id,
    lines,
    netMinor: row.net_minor,
    taxMinor: row.tax_minor,
    notes: row.notes,
    reason: row.reason,
    sentAt: isoOrNull(row.sent_at),
    voidedAt: isoOrNull(row.voided_at),
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

/**
 * One invoice, draft or credit note of the practice with its lines and figures (billing-web and billing-online read it);
 * `draft: true` answers only a draft, `draft: false` only an issued one; 404 otherwise.
 */
export async function invoiceById(
  db: Db,
  practiceId: number,
  invoiceId: number,
  options: { draft?: boolean } = {},
): Promise<Invoice> {
  const found = await invoiceWithLines(db, practiceId, invoiceId);
  const missing = options.draft ? BILLING_MESSAGES.draftNotFound : BILLING_MESSAGES.invoiceNotFound;
  if (!found || (options.draft !== undefined && options.draft !== (found.row.status === 'draft'))) {
    throw notFound(missing);
  }
  return toInvoice(found.row, found.lines, found.today);
}

/** One invoice, draft or credit note of the practice, or null when the practice has none of that id (claims read it). */
export async function invoiceOrNull(db: Db, practiceId: number, invoiceId: number): Promise<Invoice | null> {
  const found = await invoiceWithLines(db, practiceId, invoiceId);
  return found ? toInvoice(found.row, found.lines, found.today) : null;
}

// ---- the document -----------------------------------------------------------------------------------------------------

/** The lines of an account's bank details to print. */
function accountLines(account: {
  accountHolder: string;
  bankName: string;
  sortCode: string;
  accountNumber: string;
  iban: string;
  bic: string;
  instructions: string;
}): string[] {
  return [
    account.accountHolder && `Account name: ${account.accountHolder}`,
    account.bankName && `Bank: ${account.bankName}`,
    account.sortCode && `Sort code: ${formatSortCode(account.sortCode)}`,
    account.accountNumber && `Account number: ${account.accountNumber}`,
    account.iban && `IBAN: ${formatIban(account.iban)}`,
    account.bic && `BIC: ${account.bic}`,
    account.instructions,
  ].filter((line): line is string => Boolean(line));
}

/**
 * Pay-online links (billing-online): the link of an invoice, null when the practice takes no card payments now. The composition (billing/pay-links.ts) provides them.
 */
export interface PayLinks {
  issue(db: Db, practiceId: number, invoiceId: number): Promise<string | null>;
}
export const NO_PAY_LINKS: PayLinks = {
  issue: () => Promise.resolve(null),
};

/**
 * The one document model of an invoice or credit note (issue 15: the preview, the PDF and `invoice-details` read it):
 * the practice's details and logo, who pays, the lines, tax per rate, totals, what is paid, credited and owed, the
 * payments and credit notes, how to pay (the account's bank details, the pay-online link of an issued invoice that owes
 * something, from `payLinks`) and the footer. `draft` answers a draft only (its preview) or an issued document only.
 */
export async function invoiceDocument(
  db: Db,
  practiceId: number,
  invoiceId: number,
  options: { draft?: boolean; payLinks?: PayLinks } = {},
): Promise<InvoiceDocument> {
  const invoice = await invoiceById(db, practiceId, invoiceId, options);
  const payable = invoice.kind === 'invoice' && invoice.status !== 'draft' && invoice.outstandingMinor > 0;
  const payOnlineUrl = payable ? await (options.payLinks ?? NO_PAY_LINKS).issue(db, practiceId, invoiceId) : null;
  const facts = await practiceFacts(db, practiceId);
  const settings = await billingSettingsOf(db, practiceId);
  const [practice] = await rowsOf<{
    name: string;
    logo_url: string | null;
    address_line_1: string | null;
    address_line_2: string | null;
    city: string | null;
    region: string | null;
    postcode: string | null;
    country: string | null;
    contact_email: string | null;
    contact_phone: string | null;
    tax_number: string | null;
  }>(
    db,
    sql`select p.name, p.logo_url, pd.address_line_1, pd.address_line_2, pd.city, pd.region, pd.postcode, pd.country,
          pd.contact_email, pd.contact_phone, pd.tax_number
        from practices p left join practice_details pd on pd.practice_id = p.id where p.id = ${practiceId}`,
  );
  const [extra] = await rowsOf<{
    bill_to_address: string;
    bill_to_email: string | null;
    bill_to_reference: string | null;
  }>(db, sql`select bill_to_address, bill_to_email, bill_to_reference from invoices where id = ${invoiceId}`);
  const payments = await rowsOf<{ payment_id: number; date: string; method: PaymentMethod; amount_minor: number }>(
    db,
    sql`select p.id as payment_id, p.date::text as date, p.method, a.amount_minor
        from payment_allocations a join payments p on p.id = a.payment_id
        where a.invoice_id = ${invoiceId} order by p.date, p.id`,
  );
  const creditNotes = await rowsOf<{ id: number; number: string | null; issue_date: string; gross_minor: number }>(
    db,
    sql`select id, number, issue_date::text as issue_date, gross_minor from invoices
        where credits_invoice_id = ${invoiceId} and status in ('saved', 'sent') order by id`,
  );
  const [credits] =
    invoice.creditsInvoiceId === null
      ? []
      : await rowsOf<{ id: number; number: string | null }>(
          db,
          sql`select id, number from invoices where id = ${invoice.creditsInvoiceId}`,
        );
  const account = invoice.accountId === null ? null : await invoiceAccountById(db, practiceId, invoice.accountId);
  const breakdown = new Map<number, { taxRateBp: number; netMinor: number; taxMinor: number }>();
  for (const line of invoice.lines) {
    const entry = breakdown.get(line.taxRateBp) ?? { taxRateBp: line.taxRateBp, netMinor: 0, taxMinor: 0 };
    entry.netMinor += line.netMinor;
    entry.taxMinor += line.taxMinor;
    breakdown.set(line.taxRateBp, entry);
  }
  const country = countryCodeOf(practice?.country ?? facts.country);
  const title =
    invoice.kind === 'credit_note' ? 'Credit note' : invoice.status === 'draft' ? 'Draft invoice' : 'Invoice';
  return {
    invoiceId: invoice.id,
    documentType: invoice.documentType,
    kind: invoice.kind,
    status: invoice.status,
    state: invoice.state,
    title,
    number: invoice.number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    practice: {
      name: practice?.name ?? '',
      addressLines: [
        practice?.address_line_1,
        practice?.address_line_2,
        [practice?.city, practice?.region, practice?.postcode].filter(Boolean).join(', '),
        country ? countryName(country) : null,
      ].filter((line): line is string => Boolean(line)),
      email: practice?.contact_email ?? null,
      phone: practice?.contact_phone ?? null,
      taxNumber: practice?.tax_number ?? null,
      logoUrl: practice?.logo_url ?? null,
      country,
    },
    billTo: {
      kind: invoice.billTo.kind,
      name: invoice.billTo.name,
      addressLines: (extra?.bill_to_address ?? '').split('\n').filter(Boolean),
      email: extra?.bill_to_email ?? null,
      reference: extra?.bill_to_reference ?? null,
    },
    client: { id: invoice.clientId, name: invoice.clientName },
    lines: invoice.lines,
    taxBreakdown: [...breakdown.values()].sort((a, b) => a.taxRateBp - b.taxRateBp),
    netMinor: invoice.netMinor,
    taxMinor: invoice.taxMinor,
    totalMinor: invoice.totalMinor,
    paidMinor: invoice.paidMinor,
    creditedMinor: invoice.creditedMinor,
    outstandingMinor: invoice.outstandingMinor,
    payments: payments.map((row) => ({
      paymentId: row.payment_id,
      date: row.date,
      method: row.method,
      amountMinor: Number(row.amount_minor),
    })),
    creditNotes: creditNotes.map((row) => ({
      invoiceId: row.id,
      number: row.number,
      issueDate: row.issue_date,
      totalMinor: Number(row.gross_minor),
    })),
    creditsInvoice: credits ? { invoiceId: credits.id, number: credits.number } : null,
    paymentInstructions: account ? { accountName: account.name, lines: accountLines(account) } : null,
    payOnlineUrl,
    notes: invoice.notes,
    reason: invoice.reason,
    footer: settings.footer,
    paperSize: country && LETTER_COUNTRIES.has(country) ? 'Letter' : 'A4',
  };
}

/**
 * The document of an invoice, draft or credit note, or null when the practice has none of that id (the PDF: a draft's
 * preview PDF is marked as a draft and has no number and no pay link).
 */
export async function documentOrNull(
  db: Db,
  practiceId: number,
  invoiceId: number,
  payLinks: PayLinks = NO_PAY_LINKS,
): Promise<InvoiceDocument | null> {
  const row = await invoiceRow(db, practiceId, invoiceId);
  return row ? invoiceDocument(db, practiceId, invoiceId, { payLinks }) : null;
}

/** The document of an issued invoice or credit note, or null when there is none (the PDF, billing-online's pay page). */
export async function issuedDocumentOrNull(
  db: Db,
  practiceId: number,
  invoiceId: number,
  payLinks: PayLinks = NO_PAY_LINKS,
): Promise<InvoiceDocument | null> {
  const row = await invoiceRow(db, practiceId, invoiceId);
  return row && row.status !== 'draft' ? invoiceDocument(db, practiceId, invoiceId, { draft: false, payLinks }) : null;
}

/** Who pays an invoice, what is owed, and whether (and where) it can be paid online now. */
export async function paymentProcessing(
  db: Db,
  practiceId: number,
  invoiceId: number,
  payLinks: PayLinks,
): Promise<PaymentProcessing> {
  const row = await invoiceRow(db, practiceId, invoiceId);
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  const outstanding = outstandingOf(row);
  const payOnlineUrl =
    outstanding > 0 && row.status !== 'draft' ? await payLinks.issue(db, practiceId, invoiceId) : null;
  return {
    invoiceId: row.id,
    number: row.number,
    payerName: row.bill_to_name,
    payerEmail: row.bill_to_email,
    outstandingMinor: outstanding,
    currency: row.currency,
    payableOnline: payOnlineUrl !== null,
    payOnlineUrl,
  };
}

// ---- balances ---------------------------------------------------------------------------------------------------------

interface BalanceRow {
  client_id: number;
  currency: string;
  invoiced: number;
  paid: number;
  credited: number;
  overdue: number;
  credit: number;
}

/** Per client and currency: issued invoices' totals, paid, credited, overdue, and unused credit (one grouped query). */
async function balanceRows(db: Db, practiceId: number, clientIds: readonly number[], today: string) {
  const rows = await rowsOf<BalanceRow>(
    db,
    sql`with open as (
          select i.client_id, i.currency, i.gross_minor, i.due_date,
            coalesce((select sum(a.amount_minor) from payment_allocations a where a.invoice_id = i.id), 0) as paid,
            coalesce((select sum(cn.gross_minor) from invoices cn
              where cn.credits_invoice_id = i.id and cn.status in ('saved', 'sent')), 0) as credited
          from invoices i
          where i.practice_id = ${practiceId} and i.client_id = any(${sql.param([...clientIds])}::int[])
            and ${OPEN_SQL('i')}),
        credit as (
          select p.client_id, p.currency,
            sum(p.amount_minor - coalesce((select sum(a.amount_minor) from payment_allocations a where a.payment_id = p.id), 0)) as credit
          from payments p
          where p.practice_id = ${practiceId} and p.client_id = any(${sql.param([...clientIds])}::int[])
          group by p.client_id, p.currency)
        select coalesce(o.client_id, cr.client_id) as client_id, coalesce(o.currency, cr.currency) as currency,
          coalesce(o.invoiced, 0)::int as invoiced, coalesce(o.paid, 0)::int as paid,
          coalesce(o.credited, 0)::int as credited, coalesce(o.overdue, 0)::int as overdue,
          coalesce(cr.credit, 0)::int as credit
        from (select client_id, currency, sum(gross_minor) as invoiced, sum(paid) as paid, sum(credited) as credited,
                sum(case when due_date < ${today}::date then gross_minor - paid - credited else 0 end) as overdue
              from open group by client_id, currency) o
        full join credit cr on cr.client_id = o.client_id and cr.currency = o.currency
        order by 2`,
  );
  return rows.map((row) => ({
    clientId: Number(row.client_id),
    currency: row.currency,
    invoicedMinor: Number(row.invoiced),
    paidMinor: Number(row.paid),
    creditedMinor: Number(row.credited),
    outstandingMinor: Number(row.invoiced) - Number(row.paid) - Number(row.credited),
    overdueMinor: Number(row.overdue),
    creditMinor: Number(row.credit),
  }));
}

/** 404 unless the client is the practice's. */
export async function assertClient(db: Db, practiceId: number, clientId: number): Promise<void> {
  const [client] = await rowsOf<{ id: number }>(
    db,
    sql`select id from clients where id = ${clientId} and practice_id = ${practiceId}`,
  );
  if (!client) throw notFound(BILLING_MESSAGES.clientNotFound);
}

/** A client's balances per currency (404 when the client is not the practice's). */
export async function clientBalance(db: Db, practiceId: number, clientId: number): Promise<ClientBalance> {
  await assertClient(db, practiceId, clientId);
  const facts = await practiceFacts(db, practiceId);
  const rows = await balanceRows(db, practiceId, [clientId], facts.today);
  return { clientId, balances: rows.map(({ clientId: _clientId, ...balance }) => balance) };
}

/**
 * What a client owes in a currency, less their unused credit (the client header's and list's `balanceMinor`), as a
 * column of the caller's statement: the client list and the client page read it with the clients themselves, one round
 * trip (QUALITY.md read budgets), as one primary-key probe of `client_balances` per client, which the ledger's triggers
 * keep (migrations 0041 and 0042): issued invoices' totals less what was paid and credited, less unused credit, the
 * figures `balanceRows` derives. A client with no issued invoice or payment in the currency owes 0.
 */
export function clientBalanceSql(practiceId: number | Placeholder, clientId: SQL, currency: SQL): SQL {
  return sql`coalesce((select b.balance_minor from client_balances b
    where b.practice_id = ${practiceId} and b.client_id = ${clientId} and b.currency = ${currency}), 0)`;
}

/**
 * The /Billing cards per currency: outstanding and overdue (issued invoices), paid this month (payments) and expenses this
 * month (the practice's expenses with their tax), the month being the practice's calendar month to today. One statement
 * of four grouped reads, each bounded by the practice's index (open invoices; payments and expenses by date).
 */
export async function billingSummary(db: Db, practiceId: number): Promise<BillingSummary> {
  const facts = await practiceFacts(db, practiceId);
  const monthStart = `${facts.today.slice(0, 7)}-01`;
  const rows = await rowsOf<{ currency: string; outstanding: number; overdue: number; paid: number; spent: number }>(
    db,
    sql`with open as (
          select i.currency, i.due_date, i.gross_minor
            - coalesce((select sum(a.amount_minor) from payment_allocations a where a.invoice_id = i.id), 0)
            - coalesce((select sum(cn.gross_minor) from invoices cn
                where cn.credits_invoice_id = i.id and cn.status in ('saved', 'sent')), 0) as owed
          from invoices i where i.practice_id = ${practiceId} and ${OPEN_SQL('i')}),
        owed as (select currency, sum(owed) as outstanding,
            sum(case when due_date < ${facts.today}::date then owed else 0 end) as overdue
          from open group by currency),
        paid as (select currency, sum(amount_minor) as paid from payments
          where practice_id = ${practiceId} and date >= ${monthStart}::date and date <= ${facts.today}::date
          group by currency),
        spent as (select currency, sum(amount_minor + tax_minor) as spent from expenses
          where practice_id = ${practiceId} and spent_on >= ${monthStart}::date and spent_on <= ${facts.today}::date
          group by currency),
        currencies as (select currency from owed union select currency from paid union select currency from spent)
        select k.currency, coalesce(o.outstanding, 0)::int as outstanding, coalesce(o.overdue, 0)::int as overdue,
          coalesce(p.paid, 0)::int as paid, coalesce(s.spent, 0)::int as spent
        from currencies k left join owed o on o.currency = k.currency left join paid p on p.currency = k.currency
          left join spent s on s.currency = k.currency
        order by 1`,
  );
  return {
    items: rows.map((row) => ({
      currency: row.currency,
      outstandingMinor: Number(row.outstanding),
      overdueMinor: Number(row.overdue),
      paidThisMonthMinor: Number(row.paid),
      expensesThisMonthMinor: Number(row.spent),
    })),
  };
}
