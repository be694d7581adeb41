import type { Meta } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { dateOrderMessage } from '@halcyon/api/contract';
import { billingClientNames } from '@halcyon/api/testing';
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

const render = modalRender('filter', () => ({ lookupClientNames: billingClientNames }));

const meta = {
  title: 'Modals/Common/Filter',
  component: FilterModal,
  args: { fields: invoiceFilterFields, values: invoiceFilterValues, onApply: fn() },
  parameters: modalParameters(
    'The filters of the list that opened it (here the invoice list): select, multi-select, checkbox, client and ' +
      'date-range fields, starting from the filters applied now. The client is found by name (blurred while Privacy ' +
      'is on); a date range out of its limits or reversed says what to fix and is not applied. Apply hands the chosen ' +
      'values back to the list (the button counts them); Reset clears every field.',
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

/** One client applied: the field shows their name. */
export const ClientChosen: Story = {
  args: { values: { clientId: { value: '7', label: 'Maya Patel' } } },
  play: async ({ canvasElement }) => {
    const { dialog } = await findModal(canvasElement, 'Filter');
    await expect(dialog.getByRole('combobox', { name: /^Client/ })).toHaveValue('Maya Patel');
  },
};

/** Finds a client by name and applies: the list receives the client's id and name. */
export const InteractionClient: Story = {
  play: async ({ canvasElement, args }) => {
    const { dialog, body } = await findModal(canvasElement, 'Filter');
    await userEvent.type(dialog.getByRole('combobox', { name: /^Client/ }), 'Tom');
    await userEvent.click(await body.findByRole('option', { name: 'Tom Reid' }));
    await clickButton(dialog, 'Apply (3)');
    await waitFor(() =>
      expect(args.onApply).toHaveBeenCalledWith(
        expect.objectContaining({ clientId: { value: '8', label: 'Tom Reid' } }),
      ),
    );
  },
};

/** A reversed date range: it says so on the To date, and Apply applies nothing. */
export const ValidationErrors: Story = {
  args: { values: { issued: { from: '2026-03-01', to: '2026-02-01' } } },
  play: async ({ canvasElement, args }) => {
    const { dialog } = await findModal(canvasElement, 'Filter');
    await expect(dialog.getByText(dateOrderMessage('the last day', 'the first day'))).toBeVisible();
    await clickButton(dialog, 'Apply (1)');
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};
