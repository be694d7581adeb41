import { humanDate, type InvoiceDocument } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import type { MailMessage } from '../../../platform/mail';
import { renderMail } from '../../../platform/mail/templates';
import { renderTemplatedMail, type ClientMail } from '../../workspace/templates';

/** A practice's own subject and body for an e-mail (Settings > Template-library), when it wrote one. */
type OwnTemplate = { subject: string; body: string } | null;

/**
 * The ledger's e-mails to whoever pays: the invoice (with what is owed, by when, how to pay) and payment reminders (the
 * practice's rule text with its merge fields filled in, or a plain reminder). When the practice wrote its own invoice or
 * payment-reminder e-mail in the template library, its words are used, with the pay button and the bank details under
 * them. Amounts through money.ts's one formatter.
 */

const brandOf = (document: InvoiceDocument) => ({ name: document.practice.name, logoUrl: document.practice.logoUrl });

function howToPay(document: InvoiceDocument): string[] {
  const instructions = document.paymentInstructions;
  return instructions ? [`To pay by bank transfer:`, ...instructions.lines] : [];
}

export function invoiceMail(
  document: InvoiceDocument,
  to: string,
  message: string,
  own: OwnTemplate = null,
): MailMessage {
  if (own) {
    const payButton = document.outstandingMinor > 0;
    return ownTemplateMail(own, document, to, message, { amountMinor: document.totalMinor, payButton });
  }
  const total = formatMoney(document.totalMinor, document.currency);
  const owed = formatMoney(document.outstandingMinor, document.currency);
  return renderMail(brandOf(document), {
    to,
    subject: `Invoice ${document.number} from ${document.practice.name}`,
    greeting: `Hello ${document.billTo.name},`,
    paragraphs: [
      ...(message ? [message] : []),
      `Here is invoice ${document.number} for ${total}, issued on ${humanDate(document.issueDate)}.`,
      document.outstandingMinor > 0
        ? `${owed} is due by ${humanDate(document.dueDate)}.`
        : 'It has been paid in full: thank you.',
      ...howToPay(document),
    ],
    ...(document.payOnlineUrl && document.outstandingMinor > 0
      ? { action: { label: 'Pay online', url: document.payOnlineUrl } }
      : {}),
    after: document.footer ? [document.footer] : [],
  });
}

/**
 * A payment reminder: a rule's subject and body (Settings > Client-billing), else the practice's own payment-reminder
 * e-mail (Template-library), each a template with merge fields; else the plain wording. A reminder sent by hand
 * carries its `message` too.
 */
export function reminderMail(
  document: InvoiceDocument,
  to: string,
  rule: { subject: string; body: string } | null,
  message: string,
  own: OwnTemplate = null,
): MailMessage {
  const template = rule ?? own;
  if (template) {
    return ownTemplateMail(template, document, to, message, {
      amountMinor: document.outstandingMinor,
      payButton: true,
    });
  }
  const number = document.number ?? '';
  return renderMail(brandOf(document), {
    to,
    subject: `Reminder: invoice ${number} from ${document.practice.name}`,
    greeting: `Hello ${document.billTo.name},`,
    paragraphs: [
      ...(message ? [message] : []),
      `This is a reminder that ${formatMoney(document.outstandingMinor, document.currency)} is owed on invoice ${number}, due on ${humanDate(document.dueDate)}.`,
      ...howToPay(document),
    ],
    ...(document.payOnlineUrl ? { action: { label: 'Pay online', url: document.payOnlineUrl } } : {}),
    after: document.footer ? [document.footer] : [],
  });
}

/** An invoice or reminder e-mail in the practice's own words: its merge fields filled in from the invoice. */
function ownTemplateMail(
  template: { subject: string; body: string },
  document: InvoiceDocument,
  to: string,
  message: string,
  { amountMinor, payButton }: { amountMinor: number; payButton: boolean },
): MailMessage {
  const [firstName = '', ...rest] = document.billTo.name.split(' ');
  const mail: ClientMail = {
    to,
    brand: brandOf(document),
    values: {
      'client.firstName': firstName,
      'client.lastName': rest.join(' '),
      'client.fullName': document.billTo.name,
      'practice.name': document.practice.name,
      'therapist.name': document.practice.name,
      'invoice.number': document.number ?? '',
      'invoice.amount': formatMoney(amountMinor, document.currency),
      'invoice.dueDate': humanDate(document.dueDate),
      'link.url': document.payOnlineUrl ?? '',
    },
    ...(payButton && document.payOnlineUrl ? { action: { label: 'Pay online', url: document.payOnlineUrl } } : {}),
    after: [...howToPay(document), ...(document.footer ? [document.footer] : [])],
    message: message || null,
  };
  return renderTemplatedMail(template, mail);
}
