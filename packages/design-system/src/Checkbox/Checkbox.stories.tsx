import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'Design system/Checkbox',
  component: Checkbox,
  args: { label: 'Send appointment reminders', hint: 'By email, the day before.', error: '', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByText('Send appointment reminders'));
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

export const Checked: Story = { args: { defaultChecked: true } };

/** Mixed: some but not all of a group are chosen. */
export const Indeterminate: Story = { args: { label: 'All clients on this page', hint: '', checked: 'indeterminate' } };

export const WithError: Story = {
  args: {
    label: 'I have the client’s consent to store these notes',
    hint: '',
    error: 'Confirm consent to continue.',
    required: true,
  },
};

export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };
