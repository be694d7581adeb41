import { BILLING_PAGE_SIZE, PAYMENT_METHOD_LABELS, type Payment, type PaymentListQuery } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useRoute } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import { Badge, Button, DataTable, EmptyState, Sensitive, type DataTableColumn } from '@halcyon/design-system';
import { countActiveFilters, LoadError, useModal } from '@halcyon/modals';
import { useMemo } from 'react';
import { Receipt, Search } from '../../app/icons';
import { PAYMENT_FILTER_FIELDS, paymentQueryOf, useListAddress } from './listing';
import { ListPager } from './ListPager';
import styles from './billing.module.css';

export interface PaymentListProps {
  /** One client's payments (their Billing tab); the client column is left out. */
  clientId?: number;
  /** That client's name, which the payment modals show instead of "This client". */
  clientName?: string;
}

/**
 * Payments and advance payments, newest first, a page at a time, filtered by kind, method and dates: the amount, what it
 * settled and what is left as the client's credit.
 */
export function PaymentList({ clientId, clientName }: PaymentListProps) {
  const modal = useModal();
  const address = useListAddress(PAYMENT_FILTER_FIELDS, 'payment');
  const active = countActiveFilters(address.filters, PAYMENT_FILTER_FIELDS);
  const query: PaymentListQuery = useMemo(
    () => ({ ...paymentQueryOf(address.filters), clientId, cursor: address.cursor, limit: BILLING_PAGE_SIZE }),
    [address.filters, address.cursor, clientId],
  );
  const list = useRoute('listPayments', { query }, { swr: { keepPreviousData: true } });
  const failed = list.view === 'error';
  const rows = failed ? [] : (list.data?.items ?? []);

  const columns = useMemo<DataTableColumn<Payment>[]>(
    () => [
      {
        id: 'date',
        header: 'Date',
        cell: ({ row }) => <span className={styles.nowrap}>{formatDate(row.original.date)}</span>,
      },
      {
        id: 'kind',
        header: 'Kind',
        cell: ({ row }) => (
          <Badge variant={row.original.kind === 'advance' ? 'accent' : 'neutral'}>{row.original.documentType}</Badge>
        ),
      },
      ...(clientId
        ? []
        : [
            {
              id: 'client',
              header: 'Client',
              cell: ({ row }: { row: { original: Payment } }) => <Sensitive>{row.original.clientName}</Sensitive>,
            },
          ]),
      { id: 'method', header: 'Method', cell: ({ row }) => PAYMENT_METHOD_LABELS[row.original.method] },
      {
        id: 'reference',
        header: 'Reference',
        cell: ({ row }) => <Sensitive>{row.original.reference}</Sensitive>,
      },
      {
        id: 'amount',
        header: 'Amount',
        meta: { align: 'end' },
        cell: ({ row }) => <Sensitive>{formatMoney(row.original.amountMinor, row.original.currency)}</Sensitive>,
      },
      {
        id: 'credit',
        header: 'Left as credit',
        meta: { align: 'end' },
        cell: ({ row }) => <Sensitive>{formatMoney(row.original.unallocatedMinor, row.original.currency)}</Sensitive>,
      },
    ],
    [clientId],
  );

  const forClient = clientId ? { defaults: { clientId, ...(clientName ? { clientName } : {}) } } : {};
  const record = () => modal.open('payment', forClient);
  const advance = () => modal.open('advance-payment', forClient);
  const openFilters = () =>
    modal.open('filter', {
      title: 'Filter payments',
      description: 'Show only the payments and advance payments that match.',
      fields: PAYMENT_FILTER_FIELDS,
      values: address.filters,
      onApply: address.applyFilters,
    });

  const nothingAtAll = list.data && rows.length === 0 && active === 0 && !address.cursor;
  const emptyState = failed ? (
    <LoadError what="the payments" error={list.error} onRetry={list.retry} />
  ) : nothingAtAll ? (
    <EmptyState
      icon={<Receipt />}
      title="No payments yet"
      description="Record a payment against invoices with “Record payment”, or money taken before invoicing with “Advance payment”."
      action={<Button onClick={record}>Record payment</Button>}
    />
  ) : (
    <EmptyState
      icon={<Search />}
      title="No payments match"
      description="Clear the filters to see every payment."
      action={
        <Button variant="secondary" onClick={address.clearFilters}>
          Clear filters
        </Button>
      }
    />
  );

  return (
    <DataTable
      caption="Payments"
      hideCaption
      data={rows}
      columns={columns}
      getRowId={(payment) => String(payment.id)}
      loading={list.view === 'loading'}
      loadingRowCount={6}
      emptyState={emptyState}
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
          {clientId !== undefined && (
            <>
              <Button onClick={record}>Record payment</Button>
              <Button variant="secondary" onClick={advance}>
                Advance payment
              </Button>
            </>
          )}
        </div>
      }
      footer={
        <ListPager
          label="Payments pages"
          what="payments"
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
