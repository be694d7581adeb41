import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { InvoiceAccountsService } from './accounts';
import { billingSettingsOf, healthcodeAccountOf, saveBillingSettings, saveHealthcodeAccount } from './client-billing';
import { InsuranceProvidersService } from './insurance';
import { InvoiceRemindersService } from './reminders';
import { ServicesService } from './services';

/**
 * The practice's billing settings (SPEC.md §7, Settings > Services, Client-billing, Insurance): services, invoice
 * settings, invoice accounts, reminder rules, insurers and the Healthcode account. Every call is scoped by the token's
 * practice; the contract's access rules say who reads and who writes, and the platform's hook writes the audit entries.
 */
export function billingSettingsRoutes(app: FastifyInstance, platform: Platform): void {
  const db = platform.database.db;
  const services = new ServicesService(db);
  const accounts = new InvoiceAccountsService(db);
  const reminders = new InvoiceRemindersService(db);
  const insurers = new InsuranceProvidersService(db);
  const practiceOf = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request).practiceId;
  registerRoutes(app, {
    listServices: ({ query }, { request }) => services.list(practiceOf(request), query),
    getService: ({ params }, { request }) => services.one(practiceOf(request), params.id),
    createService: ({ body }, { request }) => services.create(practiceOf(request), body),
    updateService: ({ params, body }, { request }) => services.update(practiceOf(request), params.id, body),
    deleteService: ({ params }, { request }) => services.remove(practiceOf(request), params.id),
    getBillingSettings: (_input, { request }) => billingSettingsOf(db, practiceOf(request)),
    updateBillingSettings: ({ body }, { request }) => saveBillingSettings(db, practiceOf(request), body),
    listInvoiceAccounts: (_input, { request }) => accounts.list(practiceOf(request)),
    getInvoiceAccount: ({ params }, { request }) => accounts.one(practiceOf(request), params.id),
    getDefaultInvoiceAccount: ({ params }, { request }) => accounts.defaultOf(practiceOf(request), params.currency),
    createInvoiceAccount: ({ body }, { request }) => accounts.create(practiceOf(request), body),
    updateInvoiceAccount: ({ params, body }, { request }) => accounts.update(practiceOf(request), params.id, body),
    deleteInvoiceAccount: ({ params }, { request }) => accounts.remove(practiceOf(request), params.id),
    listInvoiceReminders: (_input, { request }) => reminders.list(practiceOf(request)),
    getInvoiceReminder: ({ params }, { request }) => reminders.one(practiceOf(request), params.id),
    createInvoiceReminder: ({ body }, { request }) => reminders.create(practiceOf(request), body),
    updateInvoiceReminder: ({ params, body }, { request }) => reminders.update(practiceOf(request), params.id, body),
    deleteInvoiceReminder: ({ params }, { request }) => reminders.remove(practiceOf(request), params.id),
    listInsuranceProviders: (_input, { request }) => insurers.list(practiceOf(request)),
    getInsuranceProvider: ({ params }, { request }) => insurers.one(practiceOf(request), params.id),
    createInsuranceProvider: ({ body }, { request }) => insurers.create(practiceOf(request), body),
    updateInsuranceProvider: ({ params, body }, { request }) => insurers.update(practiceOf(request), params.id, body),
    deleteInsuranceProvider: ({ params }, { request }) => insurers.remove(practiceOf(request), params.id),
    getHealthcodeAccount: (_input, { request }) => healthcodeAccountOf(db, practiceOf(request)),
    updateHealthcodeAccount: ({ body }, { request }) => saveHealthcodeAccount(db, practiceOf(request), body),
  });
}
