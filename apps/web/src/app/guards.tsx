import type { Role } from '@halcyon/api/contract';
import { useApiClient } from '@halcyon/api/swr';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoading } from './PageLoading';
import { returnPathOf, type LoginLocationState } from './session';
import { userStore as defaultStore, useUserState, type UserStore } from './userStore';

/** Logs why the user is sent away (once per mount), then goes to /login (with `state` for the login screen). */
export function RedirectToLogin({ reason, state }: { reason: string; state?: LoginLocationState | undefined }) {
  useEffect(() => {
    console.warn(reason);
  }, [reason]);
  return <Navigate to="/login" replace state={state} />;
}

export interface RequireSessionProps {
  store?: UserStore;
}

/**
 * SPEC.md §6, first half: every guarded route needs an access token in local storage (no token: a console warning and
 * /login); the role is then loaded from GET /api/user-details when not loaded yet; a failed lookup goes to /login.
 */
export function RequireSession({ store = defaultStore }: RequireSessionProps) {
  const client = useApiClient();
  const state = useUserState(store);
  const hasToken = Boolean(client.tokens.get().access_token);
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    if (hasToken && state.status === 'empty' && !state.failed) void store.load(client);
  }, [client, hasToken, state.status, state.failed, store]);

  // After a refused refresh (SPEC.md §8) this redirect says so too; it may land after the client's own.
  // Either way the person comes back here after signing in (a deep link opened signed out, or a session that ended).
  const from = returnPathOf(`${pathname}${search}${hash}`) ?? undefined;
  const arrival: LoginLocationState = state.expired ? { sessionExpired: true, from } : { from };
  if (!hasToken)
    return (
      <RedirectToLogin reason={`No access token in local storage; ${pathname} needs a session.`} state={arrival} />
    );
  if (state.failed) return <RedirectToLogin reason="The role could not be loaded; signing in again." state={arrival} />;
  if (state.status !== 'loaded' || !state.user) return <PageLoading />;
  return <Outlet />;
}

export interface RequireRoleProps {
  roles: readonly Role[];
  store?: UserStore;
}

/** SPEC.md §6, second half: a role missing or not allowed for the route goes to /login. */
export function RequireRole({ roles, store = defaultStore }: RequireRoleProps) {
  const { user } = useUserState(store);
  const { pathname } = useLocation();
  if (!user?.role || !roles.includes(user.role)) {
    return <RedirectToLogin reason={`The role ${user?.role ?? '(none)'} may not open ${pathname}.`} />;
  }
  return <Outlet />;
}
