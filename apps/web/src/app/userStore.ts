import type { ApiClient } from '@halcyon/api/client';
import type { Role } from '@halcyon/api/contract';
import { useSyncExternalStore } from 'react';

/** The signed-in user as the product holds it (SPEC.md §3). */
export interface CurrentUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  loaded: true;
}

/**
 * SPEC.md §4: not loaded ("empty"), then loaded; a failure returns to the empty state (`failed` says why it is empty);
 * a forced reload is possible.
 */
export interface UserState {
  status: 'empty' | 'loading' | 'loaded';
  user: CurrentUser | null;
  failed: boolean;
  /** Emptied because the session ended (refresh refused): the guard's redirect to /login then says so. */
  expired: boolean;
}

export interface UserStore {
  getState: () => UserState;
  subscribe: (listener: () => void) => () => void;
  /** Loads GET /api/user-details unless already loaded (or `force`); concurrent calls share one request. */
  load: (client: ApiClient, options?: { force?: boolean }) => Promise<CurrentUser | null>;
  /** Back to not loaded (sign-out; `expired` when the session ended, so the guard's redirect shows the message). */
  reset: (options?: { expired?: boolean }) => void;
}

const EMPTY: UserState = { status: 'empty', user: null, failed: false, expired: false };

export function createUserStore(): UserStore {
  let state: UserState = EMPTY;
  let inFlight: Promise<CurrentUser | null> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: UserState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load(client, options = {}) {
      if (state.status === 'loaded' && !options.force) return Promise.resolve(state.user);
      if (inFlight) return inFlight;
      set({ status: 'loading', user: state.user, failed: false, expired: false });
      const request = client
        .call('userDetails')
        .then((details) => {
          if (!details) throw new Error('The user details were not found.');
          const user: CurrentUser = {
            id: details.id,
            firstName: details.first_name,
            lastName: details.last_name,
            email: details.email,
            role: details.role,
            loaded: true,
          };
          set({ status: 'loaded', user, failed: false, expired: false });
          return user;
        })
        .catch((error: unknown) => {
          console.warn('Could not load the signed-in user.', error);
          set({ status: 'empty', user: null, failed: true, expired: false });
          return null;
        })
        .finally(() => {
          if (inFlight === request) inFlight = null;
        });
      inFlight = request;
      return request;
    },
    reset(options = {}) {
      inFlight = null;
      set({ ...EMPTY, expired: Boolean(options.expired) });
    },
  };
}

/** The app's one user store. */
export const userStore = createUserStore();

export function useUserState(store: UserStore = userStore): UserState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
