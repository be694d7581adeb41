import { useCallback, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { RouteName, Routes } from '../contract';
import type { CallArgs, ResultOf } from '../client/types';
import { useApiClient } from './ApiProvider';
import { invalidateRoutes, prependToLists } from './rules';

export interface UseMutationOptions<N extends RouteName> {
  /** Routes whose cached entries are marked not loaded (and reloaded where shown) after success. */
  invalidate?: readonly RouteName[];
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

/** Calls a write route, then updates the shared cache (prepend, invalidate) and runs `onSuccess`. */
export function useMutation<N extends RouteName>(name: N, options: UseMutationOptions<N> = {}): MutationState<N> {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const [isMutating, setMutating] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [data, setData] = useState<ResultOf<N> | undefined>(undefined);
  const latest = useRef(options);
  latest.current = options;

  const trigger = useCallback(
    async (...args: CallArgs<Routes[N]>) => {
      const { invalidate = [], prependTo = [], onSuccess, onError } = latest.current;
      setMutating(true);
      setError(undefined);
      try {
        const call = client.call.bind(client) as (n: RouteName, ...a: unknown[]) => Promise<ResultOf<N>>;
        const result = await call(name, ...args);
        setData(result);
        if (result && typeof result === 'object' && prependTo.length) await prependToLists(mutate, result, prependTo);
        if (invalidate.length) await invalidateRoutes(mutate, invalidate);
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
    [client, mutate, name],
  );

  const reset = useCallback(() => {
    setError(undefined);
    setData(undefined);
  }, []);

  return { trigger, isMutating, error, data, reset };
}
