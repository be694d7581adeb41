import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MoneyField } from './MoneyField';

const meta = {
  title: 'Design system/MoneyField',
  component: MoneyField,
  args: {
    label: 'Session fee',
    currency: 'GBP',
    locale: 'en-GB',
    hint: 'Per session.',
    error: '',
    onValueChange: fn(),
  },
  argTypes: { currency: { control: 'select', options: ['GBP', 'EUR', 'USD', 'JPY', 'CHF'] } },
} satisfies Meta<typeof MoneyField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Type "12.50": the value is 1250 minor units; leaving the box tidies the text to two decimals. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Session fee' });
    await userEvent.type(input, '12.5');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(1250);
    await userEvent.tab();
    await expect(input).toHaveValue('12.50');
  },
};

export const WithValue: Story = { args: { defaultValue: 6500 } };

export const Euro: Story = { args: { currency: 'EUR', locale: 'de-DE', defaultValue: 123450 } };

export const WithError: Story = { args: { error: 'Enter a fee of at least £1.00.', defaultValue: 0 } };
