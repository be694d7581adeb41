/**
 * What other areas use of the billing settings: a service (the ledger's lines, the session and onboarding pickers, the
 * public booking page), the default account of a currency, the invoice settings, the reminder rules and an insurer.
 */
export { billingSettingsRoutes } from './routes';
export { serviceById, bookableServices, bookableServicesJson, type BookableServiceJson } from './services';
export { defaultAccount, invoiceAccountById } from './accounts';
export { billingSettingsOf, healthcodeAccountOf } from './client-billing';
export { reminderRules } from './reminders';
export { insuranceProviderById } from './insurance';
