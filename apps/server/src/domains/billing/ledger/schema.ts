import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clients, clientRelationships } from '../../clients/schema';
import { practices } from '../../practice/schema';
import { users } from '../../users/schema';

const practiceId = () =>
  integer('practice_id')
    .notNull()
    .references(() => practices.id, { onDelete: 'cascade' });

const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An invoice or a credit note (`kind`). `status`: 'draft' (no number, can change), 'saved' or 'sent' (numbered, final:
 * changed only by a credit note), 'void' (keeps its number, owes nothing). `number_seq` is the practice's sequence number
 * for the kind, allocated from `invoice_number_counters` in the transaction that issues it; `number` is how it was
 * written then ("INV-0042"). Bill-to: the client, one of the client's contacts, or an insurer (Settings > Insurance);
 * its name, e-mail and address are copied when the invoice is issued so the document never changes afterwards.
 * `net/tax/gross_minor` are the sums of the lines (money.ts's rule), written with them; what is paid, credited and
 * outstanding is derived from allocations and credit notes, never stored (a client's balance is kept from them:
 * `client_balances`).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('invoice'),
    status: text('status').notNull().default('draft'),
    numberSeq: integer('number_seq'),
    number: text('number'),
    billToKind: text('bill_to_kind').notNull().default('client'),
    billToContactId: integer('bill_to_contact_id').references(() => clientRelationships.id, { onDelete: 'set null' }),
    billToInsurerId: integer('bill_to_insurer_id'),
    billToName: text('bill_to_name').notNull().default(''),
    billToEmail: text('bill_to_email'),
    billToAddress: text('bill_to_address').notNull().default(''),
    billToReference: text('bill_to_reference'),
    accountId: integer('account_id'),
    currency: text('currency').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    creditsInvoiceId: integer('credits_invoice_id'),
    netMinor: integer('net_minor').notNull().default(0),
    taxMinor: integer('tax_minor').notNull().default(0),
    grossMinor: integer('gross_minor').notNull().default(0),
    notes: text('notes').notNull().default(''),
    reason: text('reason').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [
    foreignKey({ columns: [t.creditsInvoiceId], foreignColumns: [t.id] }).onDelete('cascade'),
    // A number is never given twice for a kind in a practice.
    uniqueIndex('invoices_practice_kind_seq_idx').on(t.practiceId, t.kind, t.numberSeq),
    // The list, newest issue date first, a page at a time (keyset on issue_date, id); one client's the same way.
    index('invoices_practice_issue_id_idx').on(t.practiceId, t.issueDate, t.id),
    index('invoices_practice_client_issue_id_idx').on(t.practiceId, t.clientId, t.issueDate, t.id),
    // Invoices that may owe something (issued invoices): the summary, the client balance, the reminder job.
    index('invoices_open_due_idx')
      .on(t.practiceId, t.dueDate)
      .where(sql`${t.kind} = 'invoice' and ${t.status} in ('saved', 'sent')`),
    // A client's issued invoices in a currency with what they sum (the kept balance's recompute, an index-only scan).
    index('invoices_open_client_idx')
      .on(t.practiceId, t.clientId, t.currency, t.id, t.grossMinor)
      .where(sql`${t.kind} = 'invoice' and ${t.status} in ('saved', 'sent')`),
    index('invoices_credits_idx')
      .on(t.creditsInvoiceId)
      .where(sql`${t.creditsInvoiceId} is not null`),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_status_check', sql`${t.status} in ('draft', 'saved', 'sent', 'void')`),
    check('invoices_number_check', sql`(${t.status} = 'draft') = (${t.numberSeq} is null)`),
  ],
);

/**
 * A line of an invoice or credit note: where it comes from (`source_kind` session, chargeable, service or free, with the
 * source's id), its description, quantity, unit price and tax rate, and the net, tax and gross money.ts computes.
 * `holds_source` is true while the line bills its source (a draft's or an issued invoice's line): the partial unique
 * index makes each session, chargeable item and other service billed once; voiding the invoice, deleting the draft or
 * crediting the line lets it go. A credit note's line names the invoice line it credits (`credits_line_id`, once).
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sourceKind: text('source_kind').notNull(),
    sourceId: integer('source_id'),
    holdsSource: boolean('holds_source').notNull().default(false),
    serviceDate: date('service_date'),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitMinor: integer('unit_minor').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    netMinor: integer('net_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    grossMinor: integer('gross_minor').notNull(),
    creditsLineId: integer('credits_line_id'),
  },
  (t) => [
    foreignKey({ columns: [t.creditsLineId], foreignColumns: [t.id] }).onDelete('cascade'),
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    uniqueIndex('invoice_lines_billed_once_idx')
      .on(t.practiceId, t.sourceKind, t.sourceId)
      .where(sql`${t.holdsSource}`),
    uniqueIndex('invoice_lines_credited_once_idx')
      .on(t.creditsLineId)
      .where(sql`${t.creditsLineId} is not null`),
    check('invoice_lines_source_check', sql`${t.sourceKind} in ('session', 'chargeable', 'service', 'free')`),
    check('invoice_lines_tax_check', sql`${t.taxRateBp} between 0 and 10000`),
  ],
);

/**
 * The practice's next number per kind (invoice, credit_note). Issuing takes it with `UPDATE ... SET next = next + 1
 * RETURNING` in the issuing transaction: the row lock makes concurrent issues wait their turn, and a rolled-back issue
 * gives its number back, so numbers are never reused or skipped.
 */
