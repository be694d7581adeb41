import { PAYMENT_METHOD_LABELS, type Payment, type PaymentListQuery } from '@halcyon/api/contract';
import { formatMoney } from '@halcyon/api/money';
import { useRoute } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import { Badge, Button, Sensitive, type DataTableColumn } from '@halcyon/design-system';
import { useModal } from '@halcyon/modals';
import { useMemo } from 'react';
import { BillingList, clientColumns } from './BillingList';
import {
  CLIENT_PAYMENT_FILTER_FIELDS,
  PAYMENT_FILTER_FIELDS,
  paymentQueryOf,
  useListQuery,
  useListSearch,
} from './listing';
import styles from './billing.module.css';

export interface PaymentListProps {
  /** One client's payments (their Billing tab); the client column and filter are left out. */
  clientId?: number;
  /** That client's name, which the payment modals show instead of "This client". */
  clientName?: string;
}

/**
 * Payments and advance payments, newest first, a page at a time, filtered by client, kind, method and dates: the amount,
 * what it settled and what is left as the client's credit.
 */
export function PaymentList({ clientId, clientName }: PaymentListProps) {
  const modal = useModal();
  const { address, query } = useListQuery<PaymentListQuery>(
    clientId ? CLIENT_PAYMENT_FILTER_FIELDS : PAYMENT_FILTER_FIELDS,
    'payment',
    paymentQueryOf,
    clientId,
  );
  const { typed, search, onSearch } = useListSearch(address);
  const list = useRoute(
    'listPayments',
    { query: search ? { ...query, search } : query },
    { swr: { keepPreviousData: true } },
  );

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
      ...clientColumns<Payment>(clientId),
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

  return (
    <BillingList
      search={{ label: 'Search payments', placeholder: 'Client or reference', value: typed, onChange: onSearch }}
      caption="Payments"
      one="payment"
      filter={{ title: 'Filter payments', description: 'Show only the payments and advance payments that match.' }}
      address={address}
      list={list}
      columns={columns}
      getRowId={(payment) => String(payment.id)}
      // A payment is never edited: it opens to show what it settled, with Delete for one recorded by mistake.
      onRowClick={(payment) =>
        modal.open(payment.kind === 'advance' ? 'advance-payment' : 'payment', { id: payment.id })
      }
      nothingYet={{
        title: 'No payments yet',
        description:
          'Record a payment against invoices with “Record payment”, or money taken before invoicing with “Advance payment”.',
        action: <Button onClick={record}>Record payment</Button>,
      }}
      actions={
        clientId !== undefined && (
          <>
            <Button onClick={record}>Record payment</Button>
            <Button variant="secondary" onClick={advance}>
              Advance payment
            </Button>
          </>
        )
      }
    />
  );
}
