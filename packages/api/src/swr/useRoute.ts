import { useCallback, useEffect } from 'react';
import useSWR, { unstable_serialize, useSWRConfig, type KeyedMutator, type SWRConfiguration } from 'swr';
import type { RouteName } from '../contract';
import type { InputOf, ResultOf } from '../client/types';
import { useApiClient } from './ApiProvider';
import { routeKey, type RouteKey } from './keys';
import { clearFailedLoad, removeFromLists, resourceState, shouldLoad, type ResourceState } from './rules';
import { queryView, type QueryView } from './queryView';
import { markShown } from './shown';

export interface UseRouteOptions<N extends RouteName> {
  /** `false` holds the load (like a null input). */
  enabled?: boolean;
  /** List routes holding this item: a 404 on this single-item fetch removes the item (by `params.id`) from them. */
  removeFromListsOn404?: readonly RouteName[];
  /** How a failed load is logged (SPEC.md §8: `warn` for the onboarding status; `error` otherwise). */
  logLevel?: 'error' | 'warn';
  /** Extra SWR options for this hook. */
  swr?: SWRConfiguration<ResultOf<N>>;
}

export interface RouteResource<N extends RouteName> {
  /** The response; `null` after a 404; `undefined` while not loaded. */
  data: ResultOf<N> | undefined;
  error: unknown;
  state: ResourceState;
  isLoading: boolean;
  /** Loads unless already loaded (pass `true` to force) or refreshing (SPEC.md §4). */
  load: (force?: boolean) => Promise<ResultOf<N> | undefined>;
  /** A forced load. */
  reload: () => Promise<ResultOf<N> | undefined>;
  /** After a failure: loads again at once (what a Retry button calls). */
  retry: () => Promise<ResultOf<N> | undefined>;
  /** What to show: loading, the failure (with `retry`), nothing there, or the data (see `queryView`). */
  view: QueryView;
  mutate: KeyedMutator<ResultOf<N>>;
  key: RouteKey<N> | null;
}

function itemIdOf(input: unknown): number | string | undefined {
  const params = (input as { params?: { id?: unknown } } | undefined)?.params;
  const id = params?.id;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

/**
 * Loads one contract route through the shared cache with the SPEC.md §4 rules. `input === null` (or `enabled: false`)
 * holds the load; routes without input take `undefined`.
 */
export function useRoute<N extends RouteName>(
  name: N,
  input?: InputOf<N> | null,
  options: UseRouteOptions<N> = {},
): RouteResource<N> {
  const client = useApiClient();
  const { cache, mutate: mutateCache } = useSWRConfig();
  const key = input === null || options.enabled === false ? null : routeKey(name, input);
  const shownKey = key ? unstable_serialize(key) : null;
  // A change of this route reloads the entry in place while it is shown (see invalidateRoutes).
  useEffect(() => (shownKey === null ? undefined : markShown(cache, shownKey)), [cache, shownKey]);
  const lists = options.removeFromListsOn404;

  const swr = useSWR<ResultOf<N>, unknown, RouteKey<N> | null>(
    key,
    async ([routeName, routeInput]: RouteKey<N>) => {
      const call = client.call.bind(client) as (n: RouteName, i?: unknown) => Promise<ResultOf<N>>;
      const result = await call(routeName, routeInput);
      const id = itemIdOf(routeInput);
      if (result === null && lists && id !== undefined) await removeFromLists(mutateCache, id, lists);
      return result;
    },
    {
      ...options.swr,
      onError: (error: unknown, serialized, config) => {
        void clearFailedLoad(mutateCache, key, error, options.logLevel);
        options.swr?.onError?.(error, serialized, config);
      },
    },
  );

  const state = resourceState(swr);
  const { mutate, data } = swr;
  const load = useCallback(
    async (force = false) => (key && shouldLoad(state, force) ? mutate() : data),
    [key, state, mutate, data],
  );
  const reload = useCallback(() => load(true), [load]);
  const retry = useCallback(async () => (key ? mutate() : data), [key, mutate, data]);
  const view = queryView({ data, error: swr.error, isValidating: swr.isValidating, held: key === null });

  return { data, error: swr.error, state, isLoading: swr.isLoading, load, reload, retry, view, mutate, key };
}
