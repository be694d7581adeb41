import { humanDate } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import type { MailMessage } from '../../../platform/mail';
import { renderMail } from '../../../platform/mail/templates';
import type { PayableDocument } from './ledger';

/** A card payment as the receipt tells it: what came in, when, its reference, and how much of it the invoice took. */
export interface ReceiptPayment {
  amountMinor: number;
  currency: string;
  /** The day it was paid (YYYY-MM-DD). */
  date: string;
  reference: string;
  /** What the invoice took of it; the rest is the client's credit. */
  allocatedMinor: number;
}

/**
 * The receipt e-mailed to whoever paid an invoice online (its bill-to address): the amount, the invoice, the day, the
 * provider's reference, and what is left, so the payer has a record without asking the practice for one.
 */
export function paymentReceiptMail(document: PayableDocument, to: string, payment: ReceiptPayment): MailMessage {
  const amount = formatMoney(payment.amountMinor, payment.currency);
  const left = Math.max(0, document.outstandingMinor - payment.allocatedMinor);
  const credit = payment.amountMinor - payment.allocatedMinor;
  return renderMail(
    { name: document.practice.name, logoUrl: null },
    {
      to,
      subject: `Receipt for your payment of ${amount} to ${document.practice.name}`,
      greeting: `Hello ${document.billTo.name},`,
      paragraphs: [
        `Thank you: ${document.practice.name} has received your card payment of ${amount} for invoice ${document.number ?? ''}.`,
        `Paid on ${humanDate(payment.date)}. Payment reference: ${payment.reference}.`,
        left > 0
          ? `${formatMoney(left, payment.currency)} is still owed on the invoice.`
          : 'The invoice is paid in full.',
        ...(credit > 0
          ? [`${formatMoney(credit, payment.currency)} of it is kept as credit on your account for later invoices.`]
          : []),
      ],
      after: ['Keep this e-mail as your receipt. Your card details never reached the practice or Halcyon.'],
    },
  );
}
