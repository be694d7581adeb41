import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from './RegisterPage';

function renderRegister(client: MockClient) {
  return render(
    <MockApiProvider client={client}>
      <MemoryRouter>
        <RegisterPage />
      </MemoryRouter>
    </MockApiProvider>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, accept = true) {
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/E-mail/), 'ada@example.org');
  await user.type(screen.getByLabelText(/^Password( \*)?$/), 'quiet harbour lanterns');
  await user.type(screen.getByLabelText(/Practice name/), 'Analytical Counselling');
  if (accept) await user.click(screen.getByRole('checkbox', { name: /accept the terms/ }));
}

describe('RegisterPage (CATALOG.md /Register)', () => {
  it('given a short password, then the contract rule shows as they type and the meter says how strong it is', async () => {
    const user = userEvent.setup();
    const { container } = renderRegister(createMockClient());
    const password = screen.getByLabelText(/^Password( \*)?$/);
    await user.type(password, 'short');
    await user.tab();
    expect(await screen.findByText('Use at least 12 characters.')).toBeInTheDocument();
    expect(screen.getByText(/Password strength: Too short/)).toBeInTheDocument();
    await user.type(password, ' but now long enough');
    expect(screen.queryByText('Use at least 12 characters.')).not.toBeInTheDocument();
    await expect(container).toHaveNoAxeViolations();
  });

  it('given the terms are not accepted, when sending, then it asks for them and nothing is sent', async () => {
    const user = userEvent.setup();
    const client = createMockClient();
    renderRegister(client);
    await fill(user, false);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please accept the terms of service to continue.')).toBeInTheDocument();
    expect(client.mock.callsTo('register')).toHaveLength(0);
  });

  it('given the server refuses the e-mail, then its message shows beside the e-mail field', async () => {
    const user = userEvent.setup();
    const client = createMockClient({
      handlers: {
        register: {
          error: {
            status: 400,
            message: 'Please check the form.',
            fieldErrors: { email: 'Use another address for this practice.' },
          },
        },
      },
    });
    renderRegister(client);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Use another address for this practice.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('given everything is valid, then the practice is created and the page says to check the e-mail', async () => {
    const user = userEvent.setup();
    const client = createMockClient({ handlers: { register: () => ({ detail: 'Thank you. We have sent a link.' }) } });
    renderRegister(client);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(client.mock.callsTo('register')[0]?.input).toEqual({
      body: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.org',
        password: 'quiet harbour lanterns',
        practice_name: 'Analytical Counselling',
      },
    });
  });
});
