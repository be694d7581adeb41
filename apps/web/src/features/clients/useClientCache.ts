import type { Client, ClientDetail, ClientList } from '@halcyon/api/contract';
import { isRouteKey } from '@halcyon/api/swr';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

type ClientPatch = (client: Client) => Client;

function keyClientId(key: unknown): number | undefined {
  const input = Array.isArray(key) ? (key[1] as { params?: { id?: unknown } } | undefined) : undefined;
  const id = input?.params?.id;
  return typeof id === 'number' ? id : typeof id === 'string' ? Number(id) : undefined;
}

/**
 * Changes one client in every cached copy at once (each page of the list and its details), without reloading: the
 * SPEC.md §4 "status can be changed locally in the list and in the details".
 */
export function usePatchCachedClient() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number, patch: ClientPatch) => {
      await Promise.all([
        mutate(
          (key) => isRouteKey(key, ['listClients']),
          (data: ClientList | undefined) =>
            data ? { ...data, items: data.items.map((item) => (item.id === id ? patch(item) : item)) } : data,
          { revalidate: false },
        ),
        mutate(
          (key) => isRouteKey(key, ['getClient']) && keyClientId(key) === id,
          (data: ClientDetail | null | undefined) => (data ? { ...data, ...patch(data) } : data),
          { revalidate: false },
        ),
      ]);
    },
    [mutate],
  );
}
