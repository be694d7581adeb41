import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { MoneyField, type MoneyFieldProps } from './MoneyField';
import { formatMoney } from './money';

function Controlled(props: MoneyFieldProps) {
  const [value, setValue] = useState<number | null>(4500);
  return (
    <div style={{ display: 'grid', gap: 'var(--hds-space-3)' }}>
      <MoneyField {...props} value={value} onValueChange={setValue} />
      <p>
        Stored:{' '}
        {value === null ? 'nothing' : `${value} minor units (${formatMoney(value, props.currency, props.locale)})`}
      </p>
      <button type="button" onClick={() => setValue(6000)}>
        Use the standard fee
      </button>
    </div>
  );
}

const meta = {
  title: 'Design system/MoneyField/Features',
  component: MoneyField,
  args: { label: 'Amount', currency: 'GBP', locale: 'en-GB' },
} satisfies Meta<typeof MoneyField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Text that is not an amount: on leaving the box, a message says what to type. */
export const InvalidText: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Amount' }), '12.345');
    await userEvent.tab();
    await expect(canvas.getByText('Enter an amount like 12.50.')).toBeInTheDocument();
  },
};

/** Currencies without minor units (JPY): 1500 is ¥1,500. */
export const Yen: Story = { args: { currency: 'JPY', locale: 'ja-JP', defaultValue: 1500 } };

/** Controlled: the owner holds minor units and can set them from outside. */
export const ControlledValue: Story = {
  render: (args) => <Controlled {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Use the standard fee' }));
    await expect(canvas.getByRole('textbox', { name: 'Amount' })).toHaveValue('60.00');
  },
};
