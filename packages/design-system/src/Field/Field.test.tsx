import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Field } from './Field';

/** A field checked on blur (react-hook-form's onBlur/onTouched modes), with a button below it. */
function CheckedOnBlur({ onSave }: { onSave: () => void }) {
  const [error, setError] = useState<string | undefined>();
  return (
    <>
      <Field label="E-mail" error={error}>
        {(props) => <input {...props} onBlur={() => setError('Enter an e-mail address like name@example.com.')} />}
      </Field>
      <button type="button" onClick={onSave}>
        Save
      </button>
    </>
  );
}

describe('Field', () => {
  it('given a field whose error appears on blur, when the button below is pressed, then the error waits for the release (nothing moves under the pointer) and the click lands', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const onSave = vi.fn();
      render(<CheckedOnBlur onSave={onSave} />);
      const input = screen.getByRole('textbox', { name: 'E-mail' });
      const save = screen.getByRole('button', { name: 'Save' });
      input.focus();
      // Press: the field blurs and becomes invalid, but its message would push the button down mid-click.
      fireEvent.pointerDown(save);
      act(() => input.blur());
      expect(screen.queryByText(/Enter an e-mail/)).not.toBeInTheDocument();
      expect(input).not.toBeInvalid();
      fireEvent.pointerUp(save);
      fireEvent.click(save);
      expect(onSave).toHaveBeenCalledTimes(1);
      expect(screen.queryByText(/Enter an e-mail/)).not.toBeInTheDocument();
      // Released: the message shows.
      act(() => {
        vi.runAllTimers();
      });
      expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument();
      expect(input).toBeInvalid();
    } finally {
      vi.useRealTimers();
    }
  });

  it('given no pointer pressed, when the error appears (Tab away, submit), then it shows at once', async () => {
    render(<CheckedOnBlur onSave={() => {}} />);
    await userEvent.click(screen.getByRole('textbox', { name: 'E-mail' }));
    await userEvent.tab();
    expect(await screen.findByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument();
  });

  it('given a label, hint and error, when rendered, then the control is named, described and marked invalid', () => {
    render(
      <Field label="Email" hint="We send reminders here." error="Enter an email address like name@example.com.">
        {(props) => <input {...props} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription('Enter an email address like name@example.com. We send reminders here.');
    expect(input).toBeInvalid();
    expect(input).toHaveAttribute('aria-errormessage', screen.getByText(/Enter an email/).closest('p')?.id);
  });

  it('given required, then the control is required and the marker is hidden from screen readers', () => {
    render(
      <Field label="Last name" required>
        <input />
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Last name' });
    expect(input).toBeRequired();
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('given an element child with its own description, then both descriptions are kept', () => {
    render(
      <>
        <p id="extra">Shown on invoices.</p>
        <Field label="Practice name" hint="Your trading name.">
          <input aria-describedby="extra" />
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Practice name' })).toHaveAccessibleDescription(
      'Your trading name. Shown on invoices.',
    );
  });

  it('given hideLabel, then the label is still the accessible name', () => {
    render(
      <Field label="Search clients" hideLabel>
        {(props) => <input {...props} />}
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Search clients' })).toBeInTheDocument();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Field label="Email" hint="Work address" error="Enter an email address." required>
        {(props) => <input type="email" {...props} />}
      </Field>,
    );
    await expect(container).toHaveNoAxeViolations();
  });
});
