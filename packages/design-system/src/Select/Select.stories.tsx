import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Select } from './Select';

const services = [
  { value: 'initial', label: 'Initial consultation' },
  { value: 'standard', label: 'Standard session (50 min)' },
  { value: 'extended', label: 'Extended session (80 min)' },
  { value: 'couples', label: 'Couples session', disabled: true },
];

const meta = {
  title: 'Design system/Select',
  component: Select,
  args: {
    label: 'Service',
    hint: 'Sets the length and the fee.',
    options: services,
    placeholder: 'Choose a service',
    error: '',
    required: false,
    disabled: false,
    onValueChange: fn(),
  },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Service' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: 'Standard session (50 min)' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('standard');
  },
};

export const WithValue: Story = { args: { defaultValue: 'extended' } };

export const WithError: Story = { args: { error: 'Choose a service so the fee can be set.', required: true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'initial' } };
