import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { DatePicker } from './DatePicker';

const meta = {
  title: 'Design system/DatePicker',
  component: DatePicker,
  args: { label: 'Date of birth', hint: '', error: '', min: '1900-01-01', max: '2026-12-31' },
} satisfies Meta<typeof DatePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
  },
};

export const WithValue: Story = { args: { defaultValue: '1988-03-12' } };

export const WithError: Story = {
  args: { label: 'Start date', error: 'Enter a start date on or after today.', required: true },
};
