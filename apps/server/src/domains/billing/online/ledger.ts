import type { Db } from '../../../platform/db';
import { issuedDocumentOrNull, recordInvoiceViewed, recordPayment } from '../ledger';

/**
 * What online payments need of the ledger (billing-ledger's `invoiceDocument` and `recordPayment`), named here so this
 * area depends on those two calls only (and its tests can stand in for them). An invoice document as the ledger builds it satisfies `PayableDocument`.
 */
export interface PayableDocument {
  invoiceId: number;
  kind: 'invoice' | 'credit_note';
  status: 'draft' | 'saved' | 'sent' | 'void';
  number: string | null;
  issueDate: string;
  dueDate: string;
  currency: string;
  practice: { name: string };
  billTo: { name: string; email: string | null };
  client: { id: number; name: string };
  totalMinor: number;
  paidMinor: number;
  outstandingMinor: number;
}

/** A card payment the provider took for one invoice, as the ledger records it. */
export interface OnlinePaymentInput {
  clientId: number;
  amountMinor: number;
  currency: string;
  /** The day it was paid (YYYY-MM-DD). */
  date: string;
  method: 'online';
  /** The provider's payment reference. */
  reference: string;
  allocations: { invoiceId: number; amountMinor: number }[];
}

export interface InvoiceLedger {
  invoiceDocument(db: Db, practiceId: number, invoiceId: number): Promise<PayableDocument | null>;
  /** Records the payment once per idempotency key (a second call with the same key answers the first payment). */
  recordPayment(db: Db, practiceId: number, input: OnlinePaymentInput, idempotencyKey: string): Promise<{ id: number }>;
  /** The invoice was opened from its pay link: its timeline says "viewed" (once after each sending or reminder). */
  recordViewed(db: Db, practiceId: number, document: PayableDocument): Promise<void>;
}

/**
 * The billing ledger itself: an issued invoice's document (null for a draft or another practice's invoice) and its
 * `recordPayment`, which records a provider's payment once per idempotency key (the provider's event id) and tells the
 * invoice's therapist when it is paid in full.
 */
export const invoiceLedger: InvoiceLedger = {
  invoiceDocument: issuedDocumentOrNull,
  recordPayment: (db, practiceId, input, idempotencyKey) =>
    recordPayment(db, practiceId, { ...input, source: 'online' }, idempotencyKey),
  recordViewed: (db, practiceId, document) =>
    recordInvoiceViewed(db, practiceId, document.invoiceId, document.number ?? ''),
};
