/**
 * What other areas use of the billing ledger: billing-online records a payment from its webhook (`recordPayment`, with
 * the provider's event id as idempotency key), adds `viewed` to the timeline, and plugs in the pay-online link;
 * billing-web's PDF and billing-books' claims and exports read an invoice and its document; the clients vertical reads
 * balances; the client portal lists what a client still owes; the server runs the reminder job.
 */
export { ledgerRoutes } from './routes';
export { recordPayment, type PaymentInput } from './payments';
export {
  invoiceById,
  invoiceOrNull,
  documentOrNull,
  invoiceDocument,
  issuedDocumentOrNull,
  clientBalanceSql,
  NO_PAY_LINKS,
  type PayLinks,
} from './reads';
export { invoiceCsvRows, paymentCsvRows, incomeFigures } from './exports';
export { addInvoiceEvent, recordInvoiceViewed, type NewInvoiceEvent } from './events';
export { OPEN_SQL, PAID_SQL, CREDITED_SQL } from './figures';
export { invoiceReminderJob, sendDueReminders, INVOICE_REMINDERS_QUEUE } from './reminders';
