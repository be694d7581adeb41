import { createMockClient, MockApiProvider } from '@halcyon/api/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, ForgotPasswordPage } from './ForgotPasswordPage';

describe('ForgotPasswordPage (CATALOG.md /Forgot-password)', () => {
  it('given any address, when the link is asked for, then the same answer shows whether or not an account exists', async () => {
    const user = userEvent.setup();
    const client = createMockClient();
    const { container } = render(
      <MockApiProvider client={client}>
        <MemoryRouter>
          <ForgotPasswordPage />
        </MemoryRouter>
      </MockApiProvider>,
    );
    await user.type(screen.getByLabelText(/E-mail/), 'nobody@example.org');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_ANSWER);
    expect(FORGOT_PASSWORD_ANSWER).toBe('If an account exists for that address, we have sent a link');
    expect(client.mock.callsTo('forgotPassword')).toHaveLength(1);
    await expect(container).toHaveNoAxeViolations();
  });
});
