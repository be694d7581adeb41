import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioGroup } from './RadioGroup';

const options = [
  { value: 'in-person', label: 'In person' },
  { value: 'video', label: 'Video call', description: 'A link is sent with the reminder.' },
  { value: 'phone', label: 'Phone' },
];

describe('RadioGroup', () => {
  it('given a label, then the group is named by it and options by theirs', () => {
    render(<RadioGroup label="Session type" options={options} />);
    expect(screen.getByRole('radiogroup', { name: 'Session type' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Video call' })).toHaveAccessibleDescription(
      'A link is sent with the reminder.',
    );
  });

  it('given a click on a label, then that option is chosen and reported', async () => {
    const onValueChange = vi.fn();
    render(<RadioGroup label="Session type" options={options} onValueChange={onValueChange} />);
    await userEvent.click(screen.getByText('Phone'));
    expect(screen.getByRole('radio', { name: 'Phone' })).toBeChecked();
    expect(onValueChange).toHaveBeenCalledWith('phone');
  });

  it('given a controlled value, then the chosen radio follows it', () => {
    render(<RadioGroup label="Session type" options={options} value="video" onValueChange={() => undefined} />);
    expect(screen.getByRole('radio', { name: 'Video call' })).toBeChecked();
  });

  it('given an error and a ref, then the group is invalid and described, and the ref is the group', () => {
    const ref = createRef<HTMLDivElement>();
    render(<RadioGroup ref={ref} label="Session type" options={options} error="Choose a session type." />);
    const group = screen.getByRole('radiogroup', { name: 'Session type' });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription('Choose a session type.');
    expect(ref.current).toBe(group);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <RadioGroup label="Session type" hint="How you will meet." options={options} defaultValue="video" required />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
