import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DataTable, type DataTableProps } from './DataTable';
import { clientColumns, makeClients, type ExampleClient } from './examples';

/** A concrete `DataTable<ExampleClient>` so Storybook can infer controls. */
function ClientTable(props: DataTableProps<ExampleClient>) {
  return <DataTable {...props} />;
}

const meta = {
  title: 'Data/DataTable',
  component: ClientTable,
  args: {
    data: makeClients(8),
    columns: clientColumns,
    caption: 'Clients',
    hideCaption: false,
    getRowId: (c: ExampleClient) => c.id,
    getRowLabel: (c: ExampleClient) => c.name,
    enableRowSelection: false,
    enableColumnVisibilityMenu: false,
    loading: false,
    stickyHeader: true,
    onRowClick: fn(),
    onSortingChange: fn(),
    onRowSelectionChange: fn(),
  },
  argTypes: {
    data: { control: false },
    columns: { control: false },
    caption: { control: 'text' },
    loadingRowCount: { control: { type: 'number', min: 1, max: 20 } },
  },
} satisfies Meta<typeof ClientTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('columnheader', { name: /Name/ });
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(args.onSortingChange).toHaveBeenCalledWith([{ id: 'name', desc: false }]);
  },
};

export const Selection: Story = {
  args: { enableRowSelection: true, defaultRowSelection: { c2: true } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows' }));
    await expect(args.onRowSelectionChange).toHaveBeenCalled();
  },
};

export const ColumnVisibility: Story = {
  args: { enableColumnVisibilityMenu: true, defaultColumnVisibility: { sessions: false } },
};

export const Loading: Story = { args: { loading: true, loadingRowCount: 4 } };

export const Empty: Story = {
  args: {
    data: [],
    emptyState: (
      <p>
        No clients yet. <a href="#add">Add your first client</a>.
      </p>
    ),
  },
};

export const HiddenCaption: Story = { args: { hideCaption: true } };
