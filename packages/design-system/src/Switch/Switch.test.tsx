import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Switch } from './Switch';

describe('Switch', () => {
  it('given uncontrolled use, when toggled, then the visible text follows the state', async () => {
    const onCheckedChange = vi.fn();
    render(<Switch label="Privacy mode" onCheckedChange={onCheckedChange} />);
    const toggle = screen.getByRole('switch', { name: 'Privacy mode' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText('Off')).toBeVisible();
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
  });

  it('given controlled use, when the owner refuses, then the state stays', async () => {
    function Owner() {
      const [on] = useState(true);
      return <Switch label="Online booking" checked={on} />;
    }
    render(<Owner />);
    await userEvent.click(screen.getByRole('switch', { name: 'Online booking' }));
    expect(screen.getByRole('switch', { name: 'Online booking' })).toBeChecked();
  });

  it('given custom state text and a ref, then they are used', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Switch ref={ref} label="Reminders" defaultChecked onText="Enabled" offText="Disabled" />);
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    expect(ref.current).toBe(screen.getByRole('switch', { name: 'Reminders' }));
  });

  it('has no axe violations', async () => {
    const { container } = render(<Switch label="Privacy mode" hint="Blurs client details." />);
    await expect(container).toHaveNoAxeViolations();
  });
});
