import type { Meta } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import {
  clickButton,
  findModal,
  modalIsOpen,
  modalParameters,
  modalRender,
  type ModalStoryObj,
} from '../../stories/modalStory';
import { FilterModal } from './FilterModal';
import { invoiceFilterFields, invoiceFilterValues } from './invoiceFilters';

const render = modalRender('filter');

const meta = {
  title: 'Modals/Common/Filter',
  component: FilterModal,
  args: { fields: invoiceFilterFields, values: invoiceFilterValues, onApply: fn() },
  parameters: modalParameters(
    'The filters of the list that opened it (here the invoice list): select, multi-select, checkbox and date-range ' +
      'fields, starting from the filters applied now. Apply hands the chosen values back to the list (the button ' +
      'counts them); Reset clears every field.',
  ),
  render: render(),
  play: modalIsOpen,
} satisfies Meta<typeof FilterModal>;
export default meta;
type Story = ModalStoryObj<'filter'>;

/** The invoice list's filters, two applied, open at rest. */
export const Default: Story = {};

/** Nothing applied yet. */
export const Empty: Story = { args: { values: {} } };

/** Adds a filter and applies: the list receives the chosen values. */
export const Interaction: Story = {
  play: async ({ canvasElement, args }) => {
    const { dialog } = await findModal(canvasElement, 'Filter');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Billed to an insurer' }));
    await clickButton(dialog, 'Apply (3)');
    await waitFor(() => expect(args.onApply).toHaveBeenCalledWith(expect.objectContaining({ insurer: true })));
  },
};

/** Reset clears every field; Apply then removes all filters from the list. */
export const InteractionReset: Story = {
  play: async ({ canvasElement, args }) => {
    const { dialog } = await findModal(canvasElement, 'Filter');
    await clickButton(dialog, 'Reset');
    await expect(dialog.getByText('No filters active')).toBeInTheDocument();
    await clickButton(dialog, 'Apply');
    await waitFor(() => expect(args.onApply).toHaveBeenCalled());
  },
};
