import { createApiClient, type ApiClient } from '@halcyon/api/client';
import { userStore } from './userStore';

/** Where the login screen learns that it was reached because the session ended (SPEC.md §8). */
export interface LoginLocationState {
  sessionExpired?: boolean;
  /** A sentence to show on arrival (e.g. after sign-out or a validated e-mail). */
  notice?: string;
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
      navigate('/login', { sessionExpired: true });
    },
  });
}

/** Signs out: CSRF token, POST /api/logout, tokens cleared (the client does all three), then the user is forgotten. */
export async function signOut(client: ApiClient): Promise<void> {
  await client.logout();
  userStore.reset();
}
