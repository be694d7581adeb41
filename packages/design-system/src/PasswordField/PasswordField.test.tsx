import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { registerLike } from '../Field/registerLike';
import { PasswordField } from './PasswordField';
import { estimatePasswordStrength } from './strength';

const getInput = () => screen.getByLabelText('Password', { selector: 'input' });

describe('estimatePasswordStrength', () => {
  it.each([
    ['short1A!', 'Weak'],
    ['password1234', 'Weak'],
    ['Password123456!', 'Weak'],
    ['123456789012', 'Weak'],
    ['lanternmeadow', 'Fair'],
    ['Lantern meadow', 'Good'],
    ['correct horse battery staple', 'Good'],
    ['Quiet-Harbour-Lantern-42', 'Strong'],
  ])('given %j, then it is %s', (password, label) => {
    expect(estimatePasswordStrength(password).label).toBe(label);
  });
});

describe('PasswordField', () => {
  it('given the toggle, when pressed, then the password is shown and hidden again', async () => {
    const onVisibleChange = vi.fn();
    render(<PasswordField label="Password" defaultValue="s3cret" onVisibleChange={onVisibleChange} />);
    expect(getInput()).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(getInput()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(onVisibleChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(toggle);
    expect(getInput()).toHaveAttribute('type', 'password');
  });

  it('given showStrength, when typing, then the strength is shown, announced politely and describes the input', async () => {
    render(<PasswordField label="Password" showStrength autoComplete="new-password" />);
    await userEvent.type(getInput(), 'lanternmeadow');
    const status = screen.getByText('Password strength: Fair');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(getInput()).toHaveAccessibleDescription('Password strength: Fair');
    await userEvent.type(getInput(), '-Quiet-42!');
    expect(screen.getByText('Password strength: Strong')).toBeInTheDocument();
  });

  it('given register, then the ref is the input and typing reaches onChange', async () => {
    const field = registerLike('password');
    const ref = createRef<HTMLInputElement>();
    render(<PasswordField label="Password" {...field.props} />);
    render(<PasswordField ref={ref} label="Other" />);
    expect(field.state.element).toBe(getInput());
    await userEvent.type(getInput(), 'abc');
    expect(field.state.value).toBe('abc');
    expect(ref.current).toBeInstanceOf(HTMLInputElement);
  });

  it('has no axe violations', async () => {
    const { container } = render(<PasswordField label="Password" showStrength defaultValue="lanternmeadow" />);
    await expect(container).toHaveNoAxeViolations();
  });
});
