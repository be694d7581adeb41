import { dateOrderMessage, dateRangeMessage, DATE_RANGES } from '@halcyon/api/contract';
import { billingClientNames, createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { Button } from '@halcyon/design-system';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useModal } from '../../host/context';
import { renderWithModals } from '../../test/renderWithModals';
import type { FilterModalProps } from '../../types';
import { activeFiltersLabel, FilterModal } from './FilterModal';
import { countActiveFilters, emptyFilterValues } from './filters';
import { invoiceFilterFields, invoiceFilterValues } from './invoiceFilters';

function InvoiceList(props: Partial<FilterModalProps>) {
  const modal = useModal();
  return (
    <Button
      onClick={() =>
        modal.open('filter', { fields: invoiceFilterFields, values: invoiceFilterValues, onApply: vi.fn(), ...props })
      }
    >
      Filter invoices
    </Button>
  );
}

async function openFilters(
  onApply: FilterModalProps['onApply'],
  props: Partial<FilterModalProps> = {},
  privacy = false,
) {
  renderWithModals(<InvoiceList onApply={onApply} {...props} />, {
    client: createMockClient({ handlers: { lookupClientNames: billingClientNames } }),
    privacy,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Filter invoices' }));
  return screen.findByRole('dialog', { name: 'Filter' });
}

describe('filter', () => {
  it('given the list’s filters, then each field shows with the applied values and the active count', async () => {
    const dialog = await openFilters(vi.fn());
    expect(within(dialog).getByText('2 filters active')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Individual therapy (50 min)' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Couples therapy' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Billed to an insurer' })).not.toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Reference' })).toHaveValue('');
    expect(within(dialog).getByRole('group', { name: 'Services' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply (2)' })).toBeEnabled();
    await expect(dialog).toHaveNoAxeViolations();
  });

  it('given changed filters, when Apply is pressed, then the list receives every value and the modal closes', async () => {
    const onApply = vi.fn();
    const dialog = await openFilters(onApply);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Couples therapy' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Billed to an insurer' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'INV-00');
    expect(within(dialog).getByText('4 filters active')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply (4)' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply).toHaveBeenCalledWith({
      status: 'overdue',
      services: ['individual', 'couples'],
      clientId: '',
      issued: { from: '', to: '' },
      insurer: true,
      reference: 'INV-00',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('given active filters, when Reset then Apply are pressed, then every filter is cleared', async () => {
    const onApply = vi.fn();
    const dialog = await openFilters(onApply);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByText('No filters active')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Individual therapy (50 min)' })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Reset' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(emptyFilterValues(invoiceFilterFields)));
  });

  it('given a client typed by name, when chosen and applied, then the list receives the client’s id and name', async () => {
    const onApply = vi.fn();
    const dialog = await openFilters(onApply);
    await userEvent.type(within(dialog).getByRole('combobox', { name: /^Client/ }), 'Tom');
    await userEvent.click(await screen.findByRole('option', { name: 'Tom Reid' }));
    expect(within(dialog).getByText('3 filters active')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply (3)' }));
    await waitFor(() =>
      expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ clientId: { value: '8', label: 'Tom Reid' } })),
    );
  });

  it('given a client applied, then the field shows the name, blurred while Privacy is on, and Reset clears it', async () => {
    const onApply = vi.fn();
    const dialog = await openFilters(onApply, { values: { clientId: { value: '7', label: 'Maya Patel' } } }, true);
    const field = within(dialog).getByRole('combobox', { name: /^Client/ });
    expect(field).toHaveValue('Maya Patel');
    // Focus elsewhere (the dialog focuses its first field on opening): the name is then blurred until hovered or focused.
    act(() => within(dialog).getByRole('button', { name: 'Cancel' }).focus());
    expect(field.closest('[data-privacy]')).toHaveAttribute('data-state', 'hidden');
    expect(within(dialog).getByText('1 filter active')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ clientId: '' })));
  });

  it('given a date range reversed or out of its limits, when Apply is pressed, then it says what to fix and applies nothing', async () => {
    const onApply = vi.fn();
    const dialog = await openFilters(onApply, { values: { issued: { from: '2026-03-01', to: '2026-02-01' } } });
    expect(within(dialog).getByText(dateOrderMessage('the last day', 'the first day'))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply (1)' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Filter' })).toBeInTheDocument();

    const from = within(dialog).getByLabelText(/^From/);
    await userEvent.clear(from);
    await userEvent.type(from, '1990-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply (1)' }));
    expect(await within(dialog).findByText(dateRangeMessage('the first day', DATE_RANGES.invoice))).toBeInTheDocument();
    expect(onApply).not.toHaveBeenCalled();

    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply (1)' }));
    await waitFor(() =>
      expect(onApply).toHaveBeenCalledWith(
        expect.objectContaining({ issued: { from: '2026-01-01', to: '2026-02-01' } }),
      ),
    );
  });

  it('given changes, when the user closes without applying, then "Discard changes?" asks first', async () => {
    const onApply = vi.fn();
    const dialog = await openFilters(onApply);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Billed to an insurer' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Discard changes?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onApply).not.toHaveBeenCalled();
  });

  it('given values, then active filters are counted by what they filter', () => {
    expect(countActiveFilters({})).toBe(0);
    expect(
      countActiveFilters({
        a: '',
        b: '  ',
        c: [],
        d: false,
        e: { from: '', to: '' },
        f: 'x',
        g: ['y'],
        h: true,
        i: { from: '2026-01-01', to: '' },
        j: { value: '7', label: 'Maya Patel' },
      }),
    ).toBe(5);
    expect(countActiveFilters({ status: 'paid', other: 'x' }, invoiceFilterFields)).toBe(1);
    expect(activeFiltersLabel(1)).toBe('1 filter active');
  });

  it('given no host, then the modal still renders on its own (for embedding in a story or a page test)', () => {
    render(
      <MockApiProvider client={createMockClient()}>
        <FilterModal fields={invoiceFilterFields} values={{}} onApply={vi.fn()} />
      </MockApiProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Filter' })).toHaveAccessibleDescription(
      'Show only the items that match.',
    );
  });
});
