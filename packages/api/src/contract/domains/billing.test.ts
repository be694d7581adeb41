import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BILLING_MESSAGES,
  createInvoiceBodySchema,
  creditNoteBodySchema,
  invoiceDocumentType,
  invoiceListQuerySchema,
  paymentDocumentType,
  recordPaymentBodySchema,
} from './billing';

/** The message zod gives for the field at `path`, or undefined when the field is fine. */
function messageAt(schema: z.ZodType, body: unknown, path: string): string | undefined {
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

const freeLine = { sourceKind: 'free', description: 'Report', unitMinor: 5000 };

describe('the billing contract', () => {
  it('given a tax rate of 500%, then the line is refused with a message naming the rate', () => {
    const body = { clientId: 1, lines: [{ ...freeLine, taxRateBp: 50_000 }] };
    expect(messageAt(createInvoiceBodySchema, body, 'lines.0.taxRateBp')).toBe('Enter a tax rate of at most 100%.');
  });

  it('given a negative price, then the line is refused with a message naming the price', () => {
    const body = { clientId: 1, lines: [{ ...freeLine, unitMinor: -100 }] };
    expect(messageAt(createInvoiceBodySchema, body, 'lines.0.unitMinor')).toBe('The price cannot be negative.');
  });

  it('given a free line without description or price, then each is asked for', () => {
    const body = { clientId: 1, lines: [{ sourceKind: 'free' }] };
    expect(messageAt(createInvoiceBodySchema, body, 'lines.0.description')).toBe(BILLING_MESSAGES.descriptionMissing);
    expect(messageAt(createInvoiceBodySchema, body, 'lines.0.unitMinor')).toBe('Enter the price.');
  });

  it('given the same session twice, a contact bill-to without its contact, and a due date before the issue date, then each field says so', () => {
    const body = {
      clientId: 1,
      billToKind: 'contact',
      issueDate: '2026-11-10',
      dueDate: '2026-11-01',
      lines: [
        { sourceKind: 'session', sourceId: 7 },
        { sourceKind: 'session', sourceId: 7 },
      ],
    };
    expect(messageAt(createInvoiceBodySchema, body, 'lines.1.sourceId')).toBe(BILLING_MESSAGES.sourceTwice);
    expect(messageAt(createInvoiceBodySchema, body, 'contactId')).toBe(BILLING_MESSAGES.contactMissing);
    expect(messageAt(createInvoiceBodySchema, body, 'dueDate')).toBe(
      'The due date must be on or after the issue date.',
    );
  });

  it('given a valid invoice, then defaults fill in (a draft, quantity 1) and only the payer of its kind is kept', () => {
    const parsed = createInvoiceBodySchema.parse({
      clientId: 1,
      billToKind: 'client',
      contactId: 4,
      lines: [{ sourceKind: 'session', sourceId: 7 }, freeLine],
    });
    expect(parsed).toMatchObject({ action: 'draft', contactId: null, insurerId: null, notes: '' });
    expect(parsed.lines.map((line) => line.quantity)).toEqual([1, 1]);
    expect(parsed.lines[1]?.sourceId).toBeNull();
  });

  it('given a payment, then a negative or zero amount and allocations above it are refused, naming the field', () => {
    const base = { clientId: 1, currency: 'GBP', date: '2026-11-01', method: 'card' };
    expect(messageAt(recordPaymentBodySchema, { ...base, amountMinor: -5 }, 'amountMinor')).toBe(
      'Enter the amount above zero.',
    );
    const over = {
      ...base,
      amountMinor: 5000,
      allocations: [
        { invoiceId: 1, amountMinor: 3000 },
        { invoiceId: 2, amountMinor: 3000 },
      ],
    };
    expect(messageAt(recordPaymentBodySchema, over, 'allocations')).toBe(
      BILLING_MESSAGES.allocationsExceedPayment('£50.00'),
    );
    expect(messageAt(recordPaymentBodySchema, { ...base, amountMinor: 5000, currency: 'XYZ1' }, 'currency')).toBe(
      'Choose a currency from the list, such as GBP.',
    );
  });

  it('given a credit note of no lines, then it credits every line left (an empty list)', () => {
    expect(creditNoteBodySchema.parse({ reason: 'Wrong price' }).lineIds).toEqual([]);
  });

  it('given list queries, then a bad cursor and a range that ends before it starts are refused', () => {
    expect(messageAt(invoiceListQuerySchema, { cursor: 'abc' }, 'cursor')).toBe(
      'Ask for the next page with the nextCursor of the page before.',
    );
    expect(messageAt(invoiceListQuerySchema, { from: '2026-11-10', to: '2026-11-01' }, 'to')).toBe(
      'The last day must be on or after the first day.',
    );
    expect(invoiceListQuerySchema.parse({ cursor: '2026-11-03.412' })).toMatchObject({ cursor: '2026-11-03.412' });
  });

  it('given kinds and statuses, then the document types are SPEC.md §3 words', () => {
    expect(invoiceDocumentType('invoice', 'draft')).toBe('Draft invoice');
    expect(invoiceDocumentType('invoice', 'sent')).toBe('Invoice');
    expect(invoiceDocumentType('credit_note', 'sent')).toBe('Credit note');
    expect(paymentDocumentType('payment')).toBe('Payment');
    expect(paymentDocumentType('advance')).toBe('Adv payment');
  });
});
