import { type InvoiceListItem, type InvoiceListQuery } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useRoute } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import { Button, Sensitive, type DataTableColumn } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { BillingList, clientColumns } from './BillingList';
import { InvoiceStateBadge, invoiceName, invoicePath } from './format';
import {
  CLIENT_INVOICE_FILTER_FIELDS,
  INVOICE_FILTER_FIELDS,
  invoiceQueryOf,
  useListQuery,
  useListSearch,
} from './listing';
import styles from './billing.module.css';

/** Short enough that results follow the typing. */

export interface InvoiceListProps {
  /** One client's invoices (their Billing tab); the client column and filter are left out. */
  clientId?: number;
  /** That client's name, which the invoice modal shows instead of "This client". */
  clientName?: string;
}

/**
 * Invoices, drafts and credit notes, newest first, a page at a time (the server's cursor), filtered through the `filter`
 * modal (status, document, client, payer, issue dates). Every name and amount is `Sensitive`.
 */
export function InvoiceList({ clientId, clientName }: InvoiceListProps) {
  const navigate = useNavigate();
  const modal = useModal();
  const { address, query } = useListQuery<InvoiceListQuery>(
    clientId ? CLIENT_INVOICE_FILTER_FIELDS : INVOICE_FILTER_FIELDS,
    clientId ? 'invoice' : '',
    invoiceQueryOf,
    clientId,
  );
  const { typed, search, onSearch } = useListSearch(address);
  const list = useRoute(
    'listInvoices',
    { query: search ? { ...query, search } : query },
    { swr: { keepPreviousData: true } },
  );

  const columns = useMemo<DataTableColumn<InvoiceListItem>[]>(
    () => [
      {
        id: 'number',
        header: 'Invoice',
        cell: ({ row }) => (
          <span className={styles.nameCell}>
            <RouterLink className={styles.nowrap} to={invoicePath(row.original.id)}>
              {invoiceName(row.original)}
            </RouterLink>
            {row.original.kind === 'credit_note' && <span className={styles.muted}>{row.original.documentType}</span>}
          </span>
        ),
      },
      ...clientColumns<InvoiceListItem>(clientId),
      {
        id: 'billTo',
        header: 'Bill to',
        cell: ({ row }) => <Sensitive>{row.original.billTo.name}</Sensitive>,
      },
      {
        id: 'issued',
        header: 'Issued',
        cell: ({ row }) => <span className={styles.nowrap}>{formatDate(row.original.issueDate)}</span>,
      },
      {
        id: 'due',
        header: 'Due',
        cell: ({ row }) =>
          row.original.kind === 'invoice' ? (
            <span className={styles.nowrap}>{formatDate(row.original.dueDate)}</span>
          ) : null,
      },
      {
        id: 'total',
        header: 'Total',
        meta: { align: 'end' },
        cell: ({ row }) => <Sensitive>{formatMoney(row.original.totalMinor, row.original.currency)}</Sensitive>,
      },
      {
        id: 'outstanding',
        header: 'Outstanding',
        meta: { align: 'end' },
        cell: ({ row }) => <Sensitive>{formatMoney(row.original.outstandingMinor, row.original.currency)}</Sensitive>,
      },
      { id: 'state', header: 'Status', cell: ({ row }) => <InvoiceStateBadge state={row.original.state} /> },
    ],
    [clientId],
  );

  const newInvoice = () =>
    modal.open('invoice', {
      clientId,
      ...(clientId && clientName ? { defaults: { clientId, clientName } } : {}),
      onSaved: (record) => void navigate(invoicePath(record.id)),
    });

  return (
    <BillingList
      search={{
        label: 'Search invoices',
        placeholder: 'Number, client or payer',
        value: typed,
        onChange: onSearch,
      }}
      caption="Invoices"
      one="invoice"
      filter={{
        title: 'Filter invoices',
        description: 'Show only the invoices, drafts and credit notes that match.',
      }}
      address={address}
      list={list}
      columns={columns}
      getRowId={(invoice) => String(invoice.id)}
      onRowClick={(invoice) => void navigate(invoicePath(invoice.id))}
      nothingYet={{
        title: 'No invoices yet',
        description:
          'Invoice a client’s attended sessions, fees and services with “New invoice”. Drafts and credit notes are listed here too.',
        action: <Button onClick={newInvoice}>New invoice</Button>,
      }}
      actions={clientId !== undefined && <Button onClick={newInvoice}>New invoice</Button>}
    />
  );
}
