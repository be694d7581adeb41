import type { QueryView } from '@halcyon/api/swr';
import { INVOICE_SEARCH_MAX } from '@halcyon/api/contract';
import { Button, DataTable, EmptyState, Sensitive, type DataTableColumn } from '@halcyon/design-system';
import { LoadError } from '@halcyon/modals';
import type { ReactNode } from 'react';
import { Receipt, Search } from '../../app/icons';
import { ListSearchField } from '../../app/ListSearch';
import { FilterButtons } from './FilterButtons';
import { FilterChips } from './FilterChips';
import type { ListAddress } from './listing';
import { ListPager } from './ListPager';
import styles from './billing.module.css';

/** The client column of a list of the whole practice; left out on one client's Billing tab. */
export function clientColumns<Row extends { clientName: string }>(
  clientId: number | undefined,
): DataTableColumn<Row>[] {
  return clientId
    ? []
    : [{ id: 'client', header: 'Client', cell: ({ row }) => <Sensitive>{row.original.clientName}</Sensitive> }];
}

export interface BillingListProps<Row> {
  /** The table's caption: what the list holds, e.g. "Invoices" (its messages say "invoices"). */
  caption: string;
  /** One of them, e.g. "invoice" ("Clear the filters to see every invoice."). */
  one: string;
  /** The filter modal's title and description. */
  filter: { title: string; description: string };
  address: ListAddress;
  /** The page read (`useRoute`): what it shows, its items and the next page's cursor. */
  list: {
    view: QueryView;
    data: { items: Row[]; nextCursor: string | null } | null | undefined;
    error: unknown;
    retry: () => unknown;
  };
  columns: DataTableColumn<Row>[];
  getRowId: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  /** The empty state when there is nothing at all (no filter, the first page): what to do first. */
  nothingYet: { title: string; description: string; action: ReactNode };
  /** The list's own buttons after Filter (on a client's tab: New invoice). */
  actions?: ReactNode;
  /**
   * A search box before Filter (kept on the page, not in the address: it may hold a client's name): what it searches
   * for, what is typed, and each change.
   */
  search?: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
}

/**
 * A billing list (invoices, payments), newest first, a page at a time by the server's cursor: the Filter button opens
 * the `filter` modal, the filters applied show as chips (each removable) and live in the address, a failed read shows
 * the error with Retry, and an empty page says whether there is nothing yet or nothing matches.
 */
export function BillingList<Row>({
  caption,
  one,
  filter,
  address,
  list,
  columns,
  getRowId,
  onRowClick,
  nothingYet,
  actions,
  search,
}: BillingListProps<Row>) {
  const what = caption.toLowerCase();
  const failed = list.view === 'error';
  const rows = failed ? [] : (list.data?.items ?? []);
  const { active } = address;

  const searching = Boolean(search?.value.trim());
  const nothingAtAll = list.data && rows.length === 0 && active === 0 && !address.cursor && !searching;
  const emptyState = failed ? (
    <LoadError what={`the ${what}`} error={list.error} onRetry={list.retry} />
  ) : nothingAtAll ? (
    <EmptyState icon={<Receipt />} {...nothingYet} />
  ) : (
    <EmptyState
      icon={<Search />}
      title={`No ${what} match`}
      description={
        searching
          ? `Change the search, or clear it and the filters to see every ${one}.`
          : `Clear the filters to see every ${one}.`
      }
      action={
        <Button
          variant="secondary"
          onClick={() => {
            search?.onChange('');
            address.clearFilters();
          }}
        >
          {searching ? 'Clear the search and filters' : 'Clear filters'}
        </Button>
      }
    />
  );

  return (
    <DataTable
      caption={caption}
      hideCaption
      data={rows}
      columns={columns}
      getRowId={getRowId}
      loading={list.view === 'loading'}
      loadingRowCount={6}
      emptyState={emptyState}
      onRowClick={onRowClick}
      toolbar={
        <div className={styles.stack}>
          <div className={styles.toolbar}>
            {search && <ListSearchField {...search} maxLength={INVOICE_SEARCH_MAX} />}
            <FilterButtons
              {...filter}
              fields={address.fields}
              values={address.filters}
              active={active}
              onApply={address.applyFilters}
              onClear={address.clearFilters}
            />
            {actions}
          </div>
          <FilterChips fields={address.fields} filters={address.filters} onRemove={address.removeFilter} />
        </div>
      }
      footer={
        <ListPager
          label={`${caption} pages`}
          what={what}
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
