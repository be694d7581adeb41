import { ApiError } from '../../client/errors';
import {
  BILLING_MESSAGES,
  BILLING_PAGE_SIZE,
  invoiceDocumentType,
  paymentDocumentType,
  type BillableItem,
  type Invoice,
  type InvoiceDocument,
  type InvoiceEvent,
  type InvoiceEventKind,
  type InvoiceLine,
  type InvoiceLineInput,
  type InvoiceListItem,
  type InvoiceNote,
  type InvoiceState,
  type PaymentAllocation,
  type PaymentDetails,
} from '../../contract';
import { formatMoney, invoiceTotals, lineAmounts } from '../../money';
import type { MockHandlers } from '../createMockClient';

/**
 * The billing ledger of the mock practice (issue 15), for the /Billing pages, the client's Billing tab and the billing
 * modals' tests and stories: invoices, a draft and a credit note of three clients, a payment and an advance payment, the
 * work of Maya Patel (client 7) not invoiced yet, and stateful handlers that number, send, pay, credit and void invoices
 * the way the server does (the figures derived from the lines and the payments, never typed in).
 */

const STAMP = '2026-03-09T09:00:00.000Z';
export const BILLING_CURRENCY = 'GBP';
/** The clients the fixtures bill: Maya Patel (7), Tom Reid (8), Ana Silva (9). */
export const BILLING_CLIENTS: Readonly<Record<number, string>> = { 7: 'Maya Patel', 8: 'Tom Reid', 9: 'Ana Silva' };

