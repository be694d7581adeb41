import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Design system/PasswordField/Features',
  component: PasswordField,
  args: { label: 'New password', showStrength: true, autoComplete: 'new-password' },
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Under 12 characters is always Weak, however varied. */
export const ShortIsWeak: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New password', { selector: 'input' }), 'Aa1!Bb2@');
    await expect(canvas.getByText('Password strength: Weak')).toBeInTheDocument();
  },
};

/** A common password padded with digits and symbols is still Weak. */
export const CommonIsWeak: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('New password', { selector: 'input' }), 'Password123456!');
    await expect(canvas.getByText('Password strength: Weak')).toBeInTheDocument();
  },
};

/** Visible by default (e.g. a generated password the user should copy). */
export const StartsVisible: Story = { args: { defaultVisible: true, defaultValue: 'Quiet-Harbour-Lantern-42' } };
