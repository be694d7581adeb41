import { unstable_serialize, type Arguments, type Cache } from 'swr';

/** How many mounted hooks show each cache key, per SWR cache (each `ApiProvider` may have its own). */
const shownKeys = new WeakMap<Cache, Map<string, number>>();

/**
 * Counts a mounted hook showing a key (serialized with SWR's `unstable_serialize`) in `cache`; the answer uncounts it
 * (for an effect's clean-up).
 */
export function markShown(cache: Cache, serialized: string): () => void {
  const counts = shownKeys.get(cache) ?? new Map<string, number>();
  shownKeys.set(cache, counts);
  counts.set(serialized, (counts.get(serialized) ?? 0) + 1);
  return () => {
    const left = (counts.get(serialized) ?? 1) - 1;
    if (left > 0) counts.set(serialized, left);
    else counts.delete(serialized);
  };
}

/** Is a mounted hook showing this key (so a change reloads it in place rather than dropping it)? */
export function isShown(cache: Cache, key: Arguments): boolean {
  return shownKeys.get(cache)?.has(unstable_serialize(key)) ?? false;
}
