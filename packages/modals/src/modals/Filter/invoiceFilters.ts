import type { FilterField, FilterValues } from './filters';

/** The invoice list's filters: used by the filter modal's story and test. */
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
  { type: 'date-range', name: 'issued', label: 'Issued' },
  { type: 'checkbox', name: 'insurer', label: 'Billed to an insurer' },
  { type: 'text', name: 'reference', label: 'Reference', placeholder: 'INV-0042' },
];

export const invoiceFilterValues: FilterValues = { status: 'overdue', services: ['individual'] };
