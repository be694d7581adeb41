/** Online card payments: what the rest of billing uses (the ledger puts the pay link in the e-mails it sends). */
export { onlinePaymentsRoutes } from './routes';
export { issuePayLink } from './pay';
export { activeAccount } from './account';
export { invoiceLedger, type InvoiceLedger, type PayableDocument, type OnlinePaymentInput } from './ledger';
