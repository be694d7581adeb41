import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, type CheckedState } from './Checkbox';

describe('Checkbox', () => {
  it('given uncontrolled use, when the label is clicked, then it toggles and reports the state', async () => {
    const onCheckedChange = vi.fn();
    render(<Checkbox label="Send reminders" onCheckedChange={onCheckedChange} />);
    await userEvent.click(screen.getByText('Send reminders'));
    expect(screen.getByRole('checkbox', { name: 'Send reminders' })).toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
  });

  it('given keyboard focus, when Space is pressed, then it toggles', async () => {
    render(<Checkbox label="Consent recorded" defaultChecked />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Consent recorded' })).not.toBeChecked();
  });

  it('given controlled indeterminate, then it is mixed until the owner changes it', async () => {
    function Owner() {
      const [checked, setChecked] = useState<CheckedState>('indeterminate');
      return <Checkbox label="All clients" checked={checked} onCheckedChange={setChecked} />;
    }
    render(<Owner />);
    const box = screen.getByRole('checkbox', { name: 'All clients' });
    expect(box).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(box);
    expect(box).toBeChecked();
  });

  it('given an error and a ref, then the checkbox is invalid, described, and the ref is the checkbox', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Checkbox ref={ref} label="I agree to the terms" error="Agree to the terms to continue." required />);
    const box = screen.getByRole('checkbox', { name: 'I agree to the terms' });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Agree to the terms to continue.');
    expect(ref.current).toBe(box);
  });

  it('has no axe violations', async () => {
    const { container } = render(<Checkbox label="Send reminders" hint="By email, a day before." defaultChecked />);
    await expect(container).toHaveNoAxeViolations();
  });
});
