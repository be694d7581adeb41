import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import type { Db } from '../../../platform/db';
import { registerRoutes } from '../../../platform/http/contract';
import { sendCsv, type CsvCell } from '../../../platform/csv';
import { expenseCsvRows, summaryCsvRows, yearlySummary, type IncomeFigures, type Period } from './service';

/** The ledger's part of the accountant's exports: its invoices and payments as CSV rows, and its figures of a year. */
export interface LedgerExports {
  invoiceCsvRows(db: Db, practiceId: number, period: Period): AsyncIterable<CsvCell[]>;
  paymentCsvRows(db: Db, practiceId: number, period: Period): AsyncIterable<CsvCell[]>;
  incomeFigures: IncomeFigures;
}

/** The accountant's CSV exports of a period and the yearly summary (figures and CSV). Each export is audited. */
export function exportsRoutes(app: FastifyInstance, platform: Platform, ledger: LedgerExports): void {
  const db = platform.database.db;
  const file = (what: string, period: Period) => `${what}-${period.from}-to-${period.to}.csv`;
  registerRoutes(app, {
    exportInvoices: ({ query }, { request, reply }) =>
      sendCsv(reply, file('invoices', query), ledger.invoiceCsvRows(db, requireAuth(request).practiceId, query)),
    exportPayments: ({ query }, { request, reply }) =>
      sendCsv(reply, file('payments', query), ledger.paymentCsvRows(db, requireAuth(request).practiceId, query)),
    exportExpenses: ({ query }, { request, reply }) =>
      sendCsv(reply, file('expenses', query), expenseCsvRows(db, requireAuth(request).practiceId, query)),
    getYearlySummary: ({ params }, { request }) =>
      yearlySummary(db, requireAuth(request).practiceId, params.year, ledger.incomeFigures),
    exportYearlySummary: async ({ params }, { request, reply }) => {
      const summary = await yearlySummary(db, requireAuth(request).practiceId, params.year, ledger.incomeFigures);
      return sendCsv(reply, `summary-${params.year}.csv`, summaryCsvRows(summary));
    },
  });
}
