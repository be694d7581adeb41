import type { ApiClient } from '@halcyon/api/client';
import { ApiClientProvider } from '@halcyon/api/swr';
import { useMemo } from 'react';
import { LoginPage } from '../pages/Login/LoginPage';
import { currentHistoryState, routerHistoryState } from './entry';
import { NavigationContext, type AppNavigation } from './navigation';
import { createBrowserApiClient } from './session';

export interface LoginEntryProps {
  /** Starts the whole app on the path the sign-in screen moved to (already in the address bar). */
  onLeave: () => void;
  /** The API client (default: the browser's, tokens in local storage). */
  client?: ApiClient;
}

/**
 * The light first page: /Login without the router, the shell, the modals or any clinical schema (QUALITY.md: /Login
 * within 90 KB gzip). Moving anywhere (signed in, "Create an account", "Forgot password?") writes the history entry as
 * the router would and hands over to the whole app, which opens that path.
 */
export function LoginEntry({ onLeave, client: given }: LoginEntryProps) {
  const navigation = useMemo<AppNavigation>(
    () => ({
      state: currentHistoryState(),
      navigate(to, options = {}) {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (options.replace) window.history.replaceState(routerHistoryState(options.state, index), '', to);
        else window.history.pushState(routerHistoryState(options.state, index + 1), '', to);
        onLeave();
      },
    }),
    [onLeave],
  );
  const client = useMemo(
    () => given ?? createBrowserApiClient((to, state) => navigation.navigate(to, { replace: true, state })),
    [given, navigation],
  );
  return (
    <ApiClientProvider client={client}>
      <NavigationContext.Provider value={navigation}>
        <LoginPage />
      </NavigationContext.Provider>
    </ApiClientProvider>
  );
}
