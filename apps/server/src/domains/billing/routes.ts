import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { ledgerRoutes } from './ledger/routes';
import { noLedgerYet, onlinePaymentsRoutes } from './online';
import { invoicePdfRoutes } from './ledger/pdfRoutes';
import { billingSettingsRoutes } from './settings';

/**
 * Billing (issue 15), one area per folder, each with its routes, schema and services: the ledger (invoices, credit notes,
 * payments, their timeline and notes, reminders), settings (services, invoice settings and accounts, reminder rules,
 * insurers) and online (online card payments: the provider account, pay links, checkouts, webhooks). Each area's routes
 * are registered here, once, from app.ts.
 */
export function billingRoutes(app: FastifyInstance, platform: Platform): void {
  ledgerRoutes(app, platform);
  // The ledger is empty until its tables land: no invoice has a document yet.
  invoicePdfRoutes(app, platform, () => Promise.resolve(null));
  billingSettingsRoutes(app, platform);
  onlinePaymentsRoutes(app, platform, noLedgerYet);
}
