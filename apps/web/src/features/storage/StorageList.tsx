import { formatDate } from '@halcyon/api/time';
import { Button, DropdownMenu, Pagination, type DataTableColumn } from '@halcyon/design-system';
import type { ReactNode } from 'react';
import { ChevronDown } from '../../app/icons';
import { useDownload, type ShownFile } from './StoragePieces';
import styles from './storage.module.css';

/** How many rows a storage list shows on a page. */
export const PAGE_SIZE = 50;

/** A row's "Actions" menu: the row's own items, then Delete (which asks first) after a separator. */
export function RowMenu({ name, children, onDelete }: { name: string; children: ReactNode; onDelete: () => void }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Actions for ${name}`}>
          Actions <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        {children}
        <DropdownMenu.Separator />
        <DropdownMenu.Item variant="danger" onSelectAfterClose={onDelete}>
          Delete
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

/** A file's menu items: Preview (a PDF or an image, in the page) and Download. */
export function FileMenuItems({ file, onPreview }: { file: ShownFile; onPreview: (file: ShownFile) => void }) {
  const download = useDownload();
  return (
    <>
      {file.previewable && <DropdownMenu.Item onSelectAfterClose={() => onPreview(file)}>Preview</DropdownMenu.Item>}
      <DropdownMenu.Item onSelect={() => void download(file)}>Download</DropdownMenu.Item>
    </>
  );
}

/** A storage list's "Added" and "Actions" columns: the day a row was added, and the row's menu. */
export function addedAndActionsColumns<Row extends { createdAt: string }>(
  menu: (row: Row) => ReactNode,
): DataTableColumn<Row>[] {
  return [
    {
      id: 'added',
      header: 'Added',
      enableSorting: false,
      cell: ({ row }) => <span className={styles.noWrap}>{formatDate(row.original.createdAt)}</span>,
    },
    { id: 'actions', header: 'Actions', enableSorting: false, cell: ({ row }) => menu(row.original) },
  ];
}

/** A storage list's pages under its table, once there is more than one page (`null` otherwise). */
export function listPages(
  label: string,
  page: number,
  data: { total: number; totalCapped: boolean } | null | undefined,
  onPageChange: (page: number) => void,
): ReactNode {
  return data && (data.total > PAGE_SIZE || page > 1) ? (
    <Pagination
      label={label}
      page={page}
      total={data.total}
      atLeast={data.totalCapped}
      pageSize={PAGE_SIZE}
      onPageChange={onPageChange}
    />
  ) : null;
}
