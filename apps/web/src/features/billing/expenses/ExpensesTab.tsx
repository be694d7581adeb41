import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPORT_PERIOD_MAX_DAYS,
  PAGE_SIZE_DEFAULT,
  shiftDate,
  type Expense,
  type ExpenseCategory,
} from '@halcyon/api/contract';
import { formatMoney, formatTaxRate } from '@halcyon/api/money';
import { useApiClient, useExpenses } from '@halcyon/api/swr';
import { formatDate } from '@halcyon/api/time';
import {
  Button,
  DataTable,
  DateRangePicker,
  EmptyState,
  Pagination,
  Select,
  Sensitive,
  TextField,
  type DataTableColumn,
  type DateRange,
} from '@halcyon/design-system';
import { LoadError, useModal } from '@halcyon/modals';
import { useMemo, useState } from 'react';
import { Receipt } from '../../../app/icons';
import { useDownload } from '../exports/useDownload';
import { thisYearSoFar } from '../exports/periods';
import styles from '../books.module.css';

const ALL = 'all';
const CATEGORY_OPTIONS = [
  { value: ALL, label: 'Every category' },
  ...EXPENSE_CATEGORIES.map((value) => ({ value, label: EXPENSE_CATEGORY_LABELS[value] })),
];

/** Can the period be exported in one file (both days, in order, at most EXPORT_PERIOD_MAX_DAYS)? */
function exportable({ from, to }: DateRange): boolean {
  return Boolean(from && to && from <= to && shiftDate(from, { days: EXPORT_PERIOD_MAX_DAYS }) > to);
}

/**
 * The Expenses tab of /Billing (CATALOG.md Billing): the practice's expenses of a period, newest first, a page at a time,
 * by category and supplier; "Add expense" and a row open the `expense` modal; the receipt downloads; "Export CSV" saves
 * the period's expenses for the accountant. Privacy blurs suppliers and every amount.
 */
export function ExpensesTab() {
  const modal = useModal();
  const client = useApiClient();
  const { download, busy } = useDownload();
  const [period, setPeriod] = useState<DateRange>(() => thisYearSoFar());
  const [category, setCategory] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const expenses = useExpenses(
    {
      page,
      pageSize: PAGE_SIZE_DEFAULT,
      ...(period.from && { from: period.from }),
      ...(period.to && period.to >= period.from && { to: period.to }),
      ...(category !== ALL && { category: [category as ExpenseCategory] }),
      ...(search.trim() && { search: search.trim() }),
    },
    { swr: { keepPreviousData: true } },
  );
  const items = expenses.data?.items ?? [];
  const total = expenses.data?.total ?? 0;
  const currency = expenses.data?.currency;

  // A new expense shows first: back to the first page, which the save reloaded (the write's reads, from the contract).
  const add = () => modal.open('expense', { ...(currency && { defaults: { currency } }), onSaved: () => setPage(1) });
  const exportPeriod = () =>
    download(`expenses-${period.from}-to-${period.to}.csv`, () =>
      client.call('exportExpenses', { query: { from: period.from, to: period.to } }),
    );

  const columns = useMemo<DataTableColumn<Expense>[]>(() => {
    const money = (minor: number, row: Expense) => (
      <Sensitive className={styles.amount}>{formatMoney(minor, row.currency)}</Sensitive>
    );
    return [
      {
        id: 'date',
        header: 'Date',
        accessorKey: 'date',
        enableSorting: false,
        cell: ({ row }) => <span className={styles.noWrap}>{formatDate(row.original.date)}</span>,
      },
      {
        id: 'supplier',
        header: 'Supplier',
        accessorKey: 'supplier',
        enableSorting: false,
        cell: ({ row }) => (
          <Button variant="ghost" size="sm" onClick={() => modal.open('expense', { id: row.original.id })}>
            <Sensitive>{row.original.supplier}</Sensitive>
          </Button>
        ),
      },
      {
        id: 'category',
        header: 'Category',
        accessorKey: 'category',
        enableSorting: false,
        cell: ({ row }) => EXPENSE_CATEGORY_LABELS[row.original.category],
      },
      {
        id: 'amount',
        header: 'Before tax',
        accessorKey: 'amountMinor',
        enableSorting: false,
        cell: ({ row }) => money(row.original.amountMinor, row.original),
      },
      {
        id: 'tax',
        header: 'Tax',
        accessorKey: 'taxMinor',
        enableSorting: false,
        cell: ({ row }) => (
          <span className={styles.noWrap}>
            {money(row.original.taxMinor, row.original)}{' '}
            <span className={styles.muted}>({formatTaxRate(row.original.taxRateBp)})</span>
          </span>
        ),
      },
      {
        id: 'total',
        header: 'Total',
        accessorKey: 'totalMinor',
        enableSorting: false,
        cell: ({ row }) => money(row.original.totalMinor, row.original),
      },
      {
        id: 'receipt',
        header: 'Receipt',
        enableSorting: false,
        cell: ({ row }) => {
          const receipt = row.original.receipt;
          if (!receipt) return <span className={styles.muted}>None</span>;
          return (
            <Button
              variant="ghost"
              size="sm"
              loading={busy === receipt.name}
              aria-label={`Download the receipt ${receipt.name}`}
              onClick={() => download(receipt.name, () => client.call('downloadFile', { params: { id: receipt.id } }))}
            >
              Download
            </Button>
          );
        },
      },
    ];
  }, [busy, client, download, modal]);

  const filtered = category !== ALL || search.trim() !== '';
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <div className={styles.filters}>
          <DateRangePicker
            label="Period"
            value={period}
            onValueChange={(next) => {
              setPeriod(next);
              setPage(1);
            }}
          />
          <Select
            label="Category"
            options={CATEGORY_OPTIONS}
            value={category}
            onValueChange={(value) => {
              setCategory(value);
              setPage(1);
            }}
          />
          <TextField
            label="Supplier"
            type="search"
            autoComplete="off"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={exportPeriod}
            disabled={!exportable(period)}
            loading={busy?.startsWith('expenses-') ?? false}
          >
            Export CSV
          </Button>
          <Button onClick={add}>Add expense</Button>
        </div>
      </div>
      {!exportable(period) && (
        <p className={styles.muted}>
          Choose a period of at most {EXPORT_PERIOD_MAX_DAYS} days to export it: export a year at a time.
        </p>
      )}
      <DataTable
        caption="Expenses"
        hideCaption
        data={items}
        columns={columns}
        getRowId={(expense) => String(expense.id)}
        loading={expenses.view === 'loading'}
        totalRowCount={total}
        emptyState={
          expenses.view === 'error' ? (
            <LoadError what="the expenses" error={expenses.error} onRetry={expenses.retry} />
          ) : (
            <EmptyState
              icon={<Receipt />}
              title={filtered ? 'No expenses match' : 'No expenses in this period'}
              description={
                filtered
                  ? 'Choose every category and clear the supplier to see the whole period.'
                  : 'Record what the practice spends, with its receipt, and hand your accountant one file at the end of the year.'
              }
              action={<Button onClick={add}>Add expense</Button>}
            />
          )
        }
        footer={
          total > PAGE_SIZE_DEFAULT ? (
            <Pagination
              label="Expense pages"
              page={page}
              total={total}
              pageSize={PAGE_SIZE_DEFAULT}
              onPageChange={setPage}
            />
          ) : null
        }
      />
    </div>
  );
}
