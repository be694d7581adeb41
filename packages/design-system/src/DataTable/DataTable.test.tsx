import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeScrollBox } from '../internal/fakeLayout';
import { DataTable, type DataTableProps } from './DataTable';
import { clientColumns, makeClients, type ExampleClient } from './examples';

const clients = makeClients(4);

function renderTable(props: Partial<DataTableProps<ExampleClient>> = {}) {
  return render(
    <DataTable
      data={clients}
      columns={clientColumns}
      caption="Clients"
      getRowId={(c) => c.id}
      getRowLabel={(c) => c.name}
      {...props}
    />,
  );
}

const bodyNames = () =>
  within(screen.getAllByRole('rowgroup')[1] as HTMLElement)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('gridcell')[0]?.textContent);

describe('DataTable', () => {
  it('given data and columns, then renders a captioned grid with one row per item', () => {
    renderTable();
    const grid = screen.getByRole('grid', { name: 'Clients' });
    expect(within(grid).getAllByRole('row')).toHaveLength(clients.length + 1);
    expect(screen.getByRole('columnheader', { name: /Balance/ })).toBeInTheDocument();
  });

  it('given client-side sorting, when a header is pressed twice, then sorts ascending then descending with aria-sort', async () => {
    renderTable();
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(bodyNames()).toEqual([...clients.map((c) => c.name)].sort());
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(bodyNames()).toEqual([...clients.map((c) => c.name)].sort().reverse());
  });

  it('given manual (server) sorting, when a header is pressed, then reports the sorting and keeps the rows as given', async () => {
    const onSortingChange = vi.fn();
    renderTable({ manualSorting: true, sorting: [], onSortingChange });
    await userEvent.click(within(screen.getByRole('columnheader', { name: /Sessions/ })).getByRole('button'));
    expect(onSortingChange).toHaveBeenCalledWith([{ id: 'sessions', desc: true }]);
    expect(bodyNames()).toEqual(clients.map((c) => c.name));
  });

  it('given row selection, when a row checkbox and then select-all are pressed, then reports the selected ids', async () => {
    const onRowSelectionChange = vi.fn();
    renderTable({ enableRowSelection: true, onRowSelectionChange });
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${clients[1]?.name}` }));
    expect(onRowSelectionChange).toHaveBeenLastCalledWith({ c2: true });
    expect(screen.getByRole('checkbox', { name: 'Select all rows' })).toHaveProperty('indeterminate', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onRowSelectionChange).toHaveBeenLastCalledWith({ c1: true, c2: true, c3: true, c4: true });
  });

  it('given the columns menu, when a column is unticked, then it disappears from the table', async () => {
    renderTable({ enableColumnVisibilityMenu: true });
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Status' }));
    expect(screen.queryByRole('columnheader', { name: /Status/ })).not.toBeInTheDocument();
  });

  it('given loading, then shows skeleton rows and marks the grid busy', () => {
    renderTable({ loading: true, loadingRowCount: 3 });
    const grid = screen.getByRole('grid');
    expect(grid).toHaveAttribute('aria-busy', 'true');
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByText(clients[0]?.name ?? '')).not.toBeInTheDocument();
  });

  it('given no rows, then shows the empty state slot', () => {
    renderTable({ data: [], emptyState: <p>No clients yet. Add your first client.</p> });
    expect(screen.getByText('No clients yet. Add your first client.')).toBeInTheDocument();
  });

  it('given keyboard focus in the body, when arrow keys and Enter are pressed, then moves between cells and opens the row', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick });
    await userEvent.tab(); // the Name sort button
    await userEvent.tab(); // the other sort buttons
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab(); // the body's single tab stop
    const first = screen.getByRole('gridcell', { name: clients[0]?.name });
    expect(first).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowRight}');
    expect(screen.getAllByRole('row')[2]?.querySelectorAll('td')[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getAllByRole('row')[2]?.querySelectorAll('td')[3]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(clients[1]);
  });

  it('given a row click, then calls onRowClick, but not when the click is on its checkbox', async () => {
    const onRowClick = vi.fn();
    renderTable({ onRowClick, enableRowSelection: true });
    await userEvent.click(screen.getByText(clients[2]?.name ?? ''));
    expect(onRowClick).toHaveBeenCalledWith(clients[2]);
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${clients[0]?.name}` }));
    expect(onRowClick).toHaveBeenCalledTimes(1);
  });

  it('given one page of a long list, then reports the total with aria-rowcount and renders the footer slot', () => {
    renderTable({ totalRowCount: 5000, footer: <nav aria-label="Pagination">Page 1 of 200</nav> });
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '5001');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
  });

  it('given a table wider than its box (a phone), then it scrolls in its own region named by the caption, which takes keyboard focus', async () => {
    const restore = fakeScrollBox({ clientWidth: 340, scrollWidth: 1100 });
    try {
      renderTable();
      const region = screen.getByRole('region', { name: 'Clients' });
      expect(region).toContainElement(screen.getByRole('grid', { name: 'Clients' }));
      expect(region).toHaveAttribute('data-overflow', 'true');
      await userEvent.tab();
      expect(region).toHaveFocus();
    } finally {
      restore();
    }
  });

  it('given a table that fits, then its region is no extra Tab stop', () => {
    const restore = fakeScrollBox({ clientWidth: 1100, scrollWidth: 1100 });
    try {
      renderTable();
      expect(screen.getByRole('region', { name: 'Clients' })).not.toHaveAttribute('tabindex');
    } finally {
      restore();
    }
  });

  it('given a ref and className, then forwards both to the outer element', () => {
    const ref = createRef<HTMLDivElement>();
    renderTable({ ref, className: 'extra' });
    expect(ref.current?.className).toContain('extra');
    expect(ref.current).toContainElement(screen.getByRole('grid'));
  });

  it('has no axe violations', async () => {
    const { container } = renderTable({
      enableRowSelection: true,
      enableColumnVisibilityMenu: true,
      hideCaption: true,
    });
    await expect(container).toHaveNoAxeViolations();
  });
});
