import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { issuedDocumentOrNull, ledgerRoutes } from './ledger';
import { invoicePdfRoutes } from './ledger/pdfRoutes';
import { invoiceLedger, onlinePaymentsRoutes } from './online';
import { payLinksOf } from './pay-links';
import { billingSettingsRoutes } from './settings';

/**
 * Billing (issue 15), one area per folder, each with its routes, schema and services: the ledger (invoices, credit notes,
 * payments, their timeline and notes, reminders, the invoice PDF), settings (services, invoice settings and accounts,
 * reminder rules, insurers) and online (online card payments: the provider account, pay links, checkouts, webhooks).
 * Each area's routes are registered here, once, from app.ts.
 */
export function billingRoutes(app: FastifyInstance, platform: Platform): void {
  const payLinks = payLinksOf(platform);
  ledgerRoutes(app, platform, payLinks);
  // The invoice PDF: the ledger's document of an issued invoice or credit note, pay link included (as the preview).
  invoicePdfRoutes(app, platform, (db, practiceId, invoiceId) =>
    issuedDocumentOrNull(db, practiceId, invoiceId, payLinks),
  );
  billingSettingsRoutes(app, platform);
  // Online payments read an issued invoice's document and record the provider's payments in the ledger, once per event.
  onlinePaymentsRoutes(app, platform, invoiceLedger);
}
