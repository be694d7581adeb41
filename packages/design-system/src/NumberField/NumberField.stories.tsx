import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NumberField } from './NumberField';

const meta = {
  title: 'Design system/NumberField',
  component: NumberField,
  args: { label: 'Session length', unit: 'min', min: 10, max: 240, step: 5, error: '', onValueChange: fn() },
} satisfies Meta<typeof NumberField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(within(canvasElement).getByRole('spinbutton', { name: 'Session length' }), '50');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(50);
  },
};

/** A fractional step shows a decimal keypad on phones. */
export const Decimal: Story = { args: { label: 'CPD hours', unit: 'h', min: 0, max: 100, step: 0.5 } };

export const WithError: Story = { args: { defaultValue: 5, error: 'Enter a length from 10 to 240 minutes.' } };
