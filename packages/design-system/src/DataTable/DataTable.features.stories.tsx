import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Pagination } from '../Pagination';
import { DataTable, type DataTableProps } from './DataTable';
import type { SortingState } from '@tanstack/react-table';
import { clientColumns, makeClients, type ExampleClient } from './examples';

const TOTAL = 5000;
const PAGE_SIZE = 25;
const everyone = makeClients(TOTAL);

/** Stands in for the server: sorts the 5,000 clients and returns one page, as `GET /api/clients?page=&sort=` would. */
function serverPage(sorting: SortingState, page: number): ExampleClient[] {
  const [sort] = sorting;
  const sorted = sort
    ? [...everyone].sort((a, b) => {
        const key = sort.id as keyof ExampleClient;
        const order = a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0;
        return sort.desc ? -order : order;
      })
    : everyone;
  return sorted.slice(page * PAGE_SIZE, page * PAGE_SIZE + PAGE_SIZE);
}

function ServerSideTable(props: Partial<DataTableProps<ExampleClient>>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [page, setPage] = useState(0);
  const data = useMemo(() => serverPage(sorting, page), [sorting, page]);
  const pages = Math.ceil(TOTAL / PAGE_SIZE);
  return (
    <div style={{ maxBlockSize: '28rem', display: 'flex' }}>
      <DataTable
        {...props}
        caption="All clients"
        columns={clientColumns}
        data={data}
        getRowId={(c) => c.id}
        getRowLabel={(c) => c.name}
        manualSorting
        sorting={sorting}
        onSortingChange={(next) => {
          setSorting(next);
          setPage(0);
        }}
        totalRowCount={TOTAL}
        enableRowSelection
        footer={<Pagination page={page + 1} onPageChange={(next) => setPage(next - 1)} pageCount={pages} />}
      />
    </div>
  );
}

const meta = {
  title: 'Data/DataTable/Features',
  component: ServerSideTable,
  args: { onRowClick: fn() },
} satisfies Meta<typeof ServerSideTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 5,000 clients fed page by page: the "server" sorts, the selection keeps its ids across pages. */
export const ServerSideSortingAndPaging: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('grid')).toHaveAttribute('aria-rowcount', String(TOTAL + 1));
    await userEvent.click(within(canvas.getByRole('columnheader', { name: /Sessions/ })).getByRole('button'));
    await expect(canvas.getByRole('columnheader', { name: /Sessions/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('Page 2 of 200')).toBeInTheDocument();
  },
};

/** Arrow keys move between cells, Home/End to the row's ends, Enter opens the row. */
export const KeyboardNavigation: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const [first] = canvas.getAllByRole('checkbox', { name: /^Select (?!all)/ });
    first?.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    const secondName = canvas.getAllByRole('row')[2]?.querySelectorAll('td')[1];
    await expect(secondName).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowClick).toHaveBeenCalledOnce();
  },
};
