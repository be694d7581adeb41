import { z } from 'zod';
import { ALL_ROLES, defineRoutes } from '../route';
import {
  amountMinorField,
  idField,
  idParam,
  INT_MAX,
  messageSchema,
  optionalTextOf,
  queryIdField,
  requiredTextOf,
  versionField,
} from './common';
import { currencyField } from './account';
import {
  DATE_RANGES,
  dateInRange,
  dateOrder,
  isCalendarDate,
  optionalDateInRange,
  periodProblems,
  type Period,
} from '../dates';
import { formatMoney, TAX_RATE_BP_MAX } from '../../money';
import { IDEMPOTENCY_MESSAGES } from '../errors';

/**
 * The billing ledger (issue 15; SPEC.md §3, §7, §8; CATALOG.md Billing): invoices and credit notes with their lines,
 * payments and advance payments with what they settle, each invoice's timeline and notes, the last payment reminder and
 * the payer details for online payment. Every amount is whole minor units with its currency beside it, tax rates are basis
 * points and line tax follows `@halcyon/api/money`'s one rounding rule. Billing is every role's (SPEC.md §6): the
 * Assistant works it fully, and nothing here carries clinical content (a session line says the service and the day).
 *
 * Rules the server keeps: an invoice is a draft until it is saved or sent, which gives it the practice's next number in
 * the same transaction (never reused, never skipped); after that it changes only by a credit note, and a void invoice
 * keeps its number. A payment settles one or several invoices and the rest of it is the client's credit; an advance
 * payment is credit that later invoices use when they are issued. Balances are derived from lines, credit notes and
 * allocations: invoice total = paid + credited + outstanding. Every payment write takes an `Idempotency-Key` header.
 */

// ---- vocabularies -----------------------------------------------------------------------------------------------------

/** What an invoice document is: an invoice, or a credit note that credits one. */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/**
 * Where an invoice is in its life (SPEC.md §4: draft, sent or saved): a draft has no number and can change; saving or
 * sending numbers it for good (a saved one was not e-mailed yet); a void one keeps its number and owes nothing.
 */
