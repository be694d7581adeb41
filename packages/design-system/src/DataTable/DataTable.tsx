import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Columns3 } from 'lucide-react';
import { VisuallyHidden } from '../VisuallyHidden';
import { useControllableState } from '@radix-ui/react-use-controllable-state';
import { useId, useMemo, useRef, type ReactElement, type ReactNode, type Ref } from 'react';
import { DropdownMenu } from '../DropdownMenu';
import { Skeleton } from '../Skeleton';
import { SelectCheckbox } from './SelectCheckbox';
import { useGridNavigation } from './useGridNavigation';
import { useOverflow } from '../internal/useOverflow';
import { cx } from '../Field/cx';
import styles from './DataTable.module.css';

declare module '@tanstack/react-table' {
  // Column options DataTable reads; TanStack's documented way to extend column meta.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in the column visibility menu (defaults to a string header or the column id). */
    label?: string;
    /** `end` right-aligns numbers and money. */
    align?: 'start' | 'end';
  }
}

/** A column of a DataTable: TanStack's `ColumnDef` (build them with `createColumnHelper<T>()`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<TData> = ColumnDef<TData, any>;

export interface DataTableProps<TData> {
  data: TData[];
  columns: DataTableColumn<TData>[];
  /** Names the table; required for screen readers. */
  caption: ReactNode;
  /** Keep the caption for screen readers only. */
  hideCaption?: boolean;
  /** A stable id per row (defaults to the index); keeps the selection across pages and re-sorts. */
  getRowId?: (row: TData, index: number) => string;
  /** Names a row for its selection checkbox: "Select {label}". */
  getRowLabel?: (row: TData) => string;

  sorting?: SortingState;
  defaultSorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
  /** The server sorts: rows are shown as given, `onSortingChange` asks for a new page. */
  manualSorting?: boolean;

  /** Adds a checkbox column; a function decides per row. */
  enableRowSelection?: boolean | ((row: TData) => boolean);
  rowSelection?: RowSelectionState;
  defaultRowSelection?: RowSelectionState;
  onRowSelectionChange?: (selection: RowSelectionState) => void;

  columnVisibility?: VisibilityState;
  defaultColumnVisibility?: VisibilityState;
  onColumnVisibilityChange?: (visibility: VisibilityState) => void;
  /** Shows the "Columns" menu that hides and shows columns. */
  enableColumnVisibilityMenu?: boolean;
  columnsMenuLabel?: string;

  /** Shows skeleton rows instead of data. */
  loading?: boolean;
  loadingRowCount?: number;
  /** Shown in the body when there are no rows (defaults to "No results."). */
  emptyState?: ReactNode;
  /** Row click and Enter on a focused cell. */
  onRowClick?: (row: TData) => void;
  /** The total number of rows when `data` is one page of a longer list (sets `aria-rowcount`). */
  totalRowCount?: number;
  /** Controls above the table (search, filters), beside the columns menu. */
  toolbar?: ReactNode;
  /** Below the table, e.g. `Pagination`. */
  footer?: ReactNode;
  /** Keeps the header row in view while the body scrolls (default on). */
  stickyHeader?: boolean;
  className?: string;
  /** The outer element (React 19 passes `ref` as a prop). */
  ref?: Ref<HTMLDivElement>;
}

const SELECT_COLUMN_ID = '__select';

function resolve<T>(updater: Updater<T>, previous: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater;
}

/** Adapts a controllable state to TanStack's updater callbacks. */
function useTableState<T>(prop: T | undefined, defaultProp: T, onChange: ((value: T) => void) | undefined) {
  const [value, setValue] = useControllableState({ prop, defaultProp, onChange, caller: 'DataTable' });
  const onTableChange: OnChangeFn<T> = (updater) => setValue((previous) => resolve(updater, previous));
  return [value, onTableChange] as const;
}

