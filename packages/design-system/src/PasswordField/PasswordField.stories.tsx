import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Design system/PasswordField',
  component: PasswordField,
  args: { label: 'Password', autoComplete: 'current-password', showStrength: false, error: '' },
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Signing in: a show/hide toggle, no meter. */
export const SignIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password', { selector: 'input' });
    await userEvent.type(input, 'not-my-real-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
  },
};

/** Choosing a password: the strength meter (Weak / Fair / Good / Strong) is announced politely as it changes. */
export const NewPassword: Story = {
  args: {
    label: 'New password',
    autoComplete: 'new-password',
    showStrength: true,
    hint: 'At least 12 characters. A few unrelated words work well.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New password', { selector: 'input' }), 'Quiet-Harbour-Lantern-42');
    await expect(canvas.getByText('Password strength: Strong')).toBeInTheDocument();
  },
};

export const WithError: Story = { args: { error: 'Enter your password.', required: true } };
