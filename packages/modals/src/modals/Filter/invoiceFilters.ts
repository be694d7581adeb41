import { DATE_RANGES } from '@halcyon/api/contract';
import type { FilterField, FilterValues } from './filters';

/** The invoice list's filters: used by the filter modal's story and test (the clients are the billing mock's). */
export const invoiceFilterFields: readonly FilterField[] = [
  {
    type: 'select',
    name: 'status',
    label: 'Status',
    options: [
      { value: 'draft', label: 'Draft' },
      { value: 'sent', label: 'Sent' },
      { value: 'overdue', label: 'Overdue' },
      { value: 'paid', label: 'Paid' },
    ],
  },
  {
    type: 'multi-select',
    name: 'services',
    label: 'Services',
    hint: 'Invoices with a line for any of these.',
    options: [
      { value: 'initial', label: 'Initial consultation' },
      { value: 'individual', label: 'Individual therapy (50 min)' },
      { value: 'couples', label: 'Couples therapy' },
    ],
  },
  { type: 'client', name: 'clientId', label: 'Client', hint: 'Only this client’s invoices.' },
  { type: 'date-range', name: 'issued', label: 'Issued', limits: DATE_RANGES.invoice },
  { type: 'checkbox', name: 'insurer', label: 'Billed to an insurer' },
  { type: 'text', name: 'reference', label: 'Reference', placeholder: 'INV-0042' },
];

export const invoiceFilterValues: FilterValues = { status: 'overdue', services: ['individual'] };
