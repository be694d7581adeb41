import { createApiClient, type ApiClient } from '@halcyon/api/client';
import { userStore } from './userStore';

/** Where the login screen learns that it was reached because the session ended (SPEC.md §8). */
export interface LoginLocationState {
  sessionExpired?: boolean;
  /** A sentence to show on arrival (e.g. after sign-out or a validated e-mail). */
  notice?: string;
  /** The page the person was on (or opened by a link) when sent to sign in: they return to it after sign-in. */
  from?: string;
}

/** Paths a person is never sent back to after sign-in: the public screens and the sign-in flow itself. */
const NO_RETURN =
  /^\/(login|register|forgot-password|prepare-console|terms-of-service|portal|measure|sign|shared)(\/|$)/i;

/**
 * The in-app path to return to after sign-in, or null: only a same-origin path ("/Clients/12?tab=notes"), never another
 * site ("//evil.example", "/\\evil.example") and never a public or sign-in screen.
 */
export function returnPathOf(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  const path = from.split(/[?#]/, 1)[0] ?? '';
  if (path === '/' || NO_RETURN.test(path)) return null;
  return from;
}

/** Where the browser is now, as a return path (null on a public screen). */
export function currentReturnPath(): string | null {
  const { pathname, search, hash } = window.location;
  return returnPathOf(`${pathname}${search}${hash}`);
}

/** UI preferences kept in local storage beside the tokens (QUALITY.md security 16: nothing else is stored). */
export const PRIVACY_STORAGE_KEY = 'halcyon.privacy';
export const SIDEBAR_COLLAPSED_STORAGE_KEY = 'halcyon.sidebar-collapsed';

/** The browser's API client: tokens in local storage; an ended session clears the user and goes to /login. */
export function createBrowserApiClient(navigate: (to: string, state: LoginLocationState) => void): ApiClient {
  return createApiClient({
    storage: window.localStorage,
    onUnauthenticated: () => {
      // The reset re-renders the guard, which redirects too (no token any more): `expired` makes its redirect carry the
      // message as well, so whichever navigation lands last, /login says the session expired.
      userStore.reset({ expired: true });
      navigate('/login', { sessionExpired: true, from: currentReturnPath() ?? undefined });
    },
  });
}

/** Signs out: CSRF token, POST /api/logout, tokens cleared (the client does all three), then the user is forgotten. */
export async function signOut(client: ApiClient): Promise<void> {
  await client.logout();
  userStore.reset();
}
