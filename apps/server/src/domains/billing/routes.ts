import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../platform/context';
import { ledgerRoutes } from './ledger/routes';

/**
 * Billing (issue 15), one area per folder, each with its routes, schema and services: the ledger (invoices, credit notes,
 * payments, their timeline and notes, reminders). Each area's routes are registered here, once, from app.ts.
 */
export function billingRoutes(app: FastifyInstance, platform: Platform): void {
  ledgerRoutes(app, platform);
}
