import { ApiError } from '../../client/errors';
import {
  DEFAULT_CURRENCY,
  DELETABLE_CLAIM_STATUSES,
  EXPENSE_MESSAGES,
  INSURANCE_CLAIM_MESSAGES,
  canMoveClaim,
  listExpensesQuerySchema,
  listInsuranceClaimsQuerySchema,
  type Expense,
  type InsuranceClaim,
  type InsuranceClaimDetails,
  type StoredFile,
} from '../../contract';
import { lineTax } from '../../money';
import type { MockHandlers } from '../createMockClient';

const STAMP = '2026-03-02T09:00:00.000Z';

export const RECEIPT_FILE: StoredFile = {
  id: '00000000-0000-4000-8000-0000000000e1',
  name: 'harbour-rooms-march.pdf',
  size: 48_213,
  type: 'application/pdf',
};

const expense = (e: Omit<Expense, 'taxMinor' | 'totalMinor' | 'version' | 'createdAt' | 'updatedAt'>): Expense => {
  const taxMinor = lineTax(e.amountMinor, e.taxRateBp);
  return { ...e, taxMinor, totalMinor: e.amountMinor + taxMinor, version: 1, createdAt: STAMP, updatedAt: STAMP };
};

/** A few months of a small practice's spending: rooms, supervision, training and travel. */
export const EXPENSES: Expense[] = [
  expense({
    id: 301,
    date: '2026-03-01',
    category: 'rooms',
    supplier: 'Harbour Rooms Ltd',
    description: 'Room 2, March',
    amountMinor: 48_000,
    currency: 'GBP',
    taxRateBp: 2000,
    receipt: RECEIPT_FILE,
  }),
  expense({
    id: 302,
    date: '2026-02-24',
    category: 'supervision',
    supplier: 'Dr R. Mensah',
    description: 'Monthly clinical supervision',
    amountMinor: 9_000,
    currency: 'GBP',
    taxRateBp: 0,
    receipt: null,
  }),
  expense({
    id: 303,
    date: '2026-02-10',
    category: 'travel',
    supplier: 'Great Western Railway',
    description: 'Training day, Bath',
    amountMinor: 2_350,
    currency: 'GBP',
    taxRateBp: 0,
    receipt: null,
  }),
];

/** One claim of each status after draft: submitted, paid and rejected, and a draft. */
export const INSURANCE_CLAIMS: InsuranceClaimDetails[] = (
  [
    [401, 'submitted', 'INV-0041', 'Morgan Adeyemi'],
    [402, 'paid', 'INV-0038', 'Sam Whitfield'],
    [403, 'rejected', 'INV-0035', 'Priya Raman'],
    [404, 'draft', 'INV-0044', 'Morgan Adeyemi'],
  ] as const
).map(([id, status, invoiceNumber, clientName], i) => ({
  id,
  invoiceId: 900 + i,
  invoiceNumber,
  clientId: 10 + i,
  clientName,
  insuranceProviderId: 51,
  providerName: 'Bupa',
  payerId: 'BUPA01',
  healthcodeProviderCode: 'HC-4471',
  policyNumber: `PN-20${id}`,
  membershipNumber: `M-${id}7`,
  authorisationCode: `AUTH-${id}`,
  status,
  currency: 'GBP',
  netMinor: 19_500,
  taxMinor: 0,
  totalMinor: 19_500,
  submittedAt: status === 'draft' ? null : STAMP,
  settledAt: status === 'paid' || status === 'rejected' ? STAMP : null,
  rejectionReason: status === 'rejected' ? 'The policy does not cover couples work.' : '',
  notes: '',
  version: 1,
  createdAt: STAMP,
  updatedAt: STAMP,
  createdByName: 'Amara Okafor',
  lines: [1, 2, 3].map((n) => ({
    id: id * 10 + n,
    description: `Individual session, ${n} Feb 2026`,
    serviceDate: `2026-02-0${n}`,
    quantity: 1,
    unitMinor: 6_500,
    taxRateBp: 0,
    netMinor: 6_500,
    taxMinor: 0,
    grossMinor: 6_500,
  })),
}));

const summaryOf = ({ lines: _lines, createdByName: _by, ...claim }: InsuranceClaimDetails): InsuranceClaim => claim;

function page<T>(items: T[], query: { page: number; pageSize: number }) {
  const pageNumber = query.page;
  const pageSize = query.pageSize;
  const start = (pageNumber - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page: pageNumber,
    pageSize,
    total: items.length,
    totalCapped: false,
  };
}

const csv = (text: string) => new Blob([`\ufeff${text}`], { type: 'text/csv' });

/**
 * Stateful handlers of the books (expenses, insurance claims, the accountant's exports): lists page and filter like the
 * server, writes keep the SPEC sentences and the server's refusals (a stale version, a move a claim cannot make).
 */
