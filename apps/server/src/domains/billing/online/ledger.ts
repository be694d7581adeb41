import type { Db } from '../../../platform/db';

/**
 * What online payments need of the ledger (billing-ledger's `invoiceDocument` and `recordPayment`), named here so this
 * area depends on those two calls only. An invoice document as the ledger builds it satisfies `PayableDocument`.
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
}

/**
 * The ledger before its server is in place: no invoice is found, so no pay link opens and no payment is recorded. The
 * composition (billing/routes.ts) passes the real ledger instead once it exists.
 */
export const noLedgerYet: InvoiceLedger = {
  invoiceDocument: () => Promise.resolve(null),
  recordPayment: () => Promise.reject(new Error('The invoice ledger is not in place yet.')),
};
