import type { ReactNode } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import type { ApiClient } from '../client/types';
import { ApiClientProvider } from './apiClientContext';

export { ApiClientProvider, useApiClient } from './apiClientContext';

/**
 * SPEC.md §4 defaults: a loaded entry is not reloaded on mount, focus or reconnect (only when forced), and a failed load
 * is not retried (it is logged and cleared by the hook instead).
 */
export const API_SWR_DEFAULTS = {
  revalidateIfStale: false,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
} as const satisfies SWRConfiguration;

export interface ApiProviderProps {
  /** The client every hook below uses (`createApiClient` or `createMockClient`). */
  client: ApiClient;
  /** Extra SWR options, e.g. `{ provider: () => new Map() }` for a cache of one's own. */
  swr?: SWRConfiguration;
  children?: ReactNode;
}

/** Gives the hooks below it the API client and the shared SWR cache. */
export function ApiProvider({ client, swr, children }: ApiProviderProps) {
  return (
    <ApiClientProvider client={client}>
      <SWRConfig value={{ ...API_SWR_DEFAULTS, ...swr }}>{children}</SWRConfig>
    </ApiClientProvider>
  );
}
