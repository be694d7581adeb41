import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { registerLike } from '../Field/registerLike';
import { DatePicker } from './DatePicker';

describe('DatePicker', () => {
  it('given min and max, then the native date input carries them', () => {
    render(<DatePicker label="Date of birth" min="1900-01-01" max="2026-11-22" />);
    const input = screen.getByLabelText('Date of birth');
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('min', '1900-01-01');
    expect(input).toHaveAttribute('max', '2026-11-22');
  });

  it('given a new date, then onValueChange receives the ISO string', () => {
    const onValueChange = vi.fn();
    render(<DatePicker label="Start date" onValueChange={onValueChange} />);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-12-01' } });
    expect(onValueChange).toHaveBeenCalledWith('2026-12-01');
  });

  it('given register, then the ref is the input and the default value shows', () => {
    const field = registerLike('dob', '1990-05-17');
    const ref = createRef<HTMLInputElement>();
    render(<DatePicker label="Date of birth" {...field.props} />);
    render(<DatePicker ref={ref} label="Other" />);
    expect(field.state.element).toBe(screen.getByLabelText('Date of birth'));
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-05-17');
    expect(ref.current).toBeInstanceOf(HTMLInputElement);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <DatePicker label="Start date" hint="The first session." error="Enter a start date." />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
