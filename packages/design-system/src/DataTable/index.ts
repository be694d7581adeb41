export { DataTable } from './DataTable';
export type { DataTableColumn, DataTableProps } from './DataTable';
export { createColumnHelper } from '@tanstack/react-table';
export type { RowSelectionState, SortingState, VisibilityState } from '@tanstack/react-table';
