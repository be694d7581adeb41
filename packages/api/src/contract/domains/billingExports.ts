import { z } from 'zod';
import { ALL_ROLES, defineRoutes } from '../route';
import { decimal } from './common';
import { DATE_RANGES, dateInRange, dateOrder } from '../dates';
import { EXPENSE_CATEGORIES } from './expenses';

/**
 * What the practice hands its accountant (issue 15 item 10): CSV files of the invoices (credit notes too), payments
 * (advance payments too) and expenses of a period, and a yearly summary (per month and per currency: invoiced, tax,
 * received, spent) as figures and as CSV. Every amount is in the currency's major units in the files, with its currency
 * beside it; a cell that a spreadsheet would run as a formula is written as text. Billing is open to every role.
 */

/** The longest period one export covers: a little over a year, so a file is always an accountant's year or less. */
export const EXPORT_PERIOD_MAX_DAYS = 366;

export const BILLING_EXPORT_MESSAGES = {
  periodTooLong: `Choose a period of at most ${EXPORT_PERIOD_MAX_DAYS} days: export a year at a time.`,
  /** What the Billing page says when a download fails (the status comes first, SPEC.md §8). */
  downloadFailed: 'The export could not be downloaded. Check your connection and try again.',
} as const;

/** The first and last years a summary covers. */
export const SUMMARY_YEAR_MIN = 2000;
export const SUMMARY_YEAR_MAX = 2100;

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** A period of days, first to last, both included. */
export const exportPeriodQuerySchema = z
  .strictObject({
    from: dateInRange('the first day', DATE_RANGES.report),
    to: dateInRange('the last day', DATE_RANGES.report),
  })
  .refine(...dateOrder('to', 'the last day', 'from', 'the first day'))
  .refine((period) => daysBetween(period.from, period.to) < EXPORT_PERIOD_MAX_DAYS, {
    path: ['to'],
    message: BILLING_EXPORT_MESSAGES.periodTooLong,
  });
export type ExportPeriodQuery = z.input<typeof exportPeriodQuerySchema>;

const yearParams = z.strictObject({
  year: decimal(
    z.coerce
      .number({ error: 'Choose a year.' })
      .int('Choose a year.')
      .min(SUMMARY_YEAR_MIN, `Choose a year from ${SUMMARY_YEAR_MIN}.`)
      .max(SUMMARY_YEAR_MAX, `Choose a year up to ${SUMMARY_YEAR_MAX}.`),
  ),
});

const figuresSchema = z.object({
  /** Invoices issued (net, tax, gross), less the credit notes issued. */
  invoicedNetMinor: z.number(),
  invoicedTaxMinor: z.number(),
  invoicedGrossMinor: z.number(),
  /** Payments received (advance payments included), less refunds. */
  receivedMinor: z.number(),
  /** Expenses (before tax, tax, total). */
  expensesNetMinor: z.number(),
  expensesTaxMinor: z.number(),
  expensesTotalMinor: z.number(),
});
export type YearlyFigures = z.infer<typeof figuresSchema>;

export const yearlySummarySchema = z.object({
  year: z.number(),
  /** One block per currency the practice invoiced, received or spent in that year (none: an empty list). */
  currencies: z.array(
    z.object({
      currency: z.string(),
      /** Twelve months, January first: `month` is `YYYY-MM`. */
      months: z.array(figuresSchema.extend({ month: z.string() })),
      totals: figuresSchema,
      expensesByCategory: z.array(
        z.object({
          category: z.enum(EXPENSE_CATEGORIES),
          netMinor: z.number(),
          taxMinor: z.number(),
          totalMinor: z.number(),
        }),
      ),
    }),
  ),
});
export type YearlySummary = z.infer<typeof yearlySummarySchema>;

const csv = { response: z.unknown(), raw: true } as const;

export const billingExportsRoutes = defineRoutes({
  exportInvoices: {
    method: 'GET',
    path: '/api/billing-payment/exports/invoices',
    summary: 'The invoices and credit notes issued in a period, as CSV (drafts are not issued and are left out)',
    access: ALL_ROLES,
    query: exportPeriodQuerySchema,
    ...csv,
  },
  exportPayments: {
    method: 'GET',
    path: '/api/billing-payment/exports/payments',
    summary: 'The payments and advance payments received in a period, as CSV, with the invoices each settled',
    access: ALL_ROLES,
    query: exportPeriodQuerySchema,
    ...csv,
  },
  exportExpenses: {
    method: 'GET',
    path: '/api/billing-payment/exports/expenses',
    summary: 'The expenses of a period, as CSV',
    access: ALL_ROLES,
    query: exportPeriodQuerySchema,
    ...csv,
  },
  getYearlySummary: {
    method: 'GET',
    path: '/api/billing-payment/yearly-summary/:year',
    summary: 'A calendar year in figures, per currency and month: invoiced, tax, received and spent',
    access: ALL_ROLES,
    params: yearParams,
    response: yearlySummarySchema,
  },
  exportYearlySummary: {
    method: 'GET',
    path: '/api/billing-payment/exports/yearly-summary/:year',
    summary: 'The yearly summary as CSV: a row per currency and month, then the totals and the expenses by category',
    access: ALL_ROLES,
    params: yearParams,
    ...csv,
  },
});
