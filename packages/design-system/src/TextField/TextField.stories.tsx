import type { Meta, StoryObj } from '@storybook/react-vite';
import { Mail } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { TextField } from './TextField';

const meta = {
  title: 'Design system/TextField',
  component: TextField,
  args: {
    label: 'Email',
    hint: 'Appointment reminders go here.',
    error: '',
    required: false,
    disabled: false,
    type: 'email',
  },
  argTypes: { startAdornment: { control: false }, endAdornment: { control: false } },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'sam@example.com');
    await expect(input).toHaveValue('sam@example.com');
  },
};

export const Required: Story = { args: { required: true } };

export const WithError: Story = {
  args: { error: 'Enter an email address like name@example.com.', defaultValue: 'sam@' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toBeInvalid();
  },
};

export const Disabled: Story = { args: { disabled: true, defaultValue: 'reception@practice.example' } };

export const WithIcon: Story = { args: { startAdornment: <Mail aria-hidden="true" /> } };
