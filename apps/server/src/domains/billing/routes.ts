import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { documentOrNull, incomeFigures, invoiceCsvRows, invoiceOrNull, ledgerRoutes, paymentCsvRows } from './ledger';
import { invoicePdfRoutes } from './ledger/pdfRoutes';
import { invoiceLedger, onlinePaymentsRoutes } from './online';
import { payLinksOf } from './pay-links';
import { billingSettingsRoutes, insuranceProviderById } from './settings';
import { claimsRoutes } from './claims/routes';
import { expensesRoutes } from './expenses/routes';
import { exportsRoutes } from './exports/routes';

/**
 * Billing (issue 15), one area per folder, each with its routes, schema and services: the ledger (invoices, credit notes,
 * payments, their timeline and notes, reminders, the invoice PDF), settings (services, invoice settings and accounts,
 * reminder rules, insurers), online (online card payments: the provider account, pay links, checkouts, webhooks),
 * expenses, insurance claims and the accountant's exports.
 * Each area's routes are registered here, once, from app.ts.
 */
export function billingRoutes(app: FastifyInstance, platform: Platform): void {
  const payLinks = payLinksOf(platform);
  ledgerRoutes(app, platform, payLinks);
  // The invoice PDF: the ledger's document of an invoice, draft or credit note, pay link included (as the preview).
  invoicePdfRoutes(app, platform, (db, practiceId, invoiceId) => documentOrNull(db, practiceId, invoiceId, payLinks));
  billingSettingsRoutes(app, platform);
  // Online payments read an issued invoice's document and record the provider's payments in the ledger, once per event.
  onlinePaymentsRoutes(app, platform, invoiceLedger);
  expensesRoutes(app, platform);
  // Claims copy an issued invoice of the ledger; the accountant's exports read its invoices, payments and figures.
  claimsRoutes(app, platform, { invoiceById: invoiceOrNull, insuranceProviderById });
  exportsRoutes(app, platform, { invoiceCsvRows, paymentCsvRows, incomeFigures });
}
