import { useState, type ReactNode } from 'react';
import type { ApiClient } from '../client/types';
import { ApiProvider } from '../swr/ApiProvider';
import { createMockClient, type CreateMockClientOptions } from './createMockClient';

export interface MockApiProviderProps extends CreateMockClientOptions {
  /** A client of your own (e.g. a `createMockClient` you assert on); else one is made from the other props. */
  client?: ApiClient;
  children?: ReactNode;
}

/** `ApiProvider` with a mock client and a cache of its own: every story and test starts from a clean cache. */
export function MockApiProvider({ client, children, ...options }: MockApiProviderProps) {
  const [value] = useState(() => client ?? createMockClient(options));
  const [cache] = useState(() => new Map());
  return (
    <ApiProvider client={value} swr={{ provider: () => cache }}>
      {children}
    </ApiProvider>
  );
}
