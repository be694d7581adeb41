import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './Field';

describe('Field', () => {
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
