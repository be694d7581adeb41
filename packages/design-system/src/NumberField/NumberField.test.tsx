import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { registerLike } from '../Field/registerLike';
import { NumberField } from './NumberField';

describe('NumberField', () => {
  it('given min, max and step, then the input carries them with a numeric keypad', () => {
    render(<NumberField label="Session length" min={10} max={240} step={5} unit="min" />);
    const input = screen.getByRole('spinbutton', { name: 'Session length' });
    expect(input).toHaveAttribute('min', '10');
    expect(input).toHaveAttribute('max', '240');
    expect(input).toHaveAttribute('step', '5');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('min')).toBeInTheDocument();
  });

  it('given a fractional step, then a decimal keypad is offered', () => {
    render(<NumberField label="Hours" step={0.5} />);
    expect(screen.getByRole('spinbutton', { name: 'Hours' })).toHaveAttribute('inputmode', 'decimal');
  });

  it('given typing, then onValueChange gets numbers, and null once cleared', async () => {
    const onValueChange = vi.fn();
    render(<NumberField label="Sessions" onValueChange={onValueChange} />);
    const input = screen.getByRole('spinbutton', { name: 'Sessions' });
    await userEvent.type(input, '12');
    expect(onValueChange).toHaveBeenLastCalledWith(12);
    await userEvent.clear(input);
    expect(onValueChange).toHaveBeenLastCalledWith(null);
  });

  it('given NaN as the value (a form holding an emptied box), then the box is empty and React is not warned', () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<NumberField label="Hours" value={Number.NaN} onValueChange={() => undefined} />);
    expect(screen.getByRole('spinbutton', { name: 'Hours' })).toHaveValue(null);
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('NaN'), expect.anything());
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('NaN'));
    warn.mockRestore();
  });

  it('given register, then the ref is the input and changes reach react-hook-form', async () => {
    const field = registerLike('sessions');
    const ref = createRef<HTMLInputElement>();
    render(<NumberField label="Sessions" {...field.props} />);
    render(<NumberField ref={ref} label="Other" />);
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Sessions' }), '6');
    expect(field.state.value).toBe('6');
    expect(ref.current).toBeInstanceOf(HTMLInputElement);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <NumberField label="Sessions" min={1} max={52} error="Enter a number from 1 to 52." />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
