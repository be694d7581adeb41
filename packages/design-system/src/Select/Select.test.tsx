import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './Select';

const services = [
  { value: 'initial', label: 'Initial consultation' },
  { value: 'standard', label: 'Standard session' },
  { value: 'couples', label: 'Couples session', disabled: true },
];

describe('Select', () => {
  it('given no value, then the trigger is named by the label and shows the placeholder', () => {
    render(<Select label="Service" options={services} placeholder="Choose a service" />);
    const trigger = screen.getByRole('combobox', { name: 'Service' });
    expect(trigger).toHaveTextContent('Choose a service');
  });

  it('given the keyboard, when opened and an option chosen, then the value is shown and reported', async () => {
    const onValueChange = vi.fn();
    render(<Select label="Service" options={services} onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Service' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const option = await screen.findByRole('option', { name: 'Standard session' });
    expect(screen.getByRole('option', { name: 'Couples session' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(option);
    expect(onValueChange).toHaveBeenCalledWith('standard');
    expect(trigger).toHaveTextContent('Standard session');
  });

  it('given a controlled value, then the trigger shows it', () => {
    render(<Select label="Service" options={services} value="initial" onValueChange={() => undefined} />);
    expect(screen.getByRole('combobox', { name: 'Service' })).toHaveTextContent('Initial consultation');
  });

  it('given an error and a ref, then the trigger is invalid, described, and is the ref', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Select ref={ref} label="Service" options={services} error="Choose a service." />);
    const trigger = screen.getByRole('combobox', { name: 'Service' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Choose a service.');
    expect(ref.current).toBe(trigger);
  });

  it('given an uncontrolled default, when an option is chosen, then the trigger shows each in turn', async () => {
    render(<Select label="Service" options={services} defaultValue="initial" />);
    const trigger = screen.getByRole('combobox', { name: 'Service' });
    expect(trigger).toHaveTextContent('Initial consultation');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'Standard session' }));
    expect(trigger).toHaveTextContent('Standard session');
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('given the closed trigger focused, when letters are typed, then the option they start is chosen, a repeated letter moves on and disabled options are skipped', async () => {
    const onValueChange = vi.fn();
    const options = [...services, { value: 'supervision', label: 'Supervision' }];
    render(<Select label="Service" options={options} onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Service' });
    trigger.focus();
    await userEvent.keyboard('s');
    expect(onValueChange).toHaveBeenLastCalledWith('standard');
    expect(trigger).toHaveTextContent('Standard session');
    await userEvent.keyboard('s');
    expect(onValueChange).toHaveBeenLastCalledWith('supervision');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    onValueChange.mockClear();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await userEvent.keyboard('c');
    expect(onValueChange).not.toHaveBeenCalled();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await userEvent.keyboard('in');
    expect(onValueChange).toHaveBeenLastCalledWith('initial');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('given a required select in a form the browser validates, when an option is chosen while closed, then the form is valid and submits', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit} aria-label="Booking">
        <Select label="Service" options={services} required />
        <button type="submit">Book</button>
      </form>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Service' });
    expect(trigger).toHaveAttribute('aria-required', 'true');
    trigger.focus();
    await userEvent.keyboard('s');
    expect(trigger).toHaveTextContent('Standard session');
    expect(screen.getByRole('form', { name: 'Booking' })).toBeValid();
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations', async () => {
    const { container } = render(<Select label="Service" hint="Sets the fee." options={services} required />);
    await expect(container).toHaveNoAxeViolations();
  });
});
