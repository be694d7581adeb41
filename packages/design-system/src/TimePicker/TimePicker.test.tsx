import { fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TimePicker } from './TimePicker';

describe('TimePicker', () => {
  it('given a step and limits, then the native time input carries them', () => {
    render(<TimePicker label="Start time" min="08:00" max="20:00" step={300} />);
    const input = screen.getByLabelText('Start time');
    expect(input).toHaveAttribute('type', 'time');
    expect(input).toHaveAttribute('min', '08:00');
    expect(input).toHaveAttribute('step', '300');
  });

  it('given a new time, then onValueChange receives HH:mm and the ref is the input', () => {
    const onValueChange = vi.fn();
    const ref = createRef<HTMLInputElement>();
    render(<TimePicker ref={ref} label="Start time" onValueChange={onValueChange} />);
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '09:30' } });
    expect(onValueChange).toHaveBeenCalledWith('09:30');
    expect(ref.current).toBe(screen.getByLabelText('Start time'));
  });

  it('has no axe violations', async () => {
    const { container } = render(<TimePicker label="Start time" required />);
    await expect(container).toHaveNoAxeViolations();
  });
});
