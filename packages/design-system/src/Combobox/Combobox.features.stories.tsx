import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Combobox, type ComboboxOption } from './Combobox';

const nothing = (): Promise<readonly ComboboxOption[]> => Promise.resolve([]);

const meta = {
  title: 'Design system/Combobox/Features',
  component: Combobox,
  args: { label: 'Client', debounceMs: 0, loadOptions: nothing },
  argTypes: { loadOptions: { control: false } },
} satisfies Meta<typeof Combobox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing matches: the empty message is shown and announced. */
export const NoMatches: Story = {
  args: { emptyMessage: 'No clients match that name.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Client' }), 'zz');
    await expect(await canvas.findByText('No clients match that name.', { selector: 'p' })).toBeInTheDocument();
  },
};

/** A slow search shows "Searching…" and a spinner. */
export const Loading: Story = {
  args: { loadOptions: () => new Promise<ComboboxOption[]>(() => undefined) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Client' }), 'an');
    await expect(canvas.getByText('Searching…', { selector: 'p' })).toBeInTheDocument();
  },
};

/** The search failed (e.g. offline): a message says so; typing again retries. */
export const SearchFailed: Story = {
  args: { loadOptions: () => Promise.reject(new Error('offline')) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Client' }), 'an');
    await expect(await canvas.findByText('Search failed. Please try again.', { selector: 'p' })).toBeInTheDocument();
  },
};

/** Search only from three characters (large practices). */
export const MinimumLength: Story = {
  args: { minQueryLength: 3, hint: 'Type at least 3 letters.' },
  render: (args) => (
    <Combobox {...args} loadOptions={(q) => Promise.resolve([{ value: '1', label: `Result for ${q}` }])} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Client' });
    await userEvent.type(input, 'ab');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(input, 'c');
    await expect(await canvas.findByRole('option', { name: 'Result for abc' })).toBeInTheDocument();
  },
};