export const invoiceNumberCounters = pgTable(
  'invoice_number_counters',
  {
    practiceId: practiceId(),
    kind: text('kind').notNull(),
    next: integer('next').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.kind] })],
);

/**
 * Money received from a client: a payment (`kind` payment) that settles invoices, or an advance payment (`kind` advance)
 * taken before there is an invoice. What its allocations do not use is the client's credit, which invoices issued later
 * use. `source` says who recorded it: a member ('manual') or the payment provider ('online').
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().default('payment'),
    method: text('method').notNull(),
    reference: text('reference').notNull().default(''),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    date: date('date').notNull(),
    source: text('source').notNull().default('manual'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...stamps(),
  },
  (t) => [
    index('payments_practice_date_id_idx').on(t.practiceId, t.date, t.id),
    index('payments_practice_client_date_id_idx').on(t.practiceId, t.clientId, t.date, t.id),
    // A client's payments in a currency with their amounts (the kept balance's unused credit, an index-only scan).
    index('payments_client_currency_idx').on(t.practiceId, t.clientId, t.currency, t.id, t.amountMinor),
    check('payments_kind_check', sql`${t.kind} in ('payment', 'advance')`),
    check('payments_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** How much of a payment settles an invoice (one row per payment and invoice). */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountMinor: integer('amount_minor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_allocations_payment_invoice_idx').on(t.paymentId, t.invoiceId),
    // What was allocated to an invoice, and from a payment, summed from the index alone (balances, index-only scans).
    index('payment_allocations_invoice_amount_idx').on(t.invoiceId, t.amountMinor),
    index('payment_allocations_payment_amount_idx').on(t.paymentId, t.amountMinor),
    check('payment_allocations_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * What a client owes in a currency less their unused credit (the client list's and header's `balanceMinor`), kept by
 * triggers on invoices, payments and payment_allocations in the transaction that changes them (migrations 0041 to
 * 0043): each recomputes the balance of every client and currency its statement touched from the ledger (the figures
 * `balanceRows` derives), after locking the balance row, so concurrent writes on one client take turns and the last one
 * sees the others; a new payment, which has no allocation yet, only adds minus its amount to the locked row. Never
 * written by the application; a backup leaves it out and a restore rebuilds it (a `Derived:` table).
 */
export const clientBalances = pgTable(
  'client_balances',
  {
    practiceId: practiceId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    balanceMinor: integer('balance_minor').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.clientId, t.currency] })],
);

/**
 * An invoice's timeline: created, saved, sent, viewed, reminded, payment, payment removed, paid, credited, voided, with
 * who did it (null: the client, the job queue or the payment provider), the sentence shown, and an amount when there is
 * one. A reminder sent by a rule names the rule (`rule_id`: once per invoice and rule), its offset and recipient.
 */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    amountMinor: integer('amount_minor'),
    currency: text('currency'),
    ruleId: integer('rule_id'),
    offsetDays: integer('offset_days'),
    recipient: text('recipient'),
  },
  (t) => [
    index('invoice_events_invoice_at_idx').on(t.invoiceId, t.at, t.id),
    uniqueIndex('invoice_events_rule_once_idx')
      .on(t.invoiceId, t.ruleId)
      .where(sql`${t.ruleId} is not null`),
  ],
);

/** Internal notes on an invoice (never printed): billing notes, not clinical ones, so every role reads them. */
export const invoiceNotes = pgTable(
  'invoice_notes',
  {
    id: serial('id').primaryKey(),
    practiceId: practiceId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...stamps(),
  },
  (t) => [index('invoice_notes_invoice_idx').on(t.invoiceId, t.id)],
);
