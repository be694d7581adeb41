import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Combobox, type ComboboxOption } from './Combobox';

const clients: ComboboxOption[] = [
  { value: '101', label: 'Ana Okafor', description: 'Born 12 Mar 1988' },
  { value: '102', label: 'Anil Mehta', description: 'Born 3 Jul 1975' },
  { value: '103', label: 'Hannah Lee', description: 'Born 21 Jan 1999' },
  { value: '104', label: 'Joanna Price' },
  { value: '105', label: 'Sam Taylor' },
];

/** Stands in for a search through the API client (components never fetch themselves). */
const searchClients = (query: string) =>
  new Promise<ComboboxOption[]>((resolve) =>
    setTimeout(() => resolve(clients.filter((c) => c.label.toLowerCase().includes(query.toLowerCase()))), 300),
  );

const meta = {
  title: 'Design system/Combobox',
  component: Combobox,
  args: {
    label: 'Client',
    hint: 'Search by name.',
    placeholder: 'Start typing a name',
    loadOptions: searchClients,
    onValueChange: fn(),
    debounceMs: 250,
    minQueryLength: 1,
    error: '',
  },
  argTypes: { loadOptions: { control: false } },
} satisfies Meta<typeof Combobox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Type, wait for results, then Down and Enter to choose. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Client' }), 'ann');
    await canvas.findByRole('option', { name: /Hannah Lee/ }, { timeout: 3000 });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith(expect.objectContaining({ value: '103' }));
  },
};

export const WithValue: Story = { args: { defaultValue: clients[0] } };

export const WithError: Story = { args: { error: 'Choose a client from the list.', required: true } };
