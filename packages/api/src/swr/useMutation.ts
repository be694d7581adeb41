import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { RouteName, Routes } from '../contract';
import { readsChangedBy } from '../contract/invalidation';
import type { CallArgs, ResultOf } from '../client/types';
import { useApiClient } from './ApiProvider';
import { invalidateRoutes, prependToLists } from './rules';

/**
 * What runs after a successful write of a route: the reads it changes (the contract's `readsChangedBy`) reload where
 * shown and are marked not loaded elsewhere. `useMutation` runs it; call it yourself after a write made another way.
 */
export function useAfterWrite(): (name: RouteName) => Promise<void> {
  const { cache, mutate } = useSWRConfig();
  return useCallback((name: RouteName) => invalidateRoutes({ cache, mutate }, readsChangedBy(name)), [cache, mutate]);
}

export interface UseMutationOptions<N extends RouteName> {
  /** List routes the answered item goes to the front of (SPEC.md §4: new items first). */
  prependTo?: readonly RouteName[];
  onSuccess?: (result: ResultOf<N>) => void | Promise<void>;
  onError?: (error: unknown) => void;
}

export interface MutationState<N extends RouteName> {
  /** Calls the route; resolves to its answer and rejects with the `ApiError`. */
  trigger: (...args: CallArgs<Routes[N]>) => Promise<ResultOf<N>>;
  isMutating: boolean;
  error: unknown;
  data: ResultOf<N> | undefined;
  reset: () => void;
}

/**
 * Calls a write route, then updates the shared cache (prepends the new item, reloads the reads the write changes, see
 * `useAfterWrite`) and runs `onSuccess`.
 */
export function useMutation<N extends RouteName>(name: N, options: UseMutationOptions<N> = {}): MutationState<N> {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const afterWrite = useAfterWrite();
  const [isMutating, setMutating] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [data, setData] = useState<ResultOf<N> | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;

  const trigger = useCallback(
    async (...args: CallArgs<Routes[N]>) => {
      const { prependTo = [], onSuccess, onError } = latest.current;
      setMutating(true);
      setError(undefined);
      try {
        const call = client.call.bind(client) as (n: RouteName, ...a: unknown[]) => Promise<ResultOf<N>>;
        const result = await call(name, ...args);
        setData(result);
        if (result && typeof result === 'object' && prependTo.length) await prependToLists(mutate, result, prependTo);
        await afterWrite(name);
        await onSuccess?.(result);
        return result;
      } catch (caught) {
        setError(caught);
        onError?.(caught);
        throw caught;
      } finally {
        setMutating(false);
      }
    },
    [client, mutate, afterWrite, name],
  );

  const reset = useCallback(() => {
    setError(undefined);
    setData(undefined);
  }, []);

  return { trigger, isMutating, error, data, reset };
}
