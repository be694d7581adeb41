import { INVOICE_STATE_LABELS, type InvoiceState } from '@halcyon/api/contract';
import { Badge, type BadgeVariant } from '@halcyon/design-system';

const STATE_VARIANTS: Readonly<Record<InvoiceState, BadgeVariant>> = {
  draft: 'neutral',
  unpaid: 'info',
  'partly paid': 'warning',
  overdue: 'danger',
  paid: 'success',
  void: 'neutral',
  issued: 'accent',
};

/** An invoice's state in words, coloured by meaning (draft, unpaid, partly paid, overdue, paid, void; a credit note: issued). */
export function InvoiceStateBadge({ state }: { state: InvoiceState }) {
  return <Badge variant={STATE_VARIANTS[state]}>{INVOICE_STATE_LABELS[state]}</Badge>;
}

/** What a person calls an invoice: its number, or "Draft invoice" before it has one. */
export function invoiceName(invoice: { number: string | null; documentType: string }): string {
  return invoice.number ?? invoice.documentType;
}

/** The path of an invoice's page. */
export const invoicePath = (id: number) => `/Billing/${id}`;