export const INVOICE_STATUSES = ['draft', 'saved', 'sent', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * What the lists and filters show of an invoice (derived, never stored): a draft; issued and owing (unpaid, partly paid,
 * overdue once its due date has passed); paid (nothing outstanding); void. A credit note is `issued` (or void).
 */
export const INVOICE_STATES = ['draft', 'unpaid', 'partly paid', 'overdue', 'paid', 'void', 'issued'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Readonly<Record<InvoiceState, string>> = {
  draft: 'Draft',
  unpaid: 'Unpaid',
  'partly paid': 'Partly paid',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
  issued: 'Issued',
};
/** The states the invoice list filters on. */
export const INVOICE_FILTER_STATES = ['draft', 'outstanding', 'overdue', 'paid', 'void'] as const;
export type InvoiceFilterState = (typeof INVOICE_FILTER_STATES)[number];
export const INVOICE_FILTER_STATE_LABELS: Readonly<Record<InvoiceFilterState, string>> = {
  draft: 'Draft',
  outstanding: 'Outstanding',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** SPEC.md §3's billing document kinds: the invoice list's `documentType`. */
export const INVOICE_DOCUMENT_TYPES = ['Invoice', 'Draft invoice', 'Credit note'] as const;
export type InvoiceDocumentType = (typeof INVOICE_DOCUMENT_TYPES)[number];
/** SPEC.md §3's payment kinds: the payment list's `documentType`. */
export const PAYMENT_DOCUMENT_TYPES = ['Payment', 'Adv payment'] as const;
export type PaymentDocumentType = (typeof PAYMENT_DOCUMENT_TYPES)[number];

/** An invoice's document type from its kind and status. */
export function invoiceDocumentType(kind: InvoiceKind, status: InvoiceStatus): InvoiceDocumentType {
  if (kind === 'credit_note') return 'Credit note';
  return status === 'draft' ? 'Draft invoice' : 'Invoice';
}

/** Who an invoice is addressed to: the client, one of the client's contacts (a payer), or an insurer. */
export const BILL_TO_KINDS = ['client', 'contact', 'insurer'] as const;
export type BillToKind = (typeof BILL_TO_KINDS)[number];
export const BILL_TO_KIND_LABELS: Readonly<Record<BillToKind, string>> = {
  client: 'The client',
  contact: 'A contact of the client',
  insurer: 'An insurer',
};

/**
 * Where a line comes from: an attended session (its price), a chargeable item (a late-cancellation or missed-session
 * fee), one of the client's other services (a report, a letter), or a free line typed in. Each session, chargeable item
 * and other service is billed once: while a line of a draft or an issued invoice holds it, it is not offered again
 * (a void invoice, a deleted draft and a credit note for the line let it go).
 */
export const LINE_SOURCE_KINDS = ['session', 'chargeable', 'service', 'free'] as const;
export type LineSourceKind = (typeof LINE_SOURCE_KINDS)[number];
export type BilledSourceKind = Exclude<LineSourceKind, 'free'>;

export const PAYMENT_KINDS = ['payment', 'advance'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export function paymentDocumentType(kind: PaymentKind): PaymentDocumentType {
  return kind === 'advance' ? 'Adv payment' : 'Payment';
}

/** How a payment was made; `online` is a card payment through the practice's payment provider. */
export const PAYMENT_METHODS = ['card', 'bank transfer', 'cash', 'cheque', 'online', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  card: 'Card',
  'bank transfer': 'Bank transfer',
  cash: 'Cash',
  cheque: 'Cheque',
  online: 'Online card payment',
  other: 'Other',
};

/** What an invoice's timeline records (CATALOG.md: created, sent, viewed, reminded, paid; and the rest of its life). */
export const INVOICE_EVENT_KINDS = [
  'created',
  'updated',
  'saved',
  'sent',
  'viewed',
  'reminded',
  'payment',
  'payment removed',
  'paid',
  'credited',
  'voided',
  'undelivered',
] as const;
export type InvoiceEventKind = (typeof INVOICE_EVENT_KINDS)[number];

export { IDEMPOTENCY_KEY_HEADER } from '../errors';

/** Limits of the ledger. */
export const BILLING_LIMITS = {
  linesMax: 200,
  quantityMax: 1000,
  allocationsMax: 100,
  description: 300,
  invoiceNotes: 2000,
  reference: 100,
  reason: 500,
  note: 2000,
  message: 2000,
} as const;

/** A page of a billing list: 25 unless asked otherwise, at most 100, newest first. */
export const BILLING_PAGE_SIZE = 25;
export const BILLING_PAGE_SIZE_MAX = 100;

// ---- messages -----------------------------------------------------------------------------------------------------------

/** What the server answers and the forms say; the confirmations and deletions are SPEC.md §8's, word for word. */
export const BILLING_MESSAGES = {
  invoiceSent: 'Invoice sent.',
  invoiceSaved: 'Invoice saved.',
  draftUpdated: 'Draft invoice updated.',
  savedAsDraft: 'Saved as draft',
  paymentRecorded: 'Payment recorded.',
  advancePaymentRecorded: 'Advance payment recorded.',
  markedAsPaid: 'Invoice marked as paid.',
  invoiceDeleted: 'Invoice was successfully deleted.',
  draftInvoiceDeleted: 'Draft invoice was successfully deleted.',
  creditNoteDeleted: 'Credit note was successfully deleted.',
  paymentDeleted: 'Payment was successfully deleted.',
  advancePaymentDeleted: 'Advance payment was successfully deleted.',
  creditNoteIssued: 'Credit note issued.',
  invoiceVoided: 'Invoice voided.',
  reminderSent: 'Reminder sent.',
  noteCreated: 'Note added.',
  noteUpdated: 'Note updated.',
  noteDeleted: 'Note successfully deleted.',

  invoiceNotFound: 'Invoice not found.',
  draftNotFound: 'Draft invoice not found.',
  paymentNotFound: 'Payment not found.',
  advancePaymentNotFound: 'Advance payment not found.',
  eventNotFound: 'Timeline event not found.',
  noteNotFound: 'Note not found.',
  clientNotFound: 'Client not found.',
  draftChanged:
    'This draft invoice was changed elsewhere since you opened it. Nothing was saved: reload it and make your change again.',
  noteChanged: 'This note was changed elsewhere since you opened it. Nothing was saved: reload it and try again.',
  notADraft: 'This invoice has been issued: it changes only by a credit note.',
  numberedNotDeleted: 'An issued invoice is never deleted: void it or issue a credit note instead.',
  alreadyVoid: 'This invoice is void already.',
  voidDraft: 'A draft is not voided: delete it instead.',
  voidHasPayments: 'This invoice has payments: remove them, or issue a credit note instead of voiding it.',
  creditNoteOfDraft: 'Only an issued invoice can be credited: change the draft instead.',
  nothingToCredit: 'Every line of this invoice has been credited already.',
  lineNotOnInvoice: 'Choose lines of this invoice that have not been credited yet.',
  notAnInvoice: 'Choose an invoice, not a credit note.',
  nothingOwed: 'Nothing is owed on this invoice.',
  reminderNotDue: 'This invoice is paid, void or still a draft: no reminder was sent.',
  cannotSendVoid: 'A void invoice cannot be sent.',
  noEmail: (name: string) => `There is no e-mail address for ${name}: add one, or save the invoice without sending it.`,
  clientMissing: 'Choose a client.',
  contactMissing: 'Choose the contact who pays.',
  contactNotFound: 'Choose one of the client’s contacts.',
  insurerMissing: 'Choose the insurer.',
  insurerNotFound: 'Choose one of the practice’s insurers (Settings > Insurance).',
  accountNotFound: 'Choose one of the practice’s invoice accounts (Settings > Client-billing).',
  accountCurrency: (account: string, accountCurrency: string, currency: string) =>
    `The account “${account}” takes ${accountCurrency}, not ${currency}: choose an account in ${currency}, or invoice in ${accountCurrency}.`,
  lineCurrency: (what: string, lineCurrency: string, currency: string) =>
    `${what} is priced in ${lineCurrency}, not ${currency}: put it on an invoice in ${lineCurrency}.`,
  sourceNotFound: 'This item is not one of the client’s: reload the list of work to invoice.',
  sourceBilled: 'This item is on another invoice already: reload the list of work to invoice.',
  sessionNotAttended: 'Only an attended session can be invoiced.',
  priceMissing: 'Enter the price: this item has none.',
  descriptionMissing: 'Describe the line.',
  linesMissing: 'Add at least one line.',
  sourceTwice: 'Each session, fee or service goes on the invoice once.',
  paymentCurrency: (number: string, invoiceCurrency: string, currency: string) =>
    `Invoice ${number} is in ${invoiceCurrency}, not ${currency}: record a payment in ${invoiceCurrency} for it.`,
  overAllocated: (number: string, owed: string) => `This is more than the ${owed} still owed on invoice ${number}.`,
  allocationsExceedPayment: (payment: string) =>
    `The amounts for the invoices add up to more than the payment of ${payment}: lower them or raise the payment.`,
  invoiceTwice: 'Choose each invoice once.',
  notClientsInvoice: 'Choose invoices of this client that are issued and not void.',
  idempotencyKeyMissing: IDEMPOTENCY_MESSAGES.missing,
  idempotencyKeyReused: IDEMPOTENCY_MESSAGES.reused,
  idempotencyKeyInvalid: IDEMPOTENCY_MESSAGES.invalid,
} as const;

/**
 * The notification a member gets when a client pays an invoice in full online (CATALOG.md Notifications: paid
 * invoices): one per invoice, with what settled it.
 */
export const INVOICE_PAID_NOTIFICATION = {
  title: 'Invoice paid',
  content: (number: string, payer: string, amount: string) =>
    `Invoice ${number} from ${payer} was paid online by card: ${amount}.`,
} as const;

/** An invoice or payment reminder e-mail that could not be delivered after its last try. */
export const INVOICE_UNDELIVERED_NOTIFICATION = {
  title: 'An invoice e-mail was not delivered',
  content: (what: 'invoice' | 'reminder', number: string, recipient: string) =>
    `The ${what === 'invoice' ? 'e-mail with invoice' : 'payment reminder for invoice'} ${number} could not be delivered to ${recipient}. Check the address, then send it again.`,
} as const;

// ---- fields -------------------------------------------------------------------------------------------------------------

/** A tax rate in basis points: 0 to 10000 (100%); 500% is refused. */
export const taxRateBpField = z
  .number({ error: 'Enter the tax rate.' })
  .int('Enter the tax rate in basis points (2000 is 20%).')
  .min(0, 'The tax rate cannot be negative.')
  .max(TAX_RATE_BP_MAX, 'Enter a tax rate of at most 100%.');

const quantityField = z
  .number({ error: 'Enter the quantity.' })
  .int('Enter a whole quantity.')
  .min(1, 'Enter a quantity of at least 1.')
  .max(BILLING_LIMITS.quantityMax, `Enter a quantity of at most ${BILLING_LIMITS.quantityMax}.`);

const descriptionField = requiredTextOf(BILLING_LIMITS.description, BILLING_MESSAGES.descriptionMissing);
const paymentDateField = dateInRange('the payment date', DATE_RANGES.happened);
const referenceField = optionalTextOf(BILLING_LIMITS.reference);
const methodField = z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid.' });
const draftVersion = versionField('Reload the draft invoice and try again.');

// ---- lines --------------------------------------------------------------------------------------------------------------

export const invoiceLineSchema = z.object({
  id: z.number(),
  sourceKind: z.enum(LINE_SOURCE_KINDS),
  /** The session, chargeable item or other service the line bills; null for a free line. */
  sourceId: z.number().nullable(),
  /** The day of the work (a session's day), or null. */
  serviceDate: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitMinor: z.number(),
  taxRateBp: z.number(),
  netMinor: z.number(),
  taxMinor: z.number(),
  grossMinor: z.number(),
  /** On an invoice: the credit note that credited this line, or null. On a credit note: the invoice line it credits. */
  creditedByInvoiceId: z.number().nullable(),
  creditsLineId: z.number().nullable(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/**
 * A line to put on an invoice. A sourced line (session, chargeable, service) names its source and takes its description,
 * day and price from it unless given; a free line needs its description and price. The tax rate is the practice's
 * default unless given.
 */
export const invoiceLineInputSchema = z
  .strictObject({
    sourceKind: z.enum(LINE_SOURCE_KINDS, { error: 'Choose a session, a fee, a service or a free line.' }),
    sourceId: idField('Choose the session, fee or service to invoice.')
      .nullish()
      .transform((value) => value ?? null),
    description: descriptionField.optional(),
    quantity: quantityField.default(1),
    unitMinor: amountMinorField('the price').optional(),
    taxRateBp: taxRateBpField.optional(),
  })
  .superRefine((line, ctx) => {
    if (line.sourceKind !== 'free' && line.sourceId === null) {
      ctx.addIssue({ code: 'custom', path: ['sourceId'], message: 'Choose the session, fee or service to invoice.' });
    }
    if (line.sourceKind === 'free' && line.description === undefined) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: BILLING_MESSAGES.descriptionMissing });
    }
    if (line.sourceKind === 'free' && line.unitMinor === undefined) {
      ctx.addIssue({ code: 'custom', path: ['unitMinor'], message: 'Enter the price.' });
    }
  })
  .transform((line) => (line.sourceKind === 'free' ? { ...line, sourceId: null } : line));
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/**
 * Work of a client that can go on an invoice: an attended session not yet billed (its price, if it has one), a
 * chargeable item (a fee) or an other service. `unitMinor` is null for a session without a price.
 */
export const billableItemSchema = z.object({
  sourceKind: z.enum(['session', 'chargeable', 'service']),
  sourceId: z.number(),
  /** The session the work is or belongs to (a session, or its cancellation or no-show fee); null for another service. */
  sessionId: z.number().nullable(),
  /** The day of the work (`YYYY-MM-DD`, the practice's day for a session). */
  date: z.string(),
  description: z.string(),
  unitMinor: z.number().nullable(),
  currency: z.string(),
});
export type BillableItem = z.infer<typeof billableItemSchema>;

// ---- invoices -----------------------------------------------------------------------------------------------------------

const billToFields = {
  kind: z.enum(BILL_TO_KINDS),
  /** The contact (client relationship) or insurer (Settings > Insurance) the invoice is addressed to. */
  contactId: z.number().nullable(),
  insurerId: z.number().nullable(),
  name: z.string(),
};

/** An invoice or credit note as the lists show it. */
export const invoiceListItemSchema = z.object({
  id: z.number(),
  /** SPEC.md §3: the id the billing lists and caches use, and the kind of document. */
  documentId: z.number(),
  documentType: z.enum(INVOICE_DOCUMENT_TYPES),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  state: z.enum(INVOICE_STATES),
  /** "INV-0042" once saved or sent; null for a draft. */
  number: z.string().nullable(),
  clientId: z.number(),
  clientName: z.string(),
  billTo: z.object(billToFields),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  totalMinor: z.number(),
  paidMinor: z.number(),
  creditedMinor: z.number(),
  /** What is still owed: total - paid - credited (0 for a draft, a void invoice and a credit note). */
  outstandingMinor: z.number(),
  /** A credit note's invoice. */
  creditsInvoiceId: z.number().nullable(),
  createdAt: z.string(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/** One invoice, draft or credit note with its lines: what the forms edit and the detail page reads. */
export const invoiceSchema = invoiceListItemSchema.extend({
  accountId: z.number().nullable(),
  lines: z.array(invoiceLineSchema),
  netMinor: z.number(),
  taxMinor: z.number(),
  /** Printed on the invoice. */
  notes: z.string(),
  /** A credit note's reason; a void invoice's reason. */
  reason: z.string(),
  sentAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  version: z.number(),
  updatedAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * The one document model of an invoice or credit note (the preview, the PDF and `invoice-details` read it): the practice,
 * who it is addressed to, the lines, tax, totals, what is paid and owed, how to pay.
 */
export const invoiceDocumentSchema = z.object({
  invoiceId: z.number(),
  documentType: z.enum(INVOICE_DOCUMENT_TYPES),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  state: z.enum(INVOICE_STATES),
  /** "Invoice", "Credit note" or "Draft invoice", as the document's heading says it. */
  title: z.string(),
  number: z.string().nullable(),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  practice: z.object({
    name: z.string(),
    addressLines: z.array(z.string()),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    taxNumber: z.string().nullable(),
    logoUrl: z.string().nullable(),
    /** ISO 3166-1 alpha-2; the paper size follows it. */
    country: z.string().nullable(),
  }),
  billTo: z.object({
    kind: z.enum(BILL_TO_KINDS),
    name: z.string(),
    addressLines: z.array(z.string()),
    email: z.string().nullable(),
    /** The insurer's payer id, or the client's policy reference, when billed to an insurer. */
    reference: z.string().nullable(),
  }),
  /** The client the work was for (named on the document when someone else pays). */
  client: z.object({ id: z.number(), name: z.string() }),
  lines: z.array(invoiceLineSchema),
  /** Net and tax per tax rate, then the totals. */
  taxBreakdown: z.array(z.object({ taxRateBp: z.number(), netMinor: z.number(), taxMinor: z.number() })),
  netMinor: z.number(),
  taxMinor: z.number(),
  totalMinor: z.number(),
  paidMinor: z.number(),
  creditedMinor: z.number(),
  outstandingMinor: z.number(),
  payments: z.array(
    z.object({ paymentId: z.number(), date: z.string(), method: z.enum(PAYMENT_METHODS), amountMinor: z.number() }),
  ),
  creditNotes: z.array(
    z.object({ invoiceId: z.number(), number: z.string().nullable(), issueDate: z.string(), totalMinor: z.number() }),
  ),
  /** A credit note's invoice. */
  creditsInvoice: z.object({ invoiceId: z.number(), number: z.string().nullable() }).nullable(),
  /** The invoice account's name and bank details, as lines to print; null without an account. */
  paymentInstructions: z.object({ accountName: z.string(), lines: z.array(z.string()) }).nullable(),
  /** The client's pay-online link when the practice takes online payments and something is owed. */
  payOnlineUrl: z.string().nullable(),
  notes: z.string(),
  reason: z.string(),
  footer: z.string(),
  paperSize: z.enum(['A4', 'Letter']),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

const billToInputFields = {
  billToKind: z
    .enum(BILL_TO_KINDS, { error: 'Choose who pays: the client, a contact or an insurer.' })
    .default('client'),
  contactId: idField(BILLING_MESSAGES.contactMissing)
    .nullish()
    .transform((value) => value ?? null),
  insurerId: idField(BILLING_MESSAGES.insurerMissing)
    .nullish()
    .transform((value) => value ?? null),
};

const invoiceFields = {
  clientId: idField(BILLING_MESSAGES.clientMissing),
  ...billToInputFields,
  /** The invoice account (bank details printed); left out: the practice's default account in the invoice's currency. */
  accountId: idField(BILLING_MESSAGES.accountNotFound)
    .nullish()
    .transform((value) => value ?? null),
  /** Left out: the account's currency, else the practice's. */
  currency: currencyField.optional(),
  /** Left out: today. */
  issueDate: optionalDateInRange('the issue date', DATE_RANGES.invoice),
  /** Left out: the issue date plus the practice's payment terms. */
  dueDate: optionalDateInRange('the due date', DATE_RANGES.invoice),
  lines: z
    .array(invoiceLineInputSchema, { error: BILLING_MESSAGES.linesMissing })
    .min(1, BILLING_MESSAGES.linesMissing)
    .max(BILLING_LIMITS.linesMax, `Put at most ${BILLING_LIMITS.linesMax} lines on one invoice.`),
  notes: optionalTextOf(BILLING_LIMITS.invoiceNotes),
};

type InvoiceInput = {
  billToKind: BillToKind;
  contactId: number | null;
  insurerId: number | null;
  issueDate?: string | null;
  dueDate?: string | null;
  lines: readonly { sourceKind: LineSourceKind; sourceId: number | null }[];
};

/** A contact or insurer bill-to names it; each source goes on once; the due date is on or after the issue date. */
function invoiceRules(body: InvoiceInput, ctx: z.RefinementCtx): void {
  if (body.billToKind === 'contact' && body.contactId === null) {
    ctx.addIssue({ code: 'custom', path: ['contactId'], message: BILLING_MESSAGES.contactMissing });
  }
  if (body.billToKind === 'insurer' && body.insurerId === null) {
    ctx.addIssue({ code: 'custom', path: ['insurerId'], message: BILLING_MESSAGES.insurerMissing });
  }
  const seen = new Set<string>();
  body.lines.forEach((line, index) => {
    if (line.sourceId === null) return;
    const key = `${line.sourceKind}:${line.sourceId}`;
    if (seen.has(key)) {
      ctx.addIssue({ code: 'custom', path: ['lines', index, 'sourceId'], message: BILLING_MESSAGES.sourceTwice });
    }
    seen.add(key);
  });
  const [inOrder, order] = dateOrder('dueDate', 'the due date', 'issueDate', 'the issue date');
  if (!inOrder(body)) ctx.addIssue({ code: 'custom', path: order.path, message: order.message });
}

/** Only the bill-to's own id is kept. */
function onlyItsPayer<T extends InvoiceInput>(body: T): T {
  return {
    ...body,
    contactId: body.billToKind === 'contact' ? body.contactId : null,
    insurerId: body.billToKind === 'insurer' ? body.insurerId : null,
  };
}

/** What creating an invoice does with it: keep it a draft ("Saved as draft"), save it ("Invoice saved.") or send it. */
export const INVOICE_CREATE_ACTIONS = ['draft', 'save', 'send'] as const;
export type InvoiceCreateAction = (typeof INVOICE_CREATE_ACTIONS)[number];

export const createInvoiceBodySchema = z
  .strictObject({
    ...invoiceFields,
    action: z.enum(INVOICE_CREATE_ACTIONS, { error: 'Choose to save as draft, save or send.' }).default('draft'),
    /** With `send`: a message above the invoice in the e-mail. */
    message: optionalTextOf(BILLING_LIMITS.message),
  })
  .superRefine(invoiceRules)
  .transform(onlyItsPayer);
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;

export const updateDraftInvoiceBodySchema = z
  .strictObject({ ...invoiceFields, version: draftVersion })
  .superRefine(invoiceRules)
  .transform(onlyItsPayer);
export type UpdateDraftInvoiceBody = z.input<typeof updateDraftInvoiceBodySchema>;

export const sendInvoiceBodySchema = z.strictObject({
  /** A message above the invoice in the e-mail. */
  message: optionalTextOf(BILLING_LIMITS.message),
});
export type SendInvoiceBody = z.input<typeof sendInvoiceBodySchema>;

export const voidInvoiceBodySchema = z.strictObject({
  reason: requiredTextOf(BILLING_LIMITS.reason, 'Say why the invoice is void.'),
});
export type VoidInvoiceBody = z.input<typeof voidInvoiceBodySchema>;

export const creditNoteBodySchema = z.strictObject({
  /** The invoice's lines to credit in full; left out or empty: every line not credited yet. */
  lineIds: z
    .array(idField(BILLING_MESSAGES.lineNotOnInvoice), { error: BILLING_MESSAGES.lineNotOnInvoice })
    .max(BILLING_LIMITS.linesMax, BILLING_MESSAGES.lineNotOnInvoice)
    .refine((ids) => new Set(ids).size === ids.length, BILLING_MESSAGES.lineNotOnInvoice)
    .optional()
    .transform((value) => value ?? []),
  reason: requiredTextOf(BILLING_LIMITS.reason, 'Say why the invoice is credited.'),
  /** Left out: today. */
  issueDate: optionalDateInRange('the credit note date', DATE_RANGES.invoice),
});
export type CreditNoteBody = z.input<typeof creditNoteBodySchema>;

export const sendReminderBodySchema = z.strictObject({
  /** A message above the invoice in the e-mail; left out: the practice's reminder text. */
  message: optionalTextOf(BILLING_LIMITS.message),
});
export type SendReminderBody = z.input<typeof sendReminderBodySchema>;

const BILLING_CURSOR_MESSAGE = 'Ask for the next page with the nextCursor of the page before.';
/** A page's cursor: the day and id of the page before's last item (`2026-11-03.412`). */
const cursorField = z
  .string({ error: BILLING_CURSOR_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}\.\d{1,10}$/, BILLING_CURSOR_MESSAGE)
  .refine((value) => {
    const [day = '', id = ''] = value.split('.');
    return isCalendarDate(day) && Number(id) > 0 && Number(id) <= INT_MAX;
  }, BILLING_CURSOR_MESSAGE)
  .optional();

const limitField = z.coerce
  .number({ error: 'The page size must be a number.' })
  .int('The page size must be a whole number.')
  .min(1, 'The page size must be 1 or more.')
  .max(BILLING_PAGE_SIZE_MAX, `The page size must be at most ${BILLING_PAGE_SIZE_MAX}.`)
  .default(BILLING_PAGE_SIZE);

const queryDay = (label: string) =>
  z
    .string({ error: `Give ${label} as a date.` })
    .refine(isCalendarDate, `Give ${label} as a full date: day, month and year.`)
    .optional();

const dateRangeQuery = {
  /** Items dated on or after this day (an invoice's issue date, a payment's date). */
  from: queryDay('the first day'),
  /** Items dated on or before this day. */
  to: queryDay('the last day'),
};

/** The days a billing list may be filtered to (its filter modal's date ranges keep the same rule). */
export const BILLING_PERIOD_RANGE = DATE_RANGES.invoice;

/** Each end of the period in `BILLING_PERIOD_RANGE`, the last day on or after the first. */
function rangeInOrder(query: Period, ctx: z.RefinementCtx): void {
  for (const [end, message] of Object.entries(periodProblems(query, BILLING_PERIOD_RANGE))) {
    ctx.addIssue({ code: 'custom', path: [end], message });
  }
}

/** The longest search of the invoice list (and of the payment list). */
export const INVOICE_SEARCH_MAX = 100;

/** A list's search: every word is found (case-insensitive) in what the list says it matches. */
const listSearchField = z
  .string({ error: 'Enter the search as text.' })
  .max(INVOICE_SEARCH_MAX, `Search with at most ${INVOICE_SEARCH_MAX} characters.`)
  .transform((value) => value.trim())
  .optional();

export const invoiceListQuerySchema = z
  .strictObject({
    kind: z.enum(INVOICE_KINDS, { error: 'Choose invoices or credit notes.' }).optional(),
    state: z.enum(INVOICE_FILTER_STATES, { error: 'Choose a status from the list.' }).optional(),
    clientId: queryIdField('Choose a client.').optional(),
    payer: z.enum(BILL_TO_KINDS, { error: 'Choose the client, a contact or an insurer.' }).optional(),
    /** Matches the invoice number, the client's name and the payer's name (every word, case-insensitive). */
    search: listSearchField,
    ...dateRangeQuery,
    limit: limitField,
    cursor: cursorField,
  })
  .superRefine(rangeInOrder);
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const invoicePageSchema = z.object({
  items: z.array(invoiceListItemSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type InvoicePage = z.infer<typeof invoicePageSchema>;

// ---- payments -----------------------------------------------------------------------------------------------------------

export const paymentAllocationSchema = z.object({
  invoiceId: z.number(),
  invoiceNumber: z.string().nullable(),
  amountMinor: z.number(),
});
export type PaymentAllocation = z.infer<typeof paymentAllocationSchema>;

export const paymentSchema = z.object({
  id: z.number(),
  documentId: z.number(),
  documentType: z.enum(PAYMENT_DOCUMENT_TYPES),
  kind: z.enum(PAYMENT_KINDS),
  clientId: z.number(),
  clientName: z.string(),
  amountMinor: z.number(),
  currency: z.string(),
  date: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  /** How much of it settles invoices, and the rest: the client's credit for later invoices. */
  allocatedMinor: z.number(),
  unallocatedMinor: z.number(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A payment with the invoices it settles. */
export const paymentDetailsSchema = paymentSchema.extend({ allocations: z.array(paymentAllocationSchema) });
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

export const paymentListQuerySchema = z
  .strictObject({
    kind: z.enum(PAYMENT_KINDS, { error: 'Choose payments or advance payments.' }).optional(),
    clientId: queryIdField('Choose a client.').optional(),
    method: z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid.' }).optional(),
    /** Matches the client's name and the payment's reference (every word, case-insensitive). */
    search: listSearchField,
    ...dateRangeQuery,
    limit: limitField,
    cursor: cursorField,
  })
  .superRefine(rangeInOrder);
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;

export const paymentPageSchema = z.object({ items: z.array(paymentSchema), nextCursor: z.string().nullable() });
export type PaymentPage = z.infer<typeof paymentPageSchema>;

const paymentFields = {
  clientId: idField(BILLING_MESSAGES.clientMissing),
  amountMinor: amountMinorField('the amount', 1),
  currency: currencyField,
  date: paymentDateField,
  method: methodField,
  reference: referenceField,
};

export const allocationInputSchema = z.strictObject({
  invoiceId: idField('Choose the invoice this settles.'),
  amountMinor: amountMinorField('the amount for this invoice', 1),
});
export type AllocationInput = z.input<typeof allocationInputSchema>;

/**
 * A payment: the invoices it settles and how much of it each takes (each at most what the invoice still owes); what is
 * left is the client's credit, which later invoices use.
 */
export const recordPaymentBodySchema = z
  .strictObject({
    ...paymentFields,
    allocations: z
      .array(allocationInputSchema, { error: 'Choose the invoices this payment settles.' })
      .max(BILLING_LIMITS.allocationsMax, `Settle at most ${BILLING_LIMITS.allocationsMax} invoices with one payment.`)
      .default([]),
  })
  .superRefine((body, ctx) => {
    const ids = body.allocations.map((allocation) => allocation.invoiceId);
    if (new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', path: ['allocations'], message: BILLING_MESSAGES.invoiceTwice });
    }
    const allocated = body.allocations.reduce((sum, allocation) => sum + allocation.amountMinor, 0);
    if (allocated > body.amountMinor) {
      ctx.addIssue({
        code: 'custom',
        path: ['allocations'],
        message: BILLING_MESSAGES.allocationsExceedPayment(formatMoney(body.amountMinor, body.currency)),
      });
    }
  });
export type RecordPaymentBody = z.input<typeof recordPaymentBodySchema>;

/** An advance payment: money taken before there is an invoice, the client's credit until invoices use it. */
export const recordAdvancePaymentBodySchema = z.strictObject(paymentFields);
export type RecordAdvancePaymentBody = z.input<typeof recordAdvancePaymentBodySchema>;

/** Mark an invoice as paid: a payment of everything it still owes, on a day, by a method. */
export const markInvoiceAsPaidBodySchema = z.strictObject({
  date: paymentDateField,
  method: methodField,
  reference: referenceField,
});
export type MarkInvoiceAsPaidBody = z.input<typeof markInvoiceAsPaidBodySchema>;

// ---- timeline, notes, reminders, payer --------------------------------------------------------------------------------

export const invoiceEventSchema = z.object({
  id: z.number(),
  invoiceId: z.number(),
  kind: z.enum(INVOICE_EVENT_KINDS),
  at: z.string(),
  /** Who did it (a member's name); null for the client, the job queue or the payment provider. */
  actorName: z.string().nullable(),
  /** The event as a sentence: "Sent to Maya Patel (maya@example.com)", "Payment of £60.00 by card". */
  description: z.string(),
  amountMinor: z.number().nullable(),
  currency: z.string().nullable(),
});
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;

export const invoiceNoteSchema = z.object({
  id: z.number(),
  invoiceId: z.number(),
  text: z.string(),
  authorName: z.string().nullable(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceNote = z.infer<typeof invoiceNoteSchema>;

const noteText = requiredTextOf(BILLING_LIMITS.note, 'Write the note.');
export const createInvoiceNoteBodySchema = z.strictObject({ text: noteText });
export type CreateInvoiceNoteBody = z.input<typeof createInvoiceNoteBodySchema>;
export const updateInvoiceNoteBodySchema = z.strictObject({
  text: noteText,
  version: versionField('Reload the note and try again.'),
});
export type UpdateInvoiceNoteBody = z.input<typeof updateInvoiceNoteBodySchema>;

/** The last payment reminder of an invoice (SPEC.md §3: cached per invoice); null fields when none was sent. */
export const lastPaymentReminderSchema = z.object({
  invoiceId: z.number(),
  sentAt: z.string().nullable(),
  /** Sent by hand (null) or by a reminder rule: its days from the due date (negative: before). */
  offsetDays: z.number().nullable(),
  to: z.string().nullable(),
  /** How many reminders the invoice has had. */
  count: z.number(),
});
export type LastPaymentReminder = z.infer<typeof lastPaymentReminderSchema>;

/** Who pays an invoice and what, for payment processing (SPEC.md §3: the payer details cached per invoice). */
export const paymentProcessingSchema = z.object({
  invoiceId: z.number(),
  number: z.string().nullable(),
  payerName: z.string(),
  payerEmail: z.string().nullable(),
  outstandingMinor: z.number(),
  currency: z.string(),
  /** The practice takes online card payments and this invoice can be paid online now. */
  payableOnline: z.boolean(),
  payOnlineUrl: z.string().nullable(),
});
export type PaymentProcessing = z.infer<typeof paymentProcessingSchema>;

/** A client's balances, one per currency: invoiced, paid, credited, outstanding, and their unused credit. */
export const clientBalanceSchema = z.object({
  clientId: z.number(),
  balances: z.array(
    z.object({
      currency: z.string(),
      invoicedMinor: z.number(),
      paidMinor: z.number(),
      creditedMinor: z.number(),
      outstandingMinor: z.number(),
      overdueMinor: z.number(),
      /** Payments and advance payments not yet used by an invoice. */
      creditMinor: z.number(),
    }),
  ),
});
export type ClientBalance = z.infer<typeof clientBalanceSchema>;

/**
 * The /Billing summary cards, one row per currency the practice bills or spends in: what issued invoices still owe, the
 * part of it past due, the payments received and the expenses (with their tax) of the practice's calendar month so far.
 */
export const billingSummarySchema = z.object({
  items: z.array(
    z.object({
      currency: z.string(),
      outstandingMinor: z.number(),
      overdueMinor: z.number(),
      paidThisMonthMinor: z.number(),
      expensesThisMonthMinor: z.number(),
    }),
  ),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

// ---- routes -------------------------------------------------------------------------------------------------------------

const idParams = z.strictObject({ id: idParam });
const clientParams = z.strictObject({ clientId: idParam });

export const billingRoutes = defineRoutes({
  listInvoices: {
    method: 'GET',
    path: '/api/billing-payment/invoices',
    summary:
      'Invoices, drafts and credit notes, newest issue date first, a page at a time (`nextCursor`), filtered by kind, state, client, payer and dates',
    access: ALL_ROLES,
    query: invoiceListQuerySchema,
    response: invoicePageSchema,
  },
  getInvoice: {
    method: 'GET',
    path: '/api/billing-payment/invoice/:id',
    summary: 'One invoice or credit note (any status) with its lines, totals, paid and outstanding',
    access: ALL_ROLES,
    params: idParams,
    response: invoiceSchema,
  },
  getDraftInvoice: {
    method: 'GET',
    path: '/api/billing-payment/draft-invoice/:id',
    summary: 'One draft invoice with its lines (404 once it is issued)',
    access: ALL_ROLES,
    params: idParams,
    response: invoiceSchema,
  },
  getInvoiceDetails: {
    method: 'GET',
    path: '/api/billing-payment/invoice-details/:id',
    summary: 'The document of an issued invoice or credit note: what the preview and the PDF show',
    access: ALL_ROLES,
    params: idParams,
    response: invoiceDocumentSchema,
  },
  getDraftInvoiceDetails: {
    method: 'GET',
    path: '/api/billing-payment/draft-invoice-details/:id',
    summary: 'The document of a draft invoice (its preview), with no number yet',
    access: ALL_ROLES,
    params: idParams,
    response: invoiceDocumentSchema,
  },
  listBillableItems: {
    method: 'GET',
    path: '/api/billing-payment/billable/:clientId',
    summary:
      "A client's work not yet on an invoice: attended sessions, late-cancellation and missed-session fees, other services (oldest first)",
    access: ALL_ROLES,
    params: clientParams,
    response: z.object({ items: z.array(billableItemSchema) }),
  },
  getClientBalance: {
    method: 'GET',
    path: '/api/billing-payment/client-balance/:clientId',
    summary: "A client's balances per currency: invoiced, paid, credited, outstanding, overdue and unused credit",
    access: ALL_ROLES,
    params: clientParams,
    response: clientBalanceSchema,
  },
  getBillingSummary: {
    method: 'GET',
    path: '/api/billing-payment/summary',
    summary:
      "The practice's outstanding, overdue, paid-this-month and expenses-this-month totals per currency (the /Billing cards)",
    access: ALL_ROLES,
    response: billingSummarySchema,
  },
  createInvoice: {
    method: 'POST',
    path: '/api/billing-payment/invoices',
    summary:
      'Create an invoice from sessions, fees, other services and free lines: keep it a draft, save it (numbered) or send it (numbered and e-mailed); honours an Idempotency-Key header',
    access: ALL_ROLES,
    created: true,
    errors: [409],
    body: createInvoiceBodySchema,
    response: invoiceSchema,
  },
  updateDraftInvoice: {
    method: 'PUT',
    path: '/api/billing-payment/draft-invoice/:id',
    summary: 'Change a draft invoice (send its version; a stale one answers 409, an issued invoice 409)',
    access: ALL_ROLES,
    params: idParams,
    body: updateDraftInvoiceBodySchema,
    response: invoiceSchema,
  },
  deleteDraftInvoice: {
    method: 'DELETE',
    path: '/api/billing-payment/draft-invoice/:id',
    summary: 'Delete a draft invoice (its sessions and fees can be invoiced again); an issued invoice answers 409',
    access: ALL_ROLES,
    params: idParams,
    errors: [409],
    response: messageSchema,
  },
  saveInvoice: {
    method: 'POST',
    path: '/api/billing-payment/invoice/:id/save',
    summary: "Issue a draft without e-mailing it: it takes the practice's next invoice number and changes no more",
    access: ALL_ROLES,
    params: idParams,
    errors: [409],
    response: invoiceSchema,
  },
  sendInvoice: {
    method: 'POST',
    path: '/api/billing-payment/invoice/:id/send',
    summary:
      'E-mail an invoice to whoever pays it; a draft is numbered first (same transaction); honours an Idempotency-Key header',
    access: ALL_ROLES,
    params: idParams,
    errors: [409],
    body: sendInvoiceBodySchema,
    response: invoiceSchema,
  },
  voidInvoice: {
    method: 'POST',
    path: '/api/billing-payment/invoice/:id/void',
    summary: 'Void an issued invoice without payments: it keeps its number and owes nothing',
    access: ALL_ROLES,
    params: idParams,
    errors: [409],
    body: voidInvoiceBodySchema,
    response: invoiceSchema,
  },
  createCreditNote: {
    method: 'POST',
    path: '/api/billing-payment/invoice/:id/credit-note',
    summary:
      'Issue a credit note for lines of an issued invoice (all lines not yet credited when none are named); payments above what is then owed become client credit',
    access: ALL_ROLES,
    params: idParams,
    created: true,
    errors: [409],
    body: creditNoteBodySchema,
    response: invoiceSchema,
  },
  markInvoiceAsPaid: {
    method: 'POST',
    path: '/api/billing-payment/invoice/:id/mark-as-paid',
    summary: 'Record a payment of everything the invoice still owes; needs an Idempotency-Key header',
    access: ALL_ROLES,
    params: idParams,
    created: true,
    errors: [409],
    body: markInvoiceAsPaidBodySchema,
    response: paymentDetailsSchema,
  },
  sendPaymentReminder: {
    method: 'POST',
    path: '/api/billing-payment/invoice/:id/reminder',
    summary: 'E-mail a payment reminder for an issued, unpaid invoice (never a paid or void one)',
    access: ALL_ROLES,
    params: idParams,
    errors: [409],
    body: sendReminderBodySchema,
    response: lastPaymentReminderSchema,
  },
  listPayments: {
    method: 'GET',
    path: '/api/billing-payment/payments',
    summary:
      'Payments and advance payments, newest first, a page at a time (`nextCursor`), filtered by kind, client, method and dates',
    access: ALL_ROLES,
    query: paymentListQuerySchema,
    response: paymentPageSchema,
  },
  getPayment: {
    method: 'GET',
    path: '/api/billing-payment/payment/:id',
    summary: 'One payment',
    access: ALL_ROLES,
    params: idParams,
    response: paymentSchema,
  },
  getAdvancePayment: {
    method: 'GET',
    path: '/api/billing-payment/advance-payment/:id',
    summary: 'One advance payment',
    access: ALL_ROLES,
    params: idParams,
    response: paymentSchema,
  },
  getPaymentDetails: {
    method: 'GET',
    path: '/api/billing-payment/payment-details/:id',
    summary: 'One payment with the invoices it settles',
    access: ALL_ROLES,
    params: idParams,
    response: paymentDetailsSchema,
  },
  getAdvancePaymentDetails: {
    method: 'GET',
    path: '/api/billing-payment/advance-payment-details/:id',
    summary: 'One advance payment with the invoices that used it',
    access: ALL_ROLES,
    params: idParams,
    response: paymentDetailsSchema,
  },
  recordPayment: {
    method: 'POST',
    path: '/api/billing-payment/payments',
    summary:
      "Record a payment settling one or several of the client's invoices; the rest is the client's credit; needs an Idempotency-Key header",
    access: ALL_ROLES,
    created: true,
    errors: [409],
    body: recordPaymentBodySchema,
    response: paymentDetailsSchema,
  },
  recordAdvancePayment: {
    method: 'POST',
    path: '/api/billing-payment/advance-payment',
    summary:
      "Record an advance payment: the client's credit, used by invoices issued later; needs an Idempotency-Key header",
    access: ALL_ROLES,
    created: true,
    errors: [409],
    body: recordAdvancePaymentBodySchema,
    response: paymentDetailsSchema,
  },
  deletePayment: {
    method: 'DELETE',
    path: '/api/billing-payment/payment/:id',
    summary: 'Delete a payment: the invoices it settled owe that amount again',
    access: ALL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  deleteAdvancePayment: {
    method: 'DELETE',
    path: '/api/billing-payment/advance-payment/:id',
    summary: 'Delete an advance payment: invoices that used it owe that amount again',
    access: ALL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  listInvoiceTimeline: {
    method: 'GET',
    path: '/api/billing-payment/invoice-timeline/:id',
    summary: "An invoice's timeline, oldest first: created, saved, sent, viewed, reminded, payments, credited, voided",
    access: ALL_ROLES,
    params: idParams,
    response: z.object({ items: z.array(invoiceEventSchema) }),
  },
  getInvoiceTimelineEvent: {
    method: 'GET',
    path: '/api/billing-payment/invoice-timeline-event/:id',
    summary: "One event of an invoice's timeline",
    access: ALL_ROLES,
    params: idParams,
    response: invoiceEventSchema,
  },
  listInvoiceNotes: {
    method: 'GET',
    path: '/api/billing-payment/invoice-notes/:id',
    summary: "An invoice's internal notes (never printed), newest first",
    access: ALL_ROLES,
    params: idParams,
    response: z.object({ items: z.array(invoiceNoteSchema) }),
  },
  getInvoiceNote: {
    method: 'GET',
    path: '/api/billing-payment/invoice-note-details/:id',
    summary: 'One internal note of an invoice',
    access: ALL_ROLES,
    params: idParams,
    response: invoiceNoteSchema,
  },
  createInvoiceNote: {
    method: 'POST',
    path: '/api/billing-payment/invoice-notes/:id',
    summary: 'Add an internal note to an invoice',
    access: ALL_ROLES,
    params: idParams,
    created: true,
    body: createInvoiceNoteBodySchema,
    response: invoiceNoteSchema,
  },
  updateInvoiceNote: {
    method: 'PUT',
    path: '/api/billing-payment/invoice-note-details/:id',
    summary: "Change an invoice's note (send its version; a stale one answers 409)",
    access: ALL_ROLES,
    params: idParams,
    body: updateInvoiceNoteBodySchema,
    response: invoiceNoteSchema,
  },
  deleteInvoiceNote: {
    method: 'DELETE',
    path: '/api/billing-payment/invoice-note-details/:id',
    summary: "Delete an invoice's note",
    access: ALL_ROLES,
    params: idParams,
    response: messageSchema,
  },
  getLastPaymentReminder: {
    method: 'GET',
    path: '/api/billing-payment/invoice/last-payment-reminder/:id',
    summary: 'The last payment reminder sent for an invoice (null fields when none was)',
    access: ALL_ROLES,
    params: idParams,
    response: lastPaymentReminderSchema,
  },
  downloadInvoicePdf: {
    method: 'GET',
    path: '/api/billing-payment/invoice-pdf/:id',
    summary:
      'The PDF of an invoice, draft or credit note (A4 or US Letter by the practice’s country): the document the preview shows',
    access: ALL_ROLES,
    params: idParams,
    response: z.unknown(),
    raw: true,
  },
  getInvoicePaymentProcessing: {
    method: 'GET',
    path: '/api/billing-payment/payment-processing/invoice/:id',
    summary: 'Who pays an invoice, what is owed, and whether it can be paid online now',
    access: ALL_ROLES,
    params: idParams,
    response: paymentProcessingSchema,
  },
});
