import type { FastifyInstance } from 'fastify';
import { BILLING_MESSAGES } from '@halcyon/api/contract';
import type { Platform } from '../../../platform/context';
import { requireAuth } from '../../../platform/auth/guard';
import { registerRoutes } from '../../../platform/http/contract';
import { conflict, notFound } from '../../../platform/errors';

/**
 * The billing ledger's routes (SPEC.md §7, /api/billing-payment/). Until the ledger's tables land, the ledger is empty:
 * lists answer no items, an id answers 404 and a write says so and saves nothing.
 */
export function ledgerRoutes(app: FastifyInstance, _platform: Platform): void {
  const empty = { items: [], nextCursor: null };
  const notYet = () => conflict('Billing is being set up: nothing was saved. Try again shortly.');
  const missing = (detail: string) => () => {
    throw notFound(detail);
  };
  const refused = () => {
    throw notYet();
  };
  registerRoutes(app, {
    listInvoices: (_input, { request }) => (requireAuth(request), empty),
    listPayments: (_input, { request }) => (requireAuth(request), empty),
    getBillingSummary: (_input, { request }) => (requireAuth(request), { items: [] }),
    getInvoice: missing(BILLING_MESSAGES.invoiceNotFound),
    getDraftInvoice: missing(BILLING_MESSAGES.draftNotFound),
    getInvoiceDetails: missing(BILLING_MESSAGES.invoiceNotFound),
    getDraftInvoiceDetails: missing(BILLING_MESSAGES.draftNotFound),
    listBillableItems: missing(BILLING_MESSAGES.clientNotFound),
    getClientBalance: missing(BILLING_MESSAGES.clientNotFound),
    getPayment: missing(BILLING_MESSAGES.paymentNotFound),
    getAdvancePayment: missing(BILLING_MESSAGES.advancePaymentNotFound),
    getPaymentDetails: missing(BILLING_MESSAGES.paymentNotFound),
    getAdvancePaymentDetails: missing(BILLING_MESSAGES.advancePaymentNotFound),
    listInvoiceTimeline: missing(BILLING_MESSAGES.invoiceNotFound),
    getInvoiceTimelineEvent: missing(BILLING_MESSAGES.eventNotFound),
    listInvoiceNotes: missing(BILLING_MESSAGES.invoiceNotFound),
    getInvoiceNote: missing(BILLING_MESSAGES.noteNotFound),
    getLastPaymentReminder: missing(BILLING_MESSAGES.invoiceNotFound),
    getInvoicePaymentProcessing: missing(BILLING_MESSAGES.invoiceNotFound),
    updateDraftInvoice: missing(BILLING_MESSAGES.draftNotFound),
    deleteDraftInvoice: missing(BILLING_MESSAGES.draftNotFound),
    saveInvoice: missing(BILLING_MESSAGES.invoiceNotFound),
    sendInvoice: missing(BILLING_MESSAGES.invoiceNotFound),
    voidInvoice: missing(BILLING_MESSAGES.invoiceNotFound),
    createCreditNote: missing(BILLING_MESSAGES.invoiceNotFound),
    markInvoiceAsPaid: missing(BILLING_MESSAGES.invoiceNotFound),
    sendPaymentReminder: missing(BILLING_MESSAGES.invoiceNotFound),
    deletePayment: missing(BILLING_MESSAGES.paymentNotFound),
    deleteAdvancePayment: missing(BILLING_MESSAGES.advancePaymentNotFound),
    createInvoiceNote: missing(BILLING_MESSAGES.invoiceNotFound),
    updateInvoiceNote: missing(BILLING_MESSAGES.noteNotFound),
    deleteInvoiceNote: missing(BILLING_MESSAGES.noteNotFound),
    createInvoice: refused,
    recordPayment: refused,
    recordAdvancePayment: refused,
  });
}