export function billingBooksHandlers(
  options: { expenses?: Expense[]; claims?: InsuranceClaimDetails[]; currency?: string } = {},
): MockHandlers {
  const expenses = (options.expenses ?? EXPENSES).map((e) => structuredClone(e));
  const claims = (options.claims ?? INSURANCE_CLAIMS).map((c) => structuredClone(c));
  let nextId = 1000;
  const fail = (status: number, message: string): never => {
    throw new ApiError(status, message);
  };
  const findExpense = (id: unknown) => expenses.find((e) => e.id === Number(id)) ?? null;
  const findClaim = (id: unknown) => claims.find((c) => c.id === Number(id)) ?? null;
  const fromBody = (body: {
    date: string;
    category: Expense['category'];
    supplier: string;
    description?: string;
    amountMinor: number;
    currency: string;
    taxRateBp: number;
    receiptFileId?: string | null;
  }) => {
    const taxMinor = lineTax(body.amountMinor, body.taxRateBp);
    return {
      date: body.date,
      category: body.category,
      supplier: body.supplier,
      description: body.description ?? '',
      amountMinor: body.amountMinor,
      currency: body.currency.toUpperCase(),
      taxRateBp: body.taxRateBp,
      taxMinor,
      totalMinor: body.amountMinor + taxMinor,
      receipt: body.receiptFileId ? { ...RECEIPT_FILE, id: body.receiptFileId } : null,
    };
  };
  return {
    listExpenses: ({ query: input }) => {
      const query = listExpensesQuerySchema.parse(input ?? {});
      const sorted = [...expenses]
        .filter((e) => (!query.from || e.date >= query.from) && (!query.to || e.date <= query.to))
        .filter((e) => !query.category?.length || query.category.includes(e.category))
        .filter((e) => !query.search || e.supplier.toLowerCase().includes(query.search.toLowerCase()))
        .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
      return { ...page(sorted, query), currency: options.currency ?? DEFAULT_CURRENCY };
    },
    getExpense: ({ params }) => findExpense(params.id),
    getExpenseDetails: ({ params }) => {
      const found = findExpense(params.id);
      return found && { ...found, createdByName: 'Amara Okafor', updatedByName: 'Amara Okafor' };
    },
    createExpense: ({ body }) => {
      const created: Expense = { id: (nextId += 1), ...fromBody(body), version: 1, createdAt: STAMP, updatedAt: STAMP };
      expenses.push(created);
      return created;
    },
    updateExpense: ({ params, body }) => {
      const found = findExpense(params.id) ?? fail(404, EXPENSE_MESSAGES.notFound);
      if (found.version !== body.version) fail(409, EXPENSE_MESSAGES.changed);
      Object.assign(found, fromBody(body), { version: found.version + 1 });
      return found;
    },
    deleteExpense: ({ params }) => {
      const index = expenses.findIndex((e) => e.id === Number(params.id));
      if (index < 0) fail(404, EXPENSE_MESSAGES.notFound);
      expenses.splice(index, 1);
      return { detail: EXPENSE_MESSAGES.deleted };
    },
    listInsuranceClaims: ({ query: input }) => {
      const query = listInsuranceClaimsQuerySchema.parse(input ?? {});
      return page(
        claims
          .filter((c) => !query.status?.length || query.status.includes(c.status))
          .filter((c) => query.clientId === undefined || c.clientId === query.clientId)
          .map(summaryOf),
        query,
      );
    },
    getInsuranceClaim: ({ params }) => {
      const found = findClaim(params.id);
      return found && summaryOf(found);
    },
    getInsuranceClaimDetails: ({ params }) => findClaim(params.id),
    createInsuranceClaim: ({ body }) => {
      const template = claims[0] ?? INSURANCE_CLAIMS[0]!;
      const created: InsuranceClaimDetails = {
        ...structuredClone(template),
        id: (nextId += 1),
        invoiceId: Number(body.invoiceId),
        status: 'draft',
        submittedAt: null,
        settledAt: null,
        rejectionReason: '',
        version: 1,
      };
      claims.unshift(created);
      return summaryOf(created);
    },
    updateInsuranceClaimStatus: ({ params, body }) => {
      const found = findClaim(params.id) ?? fail(404, INSURANCE_CLAIM_MESSAGES.notFound);
      if (found.version !== body.version) fail(409, INSURANCE_CLAIM_MESSAGES.changed);
      if (!canMoveClaim(found.status, body.status))
        fail(409, INSURANCE_CLAIM_MESSAGES.transition(found.status, body.status));
      found.status = body.status;
      found.version += 1;
      if (body.status === 'submitted') found.submittedAt = STAMP;
      else found.settledAt = STAMP;
      found.rejectionReason = body.status === 'rejected' ? (body.reason ?? '') : '';
      return summaryOf(found);
    },
    deleteInsuranceClaim: ({ params }) => {
      const found = findClaim(params.id) ?? fail(404, INSURANCE_CLAIM_MESSAGES.notFound);
      if (!DELETABLE_CLAIM_STATUSES.includes(found.status)) {
        fail(409, INSURANCE_CLAIM_MESSAGES.notDeletable);
      }
      claims.splice(claims.indexOf(found), 1);
      return { detail: INSURANCE_CLAIM_MESSAGES.deleted };
    },
    exportInsuranceClaim: ({ params }) => csv(`Claim,Status\r\n${String(params.id)},Draft\r\n`),
    exportInvoices: () => csv('Number,Type\r\n'),
    exportPayments: () => csv('Date,Type\r\n'),
    exportExpenses: () => csv('Date,Category\r\n'),
    exportYearlySummary: () => csv('Currency,Month\r\n'),
    getYearlySummary: ({ params }) => ({ year: Number(params.year), currencies: [] }),
  };
}
