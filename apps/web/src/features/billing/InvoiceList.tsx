import { BILLING_PAGE_SIZE, type InvoiceListItem, type InvoiceListQuery } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useRoute } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import { Button, DataTable, EmptyState, Sensitive, type DataTableColumn } from '@halcyon/design-system';
import { countActiveFilters, LoadError, useModal } from '@halcyon/modals';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Receipt, Search } from '../../app/icons';
import { InvoiceStateBadge, invoiceName, invoicePath } from './format';
import { INVOICE_FILTER_FIELDS, invoiceQueryOf, useListAddress } from './listing';
import { ListPager } from './ListPager';
import styles from './billing.module.css';

export interface InvoiceListProps {
  /** One client's invoices (their Billing tab); the client column is left out. */
  clientId?: number;
  /** That client's name, which the invoice modal shows instead of "This client". */
  clientName?: string;
}

/**
 * Invoices, drafts and credit notes, newest first, a page at a time (the server's cursor), filtered through the `filter`
 * modal (status, document, payer, issue dates). Every name and amount is `Sensitive`.
 */
export function InvoiceList({ clientId, clientName }: InvoiceListProps) {
  const navigate = useNavigate();
  const modal = useModal();
  const address = useListAddress(INVOICE_FILTER_FIELDS, clientId ? 'invoice' : '');
  const active = countActiveFilters(address.filters, INVOICE_FILTER_FIELDS);
  const query: InvoiceListQuery = useMemo(
    () => ({ ...invoiceQueryOf(address.filters), clientId, cursor: address.cursor, limit: BILLING_PAGE_SIZE }),
    [address.filters, address.cursor, clientId],
  );
  const list = useRoute('listInvoices', { query }, { swr: { keepPreviousData: true } });
  const failed = list.view === 'error';
  const rows = failed ? [] : (list.data?.items ?? []);

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
      ...(clientId
        ? []
        : [
            {
              id: 'client',
              header: 'Client',
              cell: ({ row }: { row: { original: InvoiceListItem } }) => (
                <Sensitive>{row.original.clientName}</Sensitive>
              ),
            },
          ]),
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
  const openFilters = () =>
    modal.open('filter', {
      title: 'Filter invoices',
      description: 'Show only the invoices, drafts and credit notes that match.',
      fields: INVOICE_FILTER_FIELDS,
      values: address.filters,
      onApply: address.applyFilters,
    });

  const nothingAtAll = list.data && rows.length === 0 && active === 0 && !address.cursor;
  const emptyState = failed ? (
    <LoadError what="the invoices" error={list.error} onRetry={list.retry} />
  ) : nothingAtAll ? (
    <EmptyState
      icon={<Receipt />}
      title="No invoices yet"
      description="Invoice a client’s attended sessions, fees and services with “New invoice”. Drafts and credit notes are listed here too."
      action={<Button onClick={newInvoice}>New invoice</Button>}
    />
  ) : (
    <EmptyState
      icon={<Search />}
      title="No invoices match"
      description="Clear the filters to see every invoice."
      action={
        <Button variant="secondary" onClick={address.clearFilters}>
          Clear filters
        </Button>
      }
    />
  );

  return (
    <DataTable
      caption="Invoices"
      hideCaption
      data={rows}
      columns={columns}
      getRowId={(invoice) => String(invoice.id)}
      loading={list.view === 'loading'}
      loadingRowCount={6}
      emptyState={emptyState}
      onRowClick={(invoice) => void navigate(invoicePath(invoice.id))}
      toolbar={
        <div className={styles.toolbar}>
          <Button variant="secondary" onClick={openFilters}>
            {active > 0 ? `Filter (${active})` : 'Filter'}
          </Button>
          {active > 0 && (
            <Button variant="ghost" onClick={address.clearFilters}>
              Clear filters
            </Button>
          )}
          {clientId !== undefined && <Button onClick={newInvoice}>New invoice</Button>}
        </div>
      }
      footer={
        <ListPager
          label="Invoices pages"
          what="invoices"
          shown={rows.length}
          pageNumber={address.pageNumber}
          nextCursor={failed ? null : (list.data?.nextCursor ?? null)}
          onNext={address.nextPage}
          onPrevious={address.previousPage}
        />
      }
    />
  );
}
