import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateRangePicker, DEFAULT_ORDER_MESSAGE } from './DateRangePicker';

describe('DateRangePicker', () => {
  it('given a label, then both dates sit in a group named by it', () => {
    render(<DateRangePicker label="Invoice period" />);
    const group = screen.getByRole('group', { name: 'Invoice period' });
    expect(group).toContainElement(screen.getByLabelText('From'));
    expect(group).toContainElement(screen.getByLabelText('To'));
  });

  it('given a from date, then the to date cannot go before it, and the range is reported', () => {
    const onValueChange = vi.fn();
    render(<DateRangePicker label="Period" onValueChange={onValueChange} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2026-03-01');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(onValueChange).toHaveBeenLastCalledWith({ from: '2026-03-01', to: '2026-03-31' });
    expect(screen.getByLabelText('From')).toHaveAttribute('max', '2026-03-31');
  });

  it('given from after to, then the to date is invalid with a message that says what to fix', () => {
    render(<DateRangePicker label="Period" defaultValue={{ from: '2026-05-10', to: '2026-05-01' }} />);
    expect(screen.getByLabelText('To')).toBeInvalid();
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(DEFAULT_ORDER_MESSAGE);
  });

  it('given a controlled value and a ref, then it shows the value and the ref is the group', () => {
    const ref = createRef<HTMLDivElement>();
    render(
      <DateRangePicker
        ref={ref}
        label="Period"
        value={{ from: '2026-01-01', to: '2026-01-31' }}
        onValueChange={() => undefined}
      />,
    );
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
    expect(ref.current).toBe(screen.getByRole('group', { name: 'Period' }));
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <DateRangePicker
        label="Period"
        hint="Both dates included."
        defaultValue={{ from: '2026-05-10', to: '2026-05-01' }}
      />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
