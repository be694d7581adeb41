import type { Arguments, Cache, ScopedMutator } from 'swr';
import { isAbortError } from '../client/errors';
import type { RouteName } from '../contract';
import { isRouteKey } from './keys';
import { isShown } from './shown';

/** SPEC.md §4: every cached resource is not loaded, refreshing, or loaded. */
export type ResourceState = 'not loaded' | 'refreshing' | 'loaded';

/** The state of one cache entry, from what SWR reports for it. */
export function resourceState(entry: { data?: unknown; isValidating?: boolean }): ResourceState {
  if (entry.isValidating) return 'refreshing';
  return entry.data === undefined ? 'not loaded' : 'loaded';
}

/** SPEC.md §4: a load is skipped while a refresh is in progress, and when already loaded unless forced. */
export function shouldLoad(state: ResourceState, force = false): boolean {
  if (state === 'refreshing') return false;
  if (state === 'loaded') return force;
  return true;
}

/**
 * SPEC.md §4/§8: a failed load is logged (no user message) and its cache entry is cleared. A load cancelled because the
 * person signed out did not fail, so it is not logged.
 */
export async function clearFailedLoad(
  mutate: ScopedMutator,
  key: Arguments,
  error: unknown,
  level: 'error' | 'warn' = 'error',
): Promise<void> {
  if (!isAbortError(error)) (level === 'warn' ? console.warn : console.error)('Failed to load', key, error);
  await mutate(key, undefined, { revalidate: false });
}

type Id = number | string;
interface WithId {
  id?: unknown;
}

/** The items of a list response: a plain array, or an object with an `items` array (SPEC.md §7); else undefined. */
export function listItems<T = unknown>(data: unknown): T[] | undefined {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)) {
    return (data as { items: T[] }).items;
  }
  return undefined;
}

/** Rewrites the items of a list response in its own shape; anything that is not a list is answered unchanged. */
export function mapListItems<D>(data: D, update: (items: unknown[]) => unknown[]): D {
  if (Array.isArray(data)) return update(data) as D;
  const items = listItems(data);
  if (!items) return data;
  return { ...(data as object), items: update(items) } as D;
}

/** A list without the item of this id (same shape, same object when nothing was removed). */
export function removeItemFromList<D>(data: D, id: Id): D {
  const items = listItems<WithId>(data);
  if (!items?.some((item) => item?.id === id)) return data;
  return mapListItems(data, (all) => all.filter((item) => (item as WithId)?.id !== id));
}

/** SPEC.md §4: a new item goes to the front of the list (replacing an older copy with the same id). */
export function prependItem<D, I extends WithId>(data: D, item: I): D {
  return mapListItems(data, (all) => [
    item,
    ...all.filter((existing) => item.id === undefined || (existing as WithId)?.id !== item.id),
  ]);
}

/** SPEC.md §4: a 404 on a single item removes it (by id) from every cached entry of these list routes. */
export async function removeFromLists(mutate: ScopedMutator, id: Id, lists: readonly RouteName[]): Promise<void> {
  if (lists.length === 0) return;
  await mutate(
    (key) => isRouteKey(key, lists),
    (data: unknown) => removeItemFromList(data, id),
    { revalidate: false },
  );
}

/** SPEC.md §4: a new item goes to the front of every cached entry of these list routes. */
export async function prependToLists<I extends WithId>(
  mutate: ScopedMutator,
  item: I,
  lists: readonly RouteName[],
): Promise<void> {
  if (lists.length === 0) return;
  await mutate(
    (key) => isRouteKey(key, lists),
    (data: unknown) => (data === undefined ? data : prependItem(data, item)),
    {
      revalidate: false,
    },
  );
}

/**
 * After a change: every cached entry of these routes is reloaded in place where a hook shows it (the old data stays on
 * screen until the new arrives, so nothing flashes or remounts), and marked not loaded everywhere else (the next hook to
 * show it loads it fresh). Resolves once the shown entries have reloaded.
 */
export async function invalidateRoutes(
  { cache, mutate }: { cache: Cache; mutate: ScopedMutator },
  names: readonly RouteName[],
): Promise<void> {
  if (names.length === 0) return;
  const ofRoutes = (key?: Arguments) => isRouteKey(key, names);
  await Promise.all([
    // `revalidate` also forgets a load of the entry still counted as recent, so the next hook to show it loads it.
    mutate((key) => ofRoutes(key) && !isShown(cache, key), undefined, { revalidate: true }),
    mutate((key) => ofRoutes(key) && isShown(cache, key)),
  ]);
}
