import { SESSION_EXPIRED_MESSAGE } from '@halcyon/api/client';
import { createMockClient, MockApiProvider, type MockClient } from '@halcyon/api/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { RouterNavigation } from '../../app/RouterNavigation';
import { LoginPage } from './LoginPage';

function renderLogin(client: MockClient, state?: unknown) {
  const router = createMemoryRouter(
    [
      {
        path: '/Login',
        element: (
          <RouterNavigation>
            <LoginPage />
          </RouterNavigation>
        ),
      },
      { path: '/Prepare-console', element: <h1>Prepare</h1> },
    ],
    { initialEntries: [{ pathname: '/Login', state }] },
  );
  const view = render(
    <MockApiProvider client={client}>
      <RouterProvider router={router} />
    </MockApiProvider>,
  );
  return { router, ...view };
}

const noDemo = () => createMockClient({ handlers: { demoAccounts: () => null } });

describe('LoginPage (CATALOG.md /Login)', () => {
  it('given a person typing, when the e-mail is invalid after leaving the field, then the contract message shows beside it and goes as they fix it', async () => {
    const user = userEvent.setup();
    const { container } = renderLogin(noDemo());
    const email = screen.getByLabelText(/E-mail/);
    await user.type(email, 'ada@');
    await user.tab();
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    await user.type(email, 'example.org');
    await waitFor(() => expect(screen.queryByText('Enter a valid e-mail address.')).not.toBeInTheDocument());
    await expect(container).toHaveNoAxeViolations();
  });

  it('given a deep link that sent the person here, when they sign in, then Prepare is told the page to return to', async () => {
    const user = userEvent.setup();
    const client = noDemo();
    client.tokens.clear();
    const { router } = renderLogin(client, { from: '/Clients/7?tab=notes' });
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Prepare' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/Clients/7?tab=notes' });
  });

  it('given valid credentials, when signing in, then the tokens are stored and Prepare opens', async () => {
    const user = userEvent.setup();
    const client = noDemo();
    client.tokens.clear();
    const { router } = renderLogin(client);
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Prepare' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Prepare-console');
    expect(client.tokens.get().access_token).toBe('mock-access');
  });

  it('given wrong credentials, then the one generic server message shows above the form', async () => {
    const user = userEvent.setup();
    const client = createMockClient({
      handlers: {
        demoAccounts: () => null,
        login: { error: { status: 401, message: 'The e-mail address or password is not right.' } },
      },
    });
    renderLogin(client);
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail address or password is not right.');
  });

  it('given an account with 2-step verification, then a code is asked for and the sign-in finishes with it', async () => {
    const user = userEvent.setup();
    const client = createMockClient({
      handlers: {
        demoAccounts: () => null,
        login: () => ({ twoFactorRequired: true, challengeToken: 'challenge-1' }),
      },
    });
    renderLogin(client);
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: '2-step verification' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: 'Prepare' })).toBeInTheDocument();
    expect(client.mock.callsTo('loginTwoFactor')[0]?.input).toEqual({
      body: { challengeToken: 'challenge-1', code: '123456' },
    });
  });

  it('given the app was sent here by a failed refresh, then "Session expired. Please log in again." shows', () => {
    renderLogin(noDemo(), { sessionExpired: true });
    expect(screen.getByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
  });

  it('given demo mode, then the demo sign-ins are listed and "Sign in as" signs in', async () => {
    const user = userEvent.setup();
    const client = createMockClient();
    renderLogin(client);
    const button = await screen.findByRole('button', { name: 'Sign in as Priya' });
    await user.click(button);
    expect(await screen.findByRole('heading', { name: 'Prepare' })).toBeInTheDocument();
    expect(client.mock.callsTo('login')[0]?.input).toEqual({
      body: { email: 'priya@halcyon.test', password: 'demo-password-2026' },
    });
  });
});
