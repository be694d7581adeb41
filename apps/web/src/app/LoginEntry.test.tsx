import { SESSION_EXPIRED_MESSAGE } from '@halcyon/api/client';
import { createMockClient } from '@halcyon/api/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoginEntryPath, routerHistoryState } from './entry';
import { LoginEntry } from './LoginEntry';

function openAt(path: string, state?: unknown) {
  window.history.replaceState(state === undefined ? null : routerHistoryState(state, 0), '', path);
}

describe('the light /Login entry (no router before sign-in)', () => {
  afterEach(() => openAt('/'));

  it('given a path, then only / and /Login (any case, trailing slash) start light; every other path starts the app', () => {
    expect(['/', '/Login', '/login', '/LOGIN/'].map(isLoginEntryPath)).toEqual([true, true, true, true]);
    expect(['/Login/x', '/Dashboard', '/Register', '/Loginx'].map(isLoginEntryPath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('given valid credentials, when signing in, then the address becomes /Prepare-console in place and the app takes over', async () => {
    openAt('/Login');
    const user = userEvent.setup();
    const client = createMockClient({ handlers: { demoAccounts: () => null } });
    client.tokens.clear();
    const onLeave = vi.fn();
    render(<LoginEntry client={client} onLeave={onLeave} />);
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.org');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/Prepare-console');
    expect(client.tokens.get().access_token).toBe('mock-access');
    expect(window.history.state).toMatchObject({ usr: null, idx: 0 });
  });

  it('given "Create an account", when clicked, then /Register is pushed as the router would and the app takes over', async () => {
    openAt('/Login');
    const user = userEvent.setup();
    const onLeave = vi.fn();
    render(<LoginEntry client={createMockClient({ handlers: { demoAccounts: () => null } })} onLeave={onLeave} />);
    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/Register');
    expect(window.history.state).toMatchObject({ idx: 1 });
  });

  it('given the router left a "session expired" state on this history entry, then the light entry shows it too', () => {
    openAt('/Login', { sessionExpired: true });
    render(<LoginEntry client={createMockClient({ handlers: { demoAccounts: () => null } })} onLeave={vi.fn()} />);
    expect(screen.getByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
  });
});
