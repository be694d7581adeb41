import { formatMoney, formatTaxRate } from '../money';
import { PAYMENT_METHOD_LABELS, type InvoiceDocument } from './domains/billing';

/**
 * What an invoice or credit note says, in the order it says it: the one layout of the document model (`invoiceDocument`,
 * answered by `invoice-details`) that the /Billing/{id} preview renders as HTML and the server's PDF draws with pdf-lib.
 * Every word and figure of both comes from here, written once (money with `formatMoney`, dates with `formatDocumentDate`),
 * so the preview is the PDF: a test reads the PDF's text back and finds these strings.
 */

/** A label and its value: a fact of the document (number, dates) or a row of the totals. */
export interface InvoiceLayoutRow {
  label: string;
  value: string;
  /** `total` for the document's total, `balance` for what is still owed: drawn bold. */
  emphasis?: 'total' | 'balance';
}

/** One line of the document as printed. */
export interface InvoiceLayoutLine {
  date: string;
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
}

/** A titled block of text lines (bill-to, payment instructions, notes). */
export interface InvoiceLayoutBlock {
  heading: string;
  lines: string[];
}

export interface InvoiceLayout {
  paperSize: InvoiceDocument['paperSize'];
  /** The practice: its name, then address, e-mail, phone and tax number, as lines. */
  practice: { name: string; lines: string[]; logoUrl: string | null };
  /** "Invoice", "Credit note" or "Draft invoice". */
  title: string;
  /** A word across the document when it owes nothing more or is not final: "Paid", "Void", "Draft"; else null. */
  stamp: string | null;
  /** Number, issue date, due date, the invoice a credit note credits. */
  facts: InvoiceLayoutRow[];
  billTo: InvoiceLayoutBlock;
  /** The column headings of the lines, in order. */
  columns: InvoiceLayoutLine;
  lines: InvoiceLayoutLine[];
  /** Subtotal, tax per rate, total, then paid, credited and the balance due (an invoice). */
  totals: InvoiceLayoutRow[];
  /** Payments received, one line each ("12 March 2026 · Card · £60.00"). */
  payments: InvoiceLayoutBlock | null;
  /** How to pay by bank transfer: the invoice account's name and details. */
  paymentInstructions: InvoiceLayoutBlock | null;
  /** The client's pay-online link, when the practice takes card payments online and something is owed. */
  payOnline: { label: string; url: string } | null;
  /** The notes printed on the document, and a credit note's or a void invoice's reason. */
  remarks: InvoiceLayoutBlock[];
  footer: string;
}

export const INVOICE_LAYOUT_COLUMNS: InvoiceLayoutLine = {
  date: 'Date',
  description: 'Description',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  taxRate: 'Tax',
  amount: 'Amount',
};

/** The document's locale: one for the preview and the PDF, so both write the same figures. */
export const INVOICE_LOCALE = 'en-GB';

