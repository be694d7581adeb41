import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { registerLike } from '../Field/registerLike';
import { TextField } from './TextField';

describe('TextField', () => {
  it('given a label and an error, then the input is named, described and invalid', () => {
    render(<TextField label="First name" hint="As on their ID." error="Enter a first name." />);
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription('Enter a first name. As on their ID.');
  });

  it('given uncontrolled use, when typing, then the text appears and onChange fires', async () => {
    const onChange = vi.fn();
    render(<TextField label="Town" defaultValue="Bath" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Town' });
    await userEvent.type(input, 'ford');
    expect(input).toHaveValue('Bathford');
    expect(onChange).toHaveBeenCalledTimes(4);
  });

  it('given controlled use, when typing, then the owner decides the value', async () => {
    function Upper() {
      const [value, setValue] = useState('');
      return <TextField label="Code" value={value} onChange={(e) => setValue(e.target.value.toUpperCase())} />;
    }
    render(<Upper />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Code' }), 'ab1');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('AB1');
  });

  it("given react-hook-form's register, then ref, name, default value, onChange and onBlur reach the input", async () => {
    const field = registerLike('lastName', 'Jones');
    render(<TextField label="Last name" {...field.props} />);
    const input = screen.getByRole('textbox', { name: 'Last name' });
    expect(field.state.element).toBe(input);
    expect(input).toHaveAttribute('name', 'lastName');
    expect(input).toHaveValue('Jones');
    await userEvent.type(input, '-Smith');
    await userEvent.tab();
    expect(field.state.value).toBe('Jones-Smith');
    expect(field.state.touched).toBe(true);
  });

  it('given a ref and className, then the ref is the input and the class is on the field', () => {
    const ref = createRef<HTMLInputElement>();
    const { container } = render(<TextField ref={ref} label="Email" type="email" className="extra" />);
    expect(ref.current).toBe(screen.getByRole('textbox', { name: 'Email' }));
    expect(container.firstElementChild?.className).toContain('extra');
  });

  it('given its own aria-describedby, then it is kept with the hint', () => {
    render(
      <>
        <p id="policy">Shared with the client's GP.</p>
        <TextField label="GP surgery" hint="Name and town." aria-describedby="policy" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'GP surgery' })).toHaveAccessibleDescription(
      "Name and town. Shared with the client's GP.",
    );
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <TextField label="Email" hint="Work address" error="Enter an email address." required />,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
