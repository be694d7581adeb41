import { Button } from '@halcyon/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { useModal } from '../../host/context';
import { ModalTestRoot } from '../../test/renderWithModals';
import type { FilterValues } from './filters';
import { countActiveFilters } from './filters';
import { invoiceFilterFields, invoiceFilterValues } from './invoiceFilters';

interface FilterDemoProps {
  initialValues: FilterValues;
  onApply: (values: FilterValues) => void;
}

/** A list toolbar's Filter button: opens the filter modal with the list's fields and shows what was applied. */
function InvoiceListToolbar({ initialValues, onApply }: FilterDemoProps) {
  const modal = useModal();
  const [values, setValues] = useState(initialValues);
  const active = countActiveFilters(values, invoiceFilterFields);
  return (
    <>
      <Button
        variant="secondary"
        onClick={() =>
          modal.open('filter', {
            fields: invoiceFilterFields,
            values,
            onApply: (chosen) => {
              setValues(chosen);
              onApply(chosen);
            },
          })
        }
      >
        {active > 0 ? `Filter (${active})` : 'Filter'}
      </Button>
      <pre aria-label="Applied filters">{JSON.stringify(values, null, 2)}</pre>
    </>
  );
}

function FilterDemo(props: FilterDemoProps) {
  return (
    <ModalTestRoot>
      <InvoiceListToolbar {...props} />
    </ModalTestRoot>
  );
}

const meta = {
  title: 'Modals/Filter',
  component: FilterDemo,
  args: { initialValues: invoiceFilterValues, onApply: fn() },
} satisfies Meta<typeof FilterDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Starts from the applied filters; Apply hands the chosen values back to the list. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Filter (2)' }));
    const dialog = await body.findByRole('dialog', { name: 'Filter' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Billed to an insurer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply (3)' }));
    await waitFor(() => expect(args.onApply).toHaveBeenCalledWith(expect.objectContaining({ insurer: true })));
    await expect(await canvas.findByRole('button', { name: 'Filter (3)' })).toBeInTheDocument();
  },
};

/** Reset clears every field; Apply then removes all filters from the list. */
export const Reset: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Filter (2)' }));
    const dialog = await body.findByRole('dialog', { name: 'Filter' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await expect(within(dialog).getByText('No filters active')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(args.onApply).toHaveBeenCalled());
    await expect(await canvas.findByRole('button', { name: 'Filter' })).toBeInTheDocument();
  },
};

export const NothingApplied: Story = { args: { initialValues: {} } };