function columnLabel<TData>(column: { id: string; columnDef: DataTableColumn<TData> }): string {
  const { meta, header } = column.columnDef;
  return meta?.label ?? (typeof header === 'string' ? header : column.id);
}

function sortLabel(direction: false | 'asc' | 'desc') {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return 'none';
}

/**
 * A data table on TanStack Table: client- or server-side sorting (`aria-sort`), row selection, a column visibility
 * menu, skeleton loading and empty states, a sticky header, and grid keyboard navigation (arrow keys, Home/End,
 * Enter runs `onRowClick`).
 */
export function DataTable<TData>({
  data,
  columns,
  caption,
  hideCaption = false,
  getRowId,
  getRowLabel,
  sorting: sortingProp,
  defaultSorting = [],
  onSortingChange,
  manualSorting = false,
  enableRowSelection = false,
  rowSelection: rowSelectionProp,
  defaultRowSelection = {},
  onRowSelectionChange,
  columnVisibility: visibilityProp,
  defaultColumnVisibility = {},
  onColumnVisibilityChange,
  enableColumnVisibilityMenu = false,
  columnsMenuLabel = 'Columns',
  loading = false,
  loadingRowCount = 5,
  emptyState = 'No results.',
  onRowClick,
  totalRowCount,
  toolbar,
  footer,
  stickyHeader = true,
  className,
  ref,
}: DataTableProps<TData>): ReactElement {
  const [sorting, setSorting] = useTableState(sortingProp, defaultSorting, onSortingChange);
  const [rowSelection, setRowSelection] = useTableState(rowSelectionProp, defaultRowSelection, onRowSelectionChange);
  const [columnVisibility, setColumnVisibility] = useTableState(
    visibilityProp,
    defaultColumnVisibility,
    onColumnVisibilityChange,
  );

  const allColumns = useMemo<DataTableColumn<TData>[]>(() => {
    if (!enableRowSelection) return columns;
    const select: DataTableColumn<TData> = {
      id: SELECT_COLUMN_ID,
      enableSorting: false,
      enableHiding: false,
      header: ({ table }) => (
        <SelectCheckbox
          aria-label="Select all rows"
          checked={table.getIsAllRowsSelected()}
          indeterminate={table.getIsSomeRowsSelected()}
          onChange={table.getToggleAllRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <SelectCheckbox
          aria-label={getRowLabel ? `Select ${getRowLabel(row.original)}` : `Select row ${row.index + 1}`}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, enableRowSelection, getRowLabel]);

  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns a mutable instance by design.
  const table = useReactTable({
    data,
    columns: allColumns,
    state: { sorting, rowSelection, columnVisibility },
    onSortingChange: setSorting,
    onRowSelectionChange: setRowSelection,
    onColumnVisibilityChange: setColumnVisibility,
    enableRowSelection:
      typeof enableRowSelection === 'function'
        ? (row: Row<TData>) => enableRowSelection(row.original)
        : enableRowSelection,
    manualSorting,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  const rows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const { bodyRef, onKeyDown, onFocus } = useGridNavigation({
    onActivate: (rowIndex) => {
      const row = rows[rowIndex];
      if (row && onRowClick) onRowClick(row.original);
    },
    disabled: loading,
  });
  const hideableColumns = table.getAllLeafColumns().filter((column) => column.getCanHide());
  // The table scrolls inside its own region, never the page: named by the caption, and a Tab stop while it overflows so
  // the keyboard can scroll it (WCAG 2.1.1).
  const captionId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [overflow] = useOverflow(scrollerRef);
  const scrollable = overflow.inline || overflow.block;

  return (
    <div ref={ref} className={cx(styles.root, className)} data-state={loading ? 'loading' : 'idle'}>
      {(toolbar || enableColumnVisibilityMenu) && (
        <div className={styles.toolbar}>
          <div className={styles.toolbarStart}>{toolbar}</div>
          {enableColumnVisibilityMenu && (
            <DropdownMenu.Root>
              <DropdownMenu.Trigger className={styles.menuButton}>
                <Columns3 aria-hidden className={styles.icon} />
                {columnsMenuLabel}
              </DropdownMenu.Trigger>
              <DropdownMenu.Content align="end">
                {hideableColumns.map((column) => (
                  <DropdownMenu.CheckboxItem
                    key={column.id}
                    checked={column.getIsVisible()}
                    onCheckedChange={(checked) => column.toggleVisibility(checked)}
                    onSelect={(event) => event.preventDefault()}
                  >
                    {columnLabel(column)}
                  </DropdownMenu.CheckboxItem>
                ))}
              </DropdownMenu.Content>
            </DropdownMenu.Root>
          )}
        </div>
      )}
      <div
        ref={scrollerRef}
        className={styles.scroller}
        role="region"
        aria-labelledby={captionId}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so the keyboard can scroll it (axe scrollable-region-focusable)
        tabIndex={scrollable ? 0 : undefined}
        data-overflow={scrollable ? 'true' : 'false'}
      >
        <table
          className={styles.table}
          role="grid"
          aria-busy={loading || undefined}
          aria-rowcount={totalRowCount !== undefined ? totalRowCount + 1 : undefined}
          data-sticky={stickyHeader ? 'true' : 'false'}
        >
          {hideCaption ? (
            <caption id={captionId}>
              <VisuallyHidden>{caption}</VisuallyHidden>
            </caption>
          ) : (
            <caption id={captionId} className={styles.caption}>
              {caption}
            </caption>
          )}
          <thead className={styles.head}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const sorted = column.getIsSorted();
                  const align = column.columnDef.meta?.align ?? 'start';
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan}
                      className={styles.th}
                      data-align={align}
                      data-select={column.id === SELECT_COLUMN_ID ? 'true' : undefined}
                      aria-sort={column.getCanSort() ? sortLabel(sorted) : undefined}
                    >
                      {column.getCanSort() ? (
                        <button
                          type="button"
                          className={styles.sortButton}
                          data-state={sorted || 'none'}
                          onClick={column.getToggleSortingHandler()}
                        >
                          {content}
                          {sorted === 'asc' ? (
                            <ArrowUp aria-hidden className={styles.sortIcon} />
                          ) : sorted === 'desc' ? (
                            <ArrowDown aria-hidden className={styles.sortIcon} />
                          ) : (
                            <ArrowUpDown aria-hidden className={styles.sortIcon} data-muted="" />
                          )}
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {/* The grid's keyboard model lives on the body: arrow keys between cells, Enter activates a row. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
          <tbody ref={bodyRef} onKeyDown={onKeyDown} onFocus={onFocus}>
            {loading ? (
              Array.from({ length: loadingRowCount }, (_, rowIndex) => (
                <tr key={`loading-${rowIndex}`} className={styles.row} data-state="loading">
                  {visibleColumns.map((column) => (
                    <td key={column.id} role="gridcell" className={styles.td}>
                      <Skeleton />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr className={styles.row}>
                <td role="gridcell" className={styles.empty} colSpan={visibleColumns.length}>
                  {emptyState}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  className={styles.row}
                  data-state={row.getIsSelected() ? 'selected' : undefined}
                  data-clickable={onRowClick ? 'true' : undefined}
                  aria-selected={enableRowSelection ? row.getIsSelected() : undefined}
                  onClick={(event) => {
                    if (!onRowClick) return;
                    // Clicks on a control inside the row (checkbox, link, button) belong to that control.
                    if ((event.target as Element).closest('a, button, input, select, textarea, label')) return;
                    onRowClick(row.original);
                  }}
                >
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      role="gridcell"
                      className={styles.td}
                      data-align={cell.column.columnDef.meta?.align ?? 'start'}
                      data-select={cell.column.id === SELECT_COLUMN_ID ? 'true' : undefined}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