/** A calendar day of the document (`2026-03-12`) as printed: "12 March 2026"; the text itself if it is not a day. */
export function formatDocumentDate(day: string, locale = INVOICE_LOCALE): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** The lines of the document in the order they are printed. */
export function invoiceLayout(doc: InvoiceDocument, locale = INVOICE_LOCALE): InvoiceLayout {
  const money = (minor: number) => formatMoney(minor, doc.currency, locale);
  const day = (value: string) => formatDocumentDate(value, locale);
  const isCredit = doc.kind === 'credit_note';

  const practiceLines = [
    ...doc.practice.addressLines,
    ...(doc.practice.email ? [doc.practice.email] : []),
    ...(doc.practice.phone ? [doc.practice.phone] : []),
    ...(doc.practice.taxNumber ? [`Tax number: ${doc.practice.taxNumber}`] : []),
  ];

  const facts: InvoiceLayoutRow[] = [
    { label: isCredit ? 'Credit note number' : 'Invoice number', value: doc.number ?? 'Not numbered yet' },
    { label: isCredit ? 'Date' : 'Issue date', value: day(doc.issueDate) },
    ...(isCredit ? [] : [{ label: 'Due date', value: day(doc.dueDate) }]),
    ...(doc.creditsInvoice
      ? [{ label: 'Credits invoice', value: doc.creditsInvoice.number ?? 'Not numbered yet' }]
      : []),
  ];

  const billTo: InvoiceLayoutBlock = {
    heading: isCredit ? 'Credit to' : 'Bill to',
    lines: [
      doc.billTo.name,
      ...doc.billTo.addressLines,
      ...(doc.billTo.email ? [doc.billTo.email] : []),
      ...(doc.billTo.reference ? [`Reference: ${doc.billTo.reference}`] : []),
      ...(doc.billTo.kind !== 'client' ? [`Client: ${doc.client.name}`] : []),
    ],
  };

  const lines = doc.lines.map<InvoiceLayoutLine>((line) => ({
    date: line.serviceDate ? day(line.serviceDate) : '',
    description: line.description,
    quantity: String(line.quantity),
    unitPrice: money(line.unitMinor),
    taxRate: formatTaxRate(line.taxRateBp, locale),
    amount: money(line.netMinor),
  }));

  const taxed = doc.taxBreakdown.filter((rate) => rate.taxRateBp > 0);
  const taxRows: InvoiceLayoutRow[] = taxed.length
    ? taxed.map((rate) => ({
        label: `Tax at ${formatTaxRate(rate.taxRateBp, locale)} on ${money(rate.netMinor)}`,
        value: money(rate.taxMinor),
      }))
    : [{ label: 'Tax', value: money(doc.taxMinor) }];
  const totals: InvoiceLayoutRow[] = [
    { label: 'Subtotal', value: money(doc.netMinor) },
    ...taxRows,
    { label: isCredit ? 'Total credited' : 'Total', value: money(doc.totalMinor), emphasis: 'total' },
    ...(isCredit
      ? []
      : [
          { label: 'Paid', value: money(doc.paidMinor) },
          ...(doc.creditedMinor > 0 ? [{ label: 'Credited', value: money(doc.creditedMinor) }] : []),
          { label: 'Balance due', value: money(doc.outstandingMinor), emphasis: 'balance' as const },
        ]),
  ];

  const payments: InvoiceLayoutBlock | null =
    !isCredit && doc.payments.length
      ? {
          heading: 'Payments received',
          lines: doc.payments.map(
            (payment) =>
              `${day(payment.date)} · ${PAYMENT_METHOD_LABELS[payment.method]} · ${money(payment.amountMinor)}`,
          ),
        }
      : null;

  const owes = !isCredit && doc.status !== 'void' && doc.outstandingMinor > 0;
  const paymentInstructions: InvoiceLayoutBlock | null =
    owes && doc.paymentInstructions
      ? { heading: 'How to pay', lines: [doc.paymentInstructions.accountName, ...doc.paymentInstructions.lines] }
      : null;
  const payOnline = owes && doc.payOnlineUrl ? { label: 'Pay online', url: doc.payOnlineUrl } : null;

  const remarks: InvoiceLayoutBlock[] = [
    ...(doc.notes.trim() ? [{ heading: 'Notes', lines: doc.notes.trim().split(/\r?\n/) }] : []),
    ...(doc.reason.trim()
      ? [{ heading: doc.status === 'void' ? 'Why it is void' : 'Reason', lines: doc.reason.trim().split(/\r?\n/) }]
      : []),
  ];

  const stamp =
    doc.status === 'void' ? 'Void' : doc.status === 'draft' ? 'Draft' : doc.state === 'paid' ? 'Paid' : null;

  return {
    paperSize: doc.paperSize,
    practice: { name: doc.practice.name, lines: practiceLines, logoUrl: doc.practice.logoUrl },
    title: doc.title,
    stamp,
    facts,
    billTo,
    columns: INVOICE_LAYOUT_COLUMNS,
    lines,
    totals,
    payments,
    paymentInstructions,
    payOnline,
    remarks,
    footer: doc.footer.trim(),
  };
}