/** Is every word of a list's search (case-insensitive) in one of the texts? No search matches everything. */
function matchesSearch(search: string | undefined, texts: readonly (string | null)[]): boolean {
  const haystack = texts.join(' ').toLowerCase();
  return String(search ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** `lookupClientNames` over `BILLING_CLIENTS`: by a word of the name, or one client by id (a list filtered by client). */
export const billingClientNames: NonNullable<MockHandlers['lookupClientNames']> = ({ query = {} }) => ({
  items: Object.entries(BILLING_CLIENTS)
    .filter(([id, name]) =>
      query.id === undefined
        ? name.toLowerCase().includes(String(query.search ?? '').toLowerCase())
        : Number(id) === Number(query.id),
    )
    .map(([id, name]) => ({ id: Number(id), name })),
});

/** The calendar day today, as the mock sees it (for overdue invoices). */
const today = () => new Date().toISOString().slice(0, 10);
const invoiceDay = (invoice: { issueDate: string } | undefined) => invoice?.issueDate ?? today();

function makeLine(
  id: number,
  fields: Omit<InvoiceLine, 'id' | 'netMinor' | 'taxMinor' | 'grossMinor' | 'creditedByInvoiceId' | 'creditsLineId'> &
    Partial<InvoiceLine>,
): InvoiceLine {
  return {
    id,
    creditedByInvoiceId: null,
    creditsLineId: null,
    ...fields,
    ...lineAmounts(fields),
  };
}

/** An invoice record before its figures are derived (the store keeps these). */
interface StoredInvoice extends Omit<
  Invoice,
  | 'documentId'
  | 'documentType'
  | 'state'
  | 'totalMinor'
  | 'paidMinor'
  | 'creditedMinor'
  | 'outstandingMinor'
  | 'netMinor'
  | 'taxMinor'
> {
  events: InvoiceEvent[];
  /** The internal notes (never printed). */
  memos: InvoiceNote[];
  lastReminder: { sentAt: string; to: string; count: number } | null;
}

type StoredPayment = Omit<PaymentDetails, 'documentId' | 'documentType' | 'allocatedMinor' | 'unallocatedMinor'>;

function invoiceRecord(
  id: number,
  fields: Partial<StoredInvoice> & Pick<StoredInvoice, 'clientId' | 'lines' | 'issueDate' | 'dueDate'>,
): StoredInvoice {
  const name = BILLING_CLIENTS[fields.clientId] ?? `Client ${fields.clientId}`;
  return {
    id,
    kind: 'invoice',
    status: 'sent',
    number: `INV-${String(id).padStart(4, '0')}`,
    clientName: name,
    billTo: { kind: 'client', contactId: null, insurerId: null, name },
    currency: BILLING_CURRENCY,
    creditsInvoiceId: null,
    createdAt: STAMP,
    accountId: 1,
    notes: '',
    reason: '',
    sentAt: STAMP,
    voidedAt: null,
    version: 1,
    updatedAt: STAMP,
    events: [],
    memos: [],
    lastReminder: null,
    ...fields,
  };
}

/** The ledger the handlers start from (fresh copies each call). */
export function billingFixtures() {
  const session = (id: number, date: string, description = 'Individual therapy (50 min)') =>
    makeLine(id, {
      sourceKind: 'session',
      sourceId: 500 + id,
      serviceDate: date,
      description,
      quantity: 1,
      unitMinor: 8_000,
      taxRateBp: 0,
    });
  const invoices: StoredInvoice[] = [
    invoiceRecord(42, {
      clientId: 7,
      issueDate: '2026-03-09',
      dueDate: '2099-03-23',
      billTo: { kind: 'contact', contactId: 31, insurerId: null, name: 'Priya Patel' },
      lines: [
        session(1, '2026-03-02'),
        makeLine(2, {
          sourceKind: 'chargeable',
          sourceId: 71,
          serviceDate: '2026-03-05',
          description: 'Late cancellation fee',
          quantity: 1,
          unitMinor: 4_000,
          taxRateBp: 0,
        }),
        makeLine(3, {
          sourceKind: 'free',
          sourceId: null,
          serviceDate: null,
          description: 'Report for the school',
          quantity: 1,
          unitMinor: 10_000,
          taxRateBp: 2_000,
        }),
      ],
      notes: 'Thank you for your custom.',
    }),
    invoiceRecord(43, {
      clientId: 8,
      issueDate: '2026-01-05',
      dueDate: '2026-01-19',
      lines: [session(4, '2025-12-29'), session(5, '2026-01-05')],
    }),
    invoiceRecord(40, {
      clientId: 9,
      issueDate: '2026-02-02',
      dueDate: '2026-02-16',
      lines: [session(6, '2026-02-02')],
    }),
    invoiceRecord(41, {
      clientId: 9,
      kind: 'credit_note',
      number: 'CN-0001',
      issueDate: '2026-02-10',
      dueDate: '2026-02-10',
      creditsInvoiceId: 40,
      reason: 'Session cancelled by the practice.',
      lines: [{ ...session(7, '2026-02-02'), creditsLineId: 6 }],
    }),
    invoiceRecord(44, {
      clientId: 7,
      status: 'draft',
      number: null,
      sentAt: null,
      issueDate: '2026-03-16',
      dueDate: '2026-03-30',
      lines: [session(8, '2026-03-16')],
    }),
  ];
  invoices[2]!.lines[0]!.creditedByInvoiceId = 41;
  const payments: StoredPayment[] = [
    {
      id: 61,
      kind: 'payment',
      clientId: 7,
      clientName: 'Maya Patel',
      amountMinor: 6_000,
      currency: BILLING_CURRENCY,
      date: '2026-03-12',
      method: 'card',
      reference: 'Card ending 4242',
      createdAt: STAMP,
      allocations: [{ invoiceId: 42, invoiceNumber: 'INV-0042', amountMinor: 6_000 }],
    },
    {
      id: 62,
      kind: 'advance',
      clientId: 8,
      clientName: 'Tom Reid',
      amountMinor: 16_000,
      currency: BILLING_CURRENCY,
      date: '2026-02-20',
      method: 'bank transfer',
      reference: 'REID ADVANCE',
      createdAt: STAMP,
      allocations: [],
    },
  ];
  const billable: Record<number, BillableItem[]> = {
    7: [
      {
        sourceKind: 'session',
        sourceId: 601,
        sessionId: 601,
        date: '2026-03-23',
        description: 'Individual therapy (50 min)',
        unitMinor: 8_000,
        currency: BILLING_CURRENCY,
      },
      {
        sourceKind: 'session',
        sourceId: 602,
        sessionId: 602,
        date: '2026-03-30',
        description: 'Individual therapy (50 min)',
        unitMinor: 8_000,
        currency: BILLING_CURRENCY,
      },
      {
        sourceKind: 'chargeable',
        sourceId: 72,
        sessionId: 603,
        date: '2026-03-26',
        description: 'Did not attend fee',
        unitMinor: 8_000,
        currency: BILLING_CURRENCY,
      },
      {
        sourceKind: 'service',
        sourceId: 81,
        sessionId: null,
        date: '2026-03-20',
        description: 'Letter to GP',
        unitMinor: 3_000,
        currency: BILLING_CURRENCY,
      },
    ],
  };
  return { invoices, payments, billable };
}

/** The document model's practice as the mock answers it. */
const MOCK_PRACTICE: InvoiceDocument['practice'] = {
  name: 'Quiet Harbour Therapy',
  addressLines: ['12 Quay Street', 'Bristol BS1 4DB', 'United Kingdom'],
  email: 'hello@quietharbour.example',
  phone: '0117 496 0000',
  taxNumber: null,
  logoUrl: null,
  country: 'GB',
};

export interface BillingHandlerOptions {
  /** Start from these records instead of the fixtures (e.g. none: an empty practice). */
  empty?: boolean;
  /** The practice takes card payments online: documents carry a pay-online link. */
  onlinePayments?: boolean;
  /** This many more sent invoices of Tom Reid (client 8) from 2025, one a day: lists longer than a page. */
  moreInvoices?: number;
}

/**
 * Stateful mock answers for the billing routes: lists page by `nextCursor`, a draft's version is checked (409), saving
 * and sending number a draft, payments settle invoices (never more than owed) and the rest is credit, credit notes and
 * void change what is owed, and each change goes on the invoice's timeline.
 */
export function billingHandlers(options: BillingHandlerOptions = {}): MockHandlers {
  const initial = billingFixtures();
  const invoices = options.empty ? [] : initial.invoices;
  for (let index = 0; index < (options.moreInvoices ?? 0); index += 1) {
    const day = new Date(Date.UTC(2025, 0, 1 + index)).toISOString().slice(0, 10);
    invoices.push(
      invoiceRecord(100 + index, {
        clientId: 8,
        issueDate: day,
        dueDate: day,
        lines: [
          makeLine(10_000 + index, {
            sourceKind: 'free',
            sourceId: null,
            serviceDate: day,
            description: 'Individual therapy (50 min)',
            quantity: 1,
            unitMinor: 8_000,
            taxRateBp: 0,
          }),
        ],
      }),
    );
  }
  const payments = options.empty ? [] : initial.payments;
  const billable = options.empty ? {} : initial.billable;
  let nextId = 1_000;
  let nextNumber = 45;
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  const find = (id: unknown) => invoices.find((invoice) => invoice.id === Number(id)) ?? null;
  const money = (minor: number) => formatMoney(minor, BILLING_CURRENCY);
  const memo = (id: unknown) => {
    for (const invoice of invoices) {
      const note = invoice.memos.find((n) => n.id === Number(id));
      if (note) return { invoice, note };
    }
    return null;
  };

  const paidOf = (id: number) =>
    payments.reduce(
      (sum, payment) =>
        sum + payment.allocations.filter((a) => a.invoiceId === id).reduce((s, a) => s + a.amountMinor, 0),
      0,
    );
  const creditedOf = (id: number) =>
    invoices
      .filter((invoice) => invoice.creditsInvoiceId === id && invoice.status !== 'void')
      .reduce((sum, note) => sum + invoiceTotals(note.lines).grossMinor, 0);

  function listItem(invoice: StoredInvoice): Invoice {
    const totals = invoiceTotals(invoice.lines);
    const issued = invoice.kind === 'invoice' && invoice.status !== 'draft' && invoice.status !== 'void';
    const paidMinor = invoice.kind === 'invoice' ? paidOf(invoice.id) : 0;
    const creditedMinor = invoice.kind === 'invoice' ? creditedOf(invoice.id) : 0;
    const outstandingMinor = issued ? Math.max(0, totals.grossMinor - paidMinor - creditedMinor) : 0;
    const state: InvoiceState =
      invoice.status === 'draft'
        ? 'draft'
        : invoice.status === 'void'
          ? 'void'
          : invoice.kind === 'credit_note'
            ? 'issued'
            : outstandingMinor === 0
              ? 'paid'
              : invoice.dueDate < today()
                ? 'overdue'
                : paidMinor > 0
                  ? 'partly paid'
                  : 'unpaid';
    const { events: _events, memos: _memos, lastReminder: _reminder, ...fields } = invoice;
    return {
      ...fields,
      documentId: invoice.id,
      documentType: invoiceDocumentType(invoice.kind, invoice.status),
      state,
      netMinor: totals.netMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.grossMinor,
      paidMinor,
      creditedMinor,
      outstandingMinor,
    };
  }
  const summary = (invoice: StoredInvoice): InvoiceListItem => {
    const {
      accountId: _a,
      lines: _l,
      netMinor: _n,
      taxMinor: _t,
      notes: _no,
      reason: _r,
      sentAt: _s,
      voidedAt: _v,
      version: _ver,
      updatedAt: _u,
      ...item
    } = listItem(invoice);
    return item;
  };

  function documentOf(invoice: StoredInvoice): InvoiceDocument {
    const item = listItem(invoice);
    const rates = new Map<number, { netMinor: number; taxMinor: number }>();
    for (const line of invoice.lines) {
      const rate = rates.get(line.taxRateBp) ?? { netMinor: 0, taxMinor: 0 };
      rates.set(line.taxRateBp, { netMinor: rate.netMinor + line.netMinor, taxMinor: rate.taxMinor + line.taxMinor });
    }
    const credits = invoice.creditsInvoiceId ? find(invoice.creditsInvoiceId) : null;
    return {
      invoiceId: invoice.id,
      documentType: item.documentType,
      kind: invoice.kind,
      status: invoice.status,
      state: item.state,
      title: item.documentType,
      number: invoice.number,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      currency: invoice.currency,
      practice: MOCK_PRACTICE,
      billTo: {
        kind: invoice.billTo.kind,
        name: invoice.billTo.name,
        addressLines: ['4 Elm Row', 'Bath BA1 2AB'],
        email: invoice.billTo.kind === 'insurer' ? null : 'payer@example.com',
        reference: invoice.billTo.kind === 'insurer' ? 'PAYER-77' : null,
      },
      client: { id: invoice.clientId, name: invoice.clientName },
      lines: invoice.lines,
      taxBreakdown: [...rates.entries()]
        .sort(([a], [b]) => a - b)
        .map(([taxRateBp, amounts]) => ({ taxRateBp, ...amounts })),
      netMinor: item.netMinor,
      taxMinor: item.taxMinor,
      totalMinor: item.totalMinor,
      paidMinor: item.paidMinor,
      creditedMinor: item.creditedMinor,
      outstandingMinor: item.outstandingMinor,
      payments: payments.flatMap((payment) =>
        payment.allocations
          .filter((a) => a.invoiceId === invoice.id)
          .map((a) => ({
            paymentId: payment.id,
            date: payment.date,
            method: payment.method,
            amountMinor: a.amountMinor,
          })),
      ),
      creditNotes: invoices
        .filter((note) => note.creditsInvoiceId === invoice.id)
        .map((note) => ({
          invoiceId: note.id,
          number: note.number,
          issueDate: note.issueDate,
          totalMinor: invoiceTotals(note.lines).grossMinor,
        })),
      creditsInvoice: credits ? { invoiceId: credits.id, number: credits.number } : null,
      paymentInstructions: {
        accountName: 'Quiet Harbour Therapy Ltd',
        lines: ['Sort code 12-34-56', 'Account number 12345678'],
      },
      payOnlineUrl: options.onlinePayments ? `https://halcyon.example/Pay/token-${invoice.id}` : null,
      notes: invoice.notes,
      reason: invoice.reason,
      footer: 'Quiet Harbour Therapy Ltd, registered in England no. 01234567.',
      paperSize: 'A4',
    };
  }

  const event = (
    invoice: StoredInvoice,
    kind: InvoiceEventKind,
    description: string,
    amountMinor: number | null = null,
  ) => {
    invoice.events.push({
      id: (nextId += 1),
      invoiceId: invoice.id,
      kind,
      at: new Date().toISOString(),
      actorName: 'Amara Okafor',
      description,
      amountMinor,
      currency: amountMinor === null ? null : invoice.currency,
    });
  };
  for (const invoice of invoices) {
    invoice.events.push({
      id: (nextId += 1),
      invoiceId: invoice.id,
      kind: 'created',
      at: STAMP,
      actorName: 'Amara Okafor',
      description: `${invoiceDocumentType(invoice.kind, invoice.status)} created`,
      amountMinor: null,
      currency: null,
    });
    if (invoice.status === 'sent') {
      invoice.events.push({
        id: (nextId += 1),
        invoiceId: invoice.id,
        kind: 'sent',
        at: STAMP,
        actorName: 'Amara Okafor',
        description: `Sent to ${invoice.billTo.name}`,
        amountMinor: null,
        currency: null,
      });
    }
  }
  const number = (invoice: StoredInvoice) => {
    if (invoice.number) return;
    invoice.number = `INV-${String((nextNumber += 1)).padStart(4, '0')}`;
  };
  const billed = new Set(invoices.flatMap((invoice) => invoice.lines.map((l) => `${l.sourceKind}:${l.sourceId}`)));
  /** A draft's own sourced lines may stay on it when it changes (they are billed by it, so not offered any more). */
  const linesOf = (clientId: number, body: { lines: readonly InvoiceLineInput[] }, draft?: StoredInvoice) =>
    body.lines.map((input) => {
      const same = (item: { sourceKind: string; sourceId: number | null }) =>
        item.sourceKind === input.sourceKind && item.sourceId === input.sourceId;
      const kept = draft?.lines.find(same);
      const source =
        (billable[clientId] ?? []).find(same) ??
        (kept?.sourceKind === 'free' || !kept || kept.sourceId === null
          ? undefined
          : {
              sourceKind: kept.sourceKind,
              sourceId: kept.sourceId,
              date: kept.serviceDate ?? invoiceDay(draft),
              description: kept.description,
              unitMinor: kept.unitMinor,
              currency: BILLING_CURRENCY,
            });
      if (input.sourceKind !== 'free' && !source) fail(409, BILLING_MESSAGES.sourceNotFound);
      const unitMinor = input.unitMinor ?? source?.unitMinor ?? fail(400, BILLING_MESSAGES.priceMissing);
      return makeLine((nextId += 1), {
        sourceKind: input.sourceKind,
        sourceId: input.sourceId ?? null,
        serviceDate: source?.date ?? null,
        description: input.description ?? source?.description ?? '',
        quantity: input.quantity ?? 1,
        unitMinor,
        taxRateBp: input.taxRateBp ?? 0,
      });
    });

  const paymentDetails = (payment: StoredPayment): PaymentDetails => {
    const allocatedMinor = payment.allocations.reduce((sum, a) => sum + a.amountMinor, 0);
    return {
      ...payment,
      documentId: payment.id,
      documentType: paymentDocumentType(payment.kind),
      allocatedMinor,
      unallocatedMinor: payment.amountMinor - allocatedMinor,
    };
  };
  const paymentOfKind = (kind: 'payment' | 'advance') => (id: unknown) => {
    const found = payments.find((p) => p.id === Number(id) && p.kind === kind);
    return found ? paymentDetails(found) : null;
  };
  const allocate = (clientId: number, allocations: readonly { invoiceId: number; amountMinor: number }[]) =>
    allocations.map<PaymentAllocation>((allocation) => {
      const invoice = find(allocation.invoiceId);
      if (!invoice || invoice.clientId !== clientId || invoice.status === 'draft' || invoice.status === 'void') {
        return fail(400, BILLING_MESSAGES.notClientsInvoice);
      }
      const owed = listItem(invoice).outstandingMinor;
      if (allocation.amountMinor > owed) fail(400, BILLING_MESSAGES.overAllocated(invoice.number ?? '', money(owed)));
      return { invoiceId: invoice.id, invoiceNumber: invoice.number, amountMinor: allocation.amountMinor };
    });
  const afterPayment = (payment: StoredPayment) => {
    for (const allocation of payment.allocations) {
      const invoice = find(allocation.invoiceId);
      if (!invoice) continue;
      event(
        invoice,
        'payment',
        `Payment of ${money(allocation.amountMinor)} by ${payment.method}`,
        allocation.amountMinor,
      );
      if (listItem(invoice).outstandingMinor === 0) event(invoice, 'paid', 'Paid in full');
    }
  };

  const page = <T extends { id: number }>(
    items: T[],
    dayOf: (item: T) => string,
    query: { limit?: unknown; cursor?: string | undefined },
  ) => {
    const sorted = [...items].sort((a, b) => dayOf(b).localeCompare(dayOf(a)) || b.id - a.id);
    const limit = Number(query.limit ?? BILLING_PAGE_SIZE);
    const [day, id] = query.cursor ? query.cursor.split('.') : [];
    const start = day
      ? sorted.findIndex((item) => dayOf(item) < day || (dayOf(item) === day && item.id < Number(id)))
      : 0;
    const slice = start < 0 ? [] : sorted.slice(start, start + limit);
    const last = slice.at(-1);
    const more = start >= 0 && start + limit < sorted.length;
    return { items: slice, nextCursor: more && last ? `${dayOf(last)}.${last.id}` : null };
  };

  return {
    listInvoices: ({ query = {} }) => {
      const items = invoices.map(listItem).filter((invoice) => {
        if (query.kind && invoice.kind !== query.kind) return false;
        if (query.clientId && invoice.clientId !== Number(query.clientId)) return false;
        if (query.payer && invoice.billTo.kind !== query.payer) return false;
        if (query.from && invoice.issueDate < query.from) return false;
        if (query.to && invoice.issueDate > query.to) return false;
        // Every word is in the number, the client's name or the payer's name, as the server searches.
        if (!matchesSearch(query.search, [invoice.number ?? '', invoice.clientName, invoice.billTo.name])) return false;
        if (query.state === 'outstanding') return ['unpaid', 'partly paid', 'overdue'].includes(invoice.state);
        if (query.state && invoice.state !== query.state) return false;
        return true;
      });
      const result = page(items, (invoice) => invoice.issueDate, query);
      return { items: result.items.map((item) => summary(find(item.id)!)), nextCursor: result.nextCursor };
    },
    getInvoice: ({ params }) => {
      const invoice = find(params.id);
      return invoice ? listItem(invoice) : null;
    },
    getDraftInvoice: ({ params }) => {
      const invoice = find(params.id);
      return invoice && invoice.status === 'draft' ? listItem(invoice) : null;
    },
    getInvoiceDetails: ({ params }) => {
      const invoice = find(params.id);
      return invoice && invoice.status !== 'draft' ? documentOf(invoice) : null;
    },
    getDraftInvoiceDetails: ({ params }) => {
      const invoice = find(params.id);
      return invoice && invoice.status === 'draft' ? documentOf(invoice) : null;
    },
    listBillableItems: ({ params }) => ({
      items: (billable[Number(params.clientId)] ?? []).filter(
        (item) => !billed.has(`${item.sourceKind}:${item.sourceId}`),
      ),
    }),
    getClientBalance: ({ params }) => {
      const clientId = Number(params.clientId);
      const mine = invoices
        .filter((invoice) => invoice.clientId === clientId && invoice.kind === 'invoice')
        .map(listItem);
      const credit = payments
        .filter((payment) => payment.clientId === clientId)
        .reduce((sum, payment) => sum + paymentDetails(payment).unallocatedMinor, 0);
      if (!mine.length && !credit) return { clientId, balances: [] };
      const issued = mine.filter((invoice) => invoice.state !== 'draft' && invoice.state !== 'void');
      const sum = (pick: (invoice: InvoiceListItem) => number, list = issued) => list.reduce((s, i) => s + pick(i), 0);
      return {
        clientId,
        balances: [
          {
            currency: BILLING_CURRENCY,
            invoicedMinor: sum((i) => i.totalMinor),
            paidMinor: sum((i) => i.paidMinor),
            creditedMinor: sum((i) => i.creditedMinor),
            outstandingMinor: sum((i) => i.outstandingMinor),
            overdueMinor: sum(
              (i) => i.outstandingMinor,
              issued.filter((i) => i.state === 'overdue'),
            ),
            creditMinor: credit,
          },
        ],
      };
    },
    getBillingSummary: () => {
      if (!invoices.length) return { items: [] };
      const all = invoices.map(listItem);
      const month = today().slice(0, 7);
      return {
        items: [
          {
            currency: BILLING_CURRENCY,
            outstandingMinor: all.reduce((s, i) => s + i.outstandingMinor, 0),
            overdueMinor: all.filter((i) => i.state === 'overdue').reduce((s, i) => s + i.outstandingMinor, 0),
            paidThisMonthMinor: payments.filter((p) => p.date.startsWith(month)).reduce((s, p) => s + p.amountMinor, 0),
            // The mock ledger holds no expenses (the books' mock does).
            expensesThisMonthMinor: 0,
          },
        ],
      };
    },
    createInvoice: ({ body }) => {
      const clientId = body.clientId;
      const lines = linesOf(clientId, body);
      for (const line of lines) if (line.sourceId !== null) billed.add(`${line.sourceKind}:${line.sourceId}`);
      const action = body.action ?? 'draft';
      const invoice = invoiceRecord((nextId += 1), {
        clientId,
        status: action === 'draft' ? 'draft' : action === 'send' ? 'sent' : 'saved',
        number: null,
        sentAt: action === 'send' ? new Date().toISOString() : null,
        issueDate: body.issueDate ?? today(),
        dueDate: body.dueDate ?? body.issueDate ?? today(),
        accountId: body.accountId ?? null,
        currency: body.currency ?? BILLING_CURRENCY,
        notes: body.notes ?? '',
        billTo: {
          kind: body.billToKind ?? 'client',
          contactId: body.contactId ?? null,
          insurerId: body.insurerId ?? null,
          name:
            body.billToKind === 'insurer'
              ? 'Bupa'
              : body.billToKind === 'contact'
                ? 'Priya Patel'
                : (BILLING_CLIENTS[clientId] ?? `Client ${clientId}`),
        },
        lines,
      });
      invoice.events = [];
      if (action !== 'draft') number(invoice);
      invoices.push(invoice);
      event(invoice, 'created', 'Invoice created');
      if (action === 'send') event(invoice, 'sent', `Sent to ${invoice.billTo.name}`);
      return listItem(invoice);
    },
    updateDraftInvoice: ({ params, body }) => {
      const invoice = find(params.id) ?? fail(404, BILLING_MESSAGES.draftNotFound);
      if (invoice.status !== 'draft') fail(409, BILLING_MESSAGES.notADraft);
      if (invoice.version !== body.version) fail(409, BILLING_MESSAGES.draftChanged);
      for (const line of invoice.lines) billed.delete(`${line.sourceKind}:${line.sourceId}`);
      const lines = linesOf(invoice.clientId, body, invoice);
      for (const line of lines) if (line.sourceId !== null) billed.add(`${line.sourceKind}:${line.sourceId}`);
      Object.assign(invoice, {
        lines,
        notes: body.notes ?? '',
        issueDate: body.issueDate ?? invoice.issueDate,
        dueDate: body.dueDate ?? invoice.dueDate,
        accountId: body.accountId ?? invoice.accountId,
        version: invoice.version + 1,
      });
      event(invoice, 'updated', 'Draft invoice updated');
      return listItem(invoice);
    },
    deleteDraftInvoice: ({ params }) => {
      const index = invoices.findIndex((invoice) => invoice.id === Number(params.id));
      const invoice = invoices[index] ?? fail(404, BILLING_MESSAGES.draftNotFound);
      if (invoice.status !== 'draft') fail(409, BILLING_MESSAGES.numberedNotDeleted);
      for (const line of invoice.lines) billed.delete(`${line.sourceKind}:${line.sourceId}`);
      invoices.splice(index, 1);
      return { detail: BILLING_MESSAGES.draftInvoiceDeleted };
    },
    saveInvoice: ({ params }) => {
      const invoice = find(params.id) ?? fail(404, BILLING_MESSAGES.invoiceNotFound);
      if (invoice.status !== 'draft') fail(409, BILLING_MESSAGES.notADraft);
      number(invoice);
      invoice.status = 'saved';
      event(invoice, 'saved', `Invoice ${invoice.number} saved`);
      return listItem(invoice);
    },
    sendInvoice: ({ params }) => {
      const invoice = find(params.id) ?? fail(404, BILLING_MESSAGES.invoiceNotFound);
      if (invoice.status === 'void') fail(409, BILLING_MESSAGES.cannotSendVoid);
      number(invoice);
      invoice.status = 'sent';
      invoice.sentAt = new Date().toISOString();
      event(invoice, 'sent', `Sent to ${invoice.billTo.name}`);
      return listItem(invoice);
    },
    voidInvoice: ({ params, body }) => {
      const invoice = find(params.id) ?? fail(404, BILLING_MESSAGES.invoiceNotFound);
      if (invoice.status === 'void') fail(409, BILLING_MESSAGES.alreadyVoid);
      if (paidOf(invoice.id) > 0) fail(409, BILLING_MESSAGES.voidHasPayments);
      Object.assign(invoice, { status: 'void', reason: body.reason, voidedAt: new Date().toISOString() });
      event(invoice, 'voided', `Voided: ${body.reason}`);
      return listItem(invoice);
    },
    createCreditNote: ({ params, body }) => {
      const invoice = find(params.id) ?? fail(404, BILLING_MESSAGES.invoiceNotFound);
      if (invoice.status === 'draft') fail(409, BILLING_MESSAGES.creditNoteOfDraft);
      const open = invoice.lines.filter(
        (line) => line.creditedByInvoiceId === null && (!body.lineIds?.length || body.lineIds.includes(line.id)),
      );
      if (!open.length) fail(409, BILLING_MESSAGES.nothingToCredit);
      const note = invoiceRecord((nextId += 1), {
        clientId: invoice.clientId,
        kind: 'credit_note',
        number: `CN-${String(nextId).padStart(4, '0')}`,
        issueDate: body.issueDate ?? today(),
        dueDate: body.issueDate ?? today(),
        creditsInvoiceId: invoice.id,
        reason: body.reason,
        billTo: invoice.billTo,
        lines: open.map((line) => ({ ...line, id: (nextId += 1), creditsLineId: line.id })),
      });
      note.events = [];
      for (const line of open) line.creditedByInvoiceId = note.id;
      invoices.push(note);
      event(note, 'created', `Credit note for ${invoice.number}`);
      event(invoice, 'credited', `Credit note ${note.number}: ${body.reason}`, invoiceTotals(note.lines).grossMinor);
      return listItem(note);
    },
    markInvoiceAsPaid: ({ params, body }) => {
      const invoice = find(params.id) ?? fail(404, BILLING_MESSAGES.invoiceNotFound);
      const owed = listItem(invoice).outstandingMinor;
      if (owed <= 0) fail(409, BILLING_MESSAGES.nothingOwed);
      const payment: StoredPayment = {
        id: (nextId += 1),
        kind: 'payment',
        clientId: invoice.clientId,
        clientName: invoice.clientName,
        amountMinor: owed,
        currency: invoice.currency,
        date: body.date,
        method: body.method,
        reference: body.reference ?? '',
        createdAt: new Date().toISOString(),
        allocations: [{ invoiceId: invoice.id, invoiceNumber: invoice.number, amountMinor: owed }],
      };
      payments.push(payment);
      afterPayment(payment);
      return paymentDetails(payment);
    },
    sendPaymentReminder: ({ params }) => {
      const invoice = find(params.id) ?? fail(404, BILLING_MESSAGES.invoiceNotFound);
      if (listItem(invoice).outstandingMinor <= 0) fail(409, BILLING_MESSAGES.reminderNotDue);
      const sentAt = new Date().toISOString();
      invoice.lastReminder = { sentAt, to: 'payer@example.com', count: (invoice.lastReminder?.count ?? 0) + 1 };
      event(invoice, 'reminded', `Reminder sent to ${invoice.billTo.name}`);
      return {
        invoiceId: invoice.id,
        sentAt,
        offsetDays: null,
        to: 'payer@example.com',
        count: invoice.lastReminder.count,
      };
    },
    listPayments: ({ query = {} }) => {
      const items = payments.map(paymentDetails).filter((payment) => {
        if (query.kind && payment.kind !== query.kind) return false;
        if (query.clientId && payment.clientId !== Number(query.clientId)) return false;
        if (query.method && payment.method !== query.method) return false;
        if (query.from && payment.date < query.from) return false;
        if (query.to && payment.date > query.to) return false;
        // Every word is in the client's name or the reference, as the server searches.
        return matchesSearch(query.search, [payment.clientName, payment.reference]);
      });
      const result = page(items, (payment) => payment.date, query);
      return { items: result.items.map(({ allocations: _a, ...payment }) => payment), nextCursor: result.nextCursor };
    },
    getPayment: ({ params }) => paymentOfKind('payment')(params.id),
    getAdvancePayment: ({ params }) => paymentOfKind('advance')(params.id),
    getPaymentDetails: ({ params }) => paymentOfKind('payment')(params.id),
    getAdvancePaymentDetails: ({ params }) => paymentOfKind('advance')(params.id),
    recordPayment: ({ body }) => {
      const payment: StoredPayment = {
        id: (nextId += 1),
        kind: 'payment',
        clientId: body.clientId,
        clientName: BILLING_CLIENTS[body.clientId] ?? `Client ${body.clientId}`,
        amountMinor: body.amountMinor,
        currency: body.currency,
        date: body.date,
        method: body.method,
        reference: body.reference ?? '',
        createdAt: new Date().toISOString(),
        allocations: allocate(body.clientId, body.allocations ?? []),
      };
      payments.push(payment);
      afterPayment(payment);
      return paymentDetails(payment);
    },
    recordAdvancePayment: ({ body }) => {
      const payment: StoredPayment = {
        id: (nextId += 1),
        kind: 'advance',
        clientId: body.clientId,
        clientName: BILLING_CLIENTS[body.clientId] ?? `Client ${body.clientId}`,
        amountMinor: body.amountMinor,
        currency: body.currency,
        date: body.date,
        method: body.method,
        reference: body.reference ?? '',
        createdAt: new Date().toISOString(),
        allocations: [],
      };
      payments.push(payment);
      return paymentDetails(payment);
    },
    deletePayment: ({ params }) => {
      const index = payments.findIndex((p) => p.id === Number(params.id) && p.kind === 'payment');
      if (index < 0) fail(404, BILLING_MESSAGES.paymentNotFound);
      payments.splice(index, 1);
      return { detail: BILLING_MESSAGES.paymentDeleted };
    },
    deleteAdvancePayment: ({ params }) => {
      const index = payments.findIndex((p) => p.id === Number(params.id) && p.kind === 'advance');
      if (index < 0) fail(404, BILLING_MESSAGES.advancePaymentNotFound);
      payments.splice(index, 1);
      return { detail: BILLING_MESSAGES.advancePaymentDeleted };
    },
    listInvoiceTimeline: ({ params }) => {
      const invoice = find(params.id);
      return invoice ? { items: invoice.events } : null;
    },
    getInvoiceTimelineEvent: ({ params }) =>
      invoices.flatMap((invoice) => invoice.events).find((e) => e.id === Number(params.id)) ?? null,
    listInvoiceNotes: ({ params }) => {
      const invoice = find(params.id);
      return invoice ? { items: [...invoice.memos].sort((a, b) => b.id - a.id) } : null;
    },
    getInvoiceNote: ({ params }) => memo(params.id)?.note ?? null,
    createInvoiceNote: ({ params, body }) => {
      const invoice = find(params.id) ?? fail(404, BILLING_MESSAGES.invoiceNotFound);
      const at = new Date().toISOString();
      const note: InvoiceNote = {
        id: (nextId += 1),
        invoiceId: invoice.id,
        text: body.text,
        authorName: 'Amara Okafor',
        version: 1,
        createdAt: at,
        updatedAt: at,
      };
      invoice.memos.push(note);
      return note;
    },
    updateInvoiceNote: ({ params, body }) => {
      const found = memo(params.id) ?? fail(404, BILLING_MESSAGES.noteNotFound);
      if (found.note.version !== body.version) fail(409, BILLING_MESSAGES.noteChanged);
      return Object.assign(found.note, {
        text: body.text,
        version: found.note.version + 1,
        updatedAt: new Date().toISOString(),
      });
    },
    deleteInvoiceNote: ({ params }) => {
      const found = memo(params.id) ?? fail(404, BILLING_MESSAGES.noteNotFound);
      found.invoice.memos.splice(found.invoice.memos.indexOf(found.note), 1);
      return { detail: BILLING_MESSAGES.noteDeleted };
    },
    getLastPaymentReminder: ({ params }) => {
      const invoice = find(params.id);
      if (!invoice) return null;
      return {
        invoiceId: invoice.id,
        sentAt: invoice.lastReminder?.sentAt ?? null,
        offsetDays: null,
        to: invoice.lastReminder?.to ?? null,
        count: invoice.lastReminder?.count ?? 0,
      };
    },
    getInvoicePaymentProcessing: ({ params }) => {
      const invoice = find(params.id);
      if (!invoice) return null;
      const item = listItem(invoice);
      const url =
        options.onlinePayments && item.outstandingMinor > 0 ? `https://halcyon.example/Pay/token-${invoice.id}` : null;
      return {
        invoiceId: invoice.id,
        number: invoice.number,
        payerName: invoice.billTo.name,
        payerEmail: 'payer@example.com',
        outstandingMinor: item.outstandingMinor,
        currency: invoice.currency,
        payableOnline: url !== null,
        payOnlineUrl: url,
      };
    },
  };
}
