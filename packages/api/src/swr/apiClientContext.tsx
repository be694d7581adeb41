import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from '../client/types';

/** The API client of the tree; its own module, without SWR, so a page that reads no cached resource stays light. */
const ApiClientContext = createContext<ApiClient | null>(null);

/**
 * Gives the components below it the API client only, without the SWR cache: for a first page that must stay light and
 * reads no cached resource (the web app's sign-in entry). Everything else goes under `ApiProvider`.
 */
export function ApiClientProvider({ client, children }: { client: ApiClient; children?: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The client of the nearest `ApiProvider` (or `ApiClientProvider`). */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used inside <ApiProvider client={...}>.');
  return client;
}
