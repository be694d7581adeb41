import { useCallback, useState } from 'react';
import type { RouteName } from '../contract';
import { isOnboarded } from '../contract/onboarding';
import type { InputOf, ResultOf } from '../client/types';
import { todayIn } from '../time';
import { isValidClientId } from './orderings';
import { useRoute, type RouteResource, type UseRouteOptions } from './useRoute';

/** One hook per resource; each domain adds its own beside these. */

/** The signed-in user (SPEC.md §3, §7); `reload()` forces a fresh load. */
export function useUserDetails(options?: UseRouteOptions<'userDetails'>): RouteResource<'userDetails'> {
  return useRoute('userDetails', undefined, options);
}

/** A therapist's profile, cached per id; nothing loads without a valid id; a 404 removes it from the members list. */
export function useTherapist(
  id: number | null | undefined,
  options?: UseRouteOptions<'therapistRetrieve'>,
): RouteResource<'therapistRetrieve'> {
  const valid = typeof id === 'number' && Number.isInteger(id) && id > 0;
  return useRoute('therapistRetrieve', valid ? { params: { id } } : null, {
    removeFromListsOn404: ['listMembers'],
    ...options,
  });
}

/**
 * The practice's time zone, in which every date and time shows (CATALOG.md), for every role: it comes from
 * `/api/practice`, which the Assistant may read (the practice settings she may not). Undefined until it loads: the
 * functions of `@halcyon/api/time` then work in the browser's zone.
 */
export function usePracticeTimeZone(): string | undefined {
  return useRoute('getPractice').data?.timeZone;
}

/**
 * Today (`YYYY-MM-DD`) in the practice's time zone (the browser's until the practice has loaded): the day a form's date
 * starts on, "due today", this year. A therapist travelling abroad still works on the practice's days.
 */
export function usePracticeToday(): string {
  return todayIn(usePracticeTimeZone());
}

export function usePractice(options?: UseRouteOptions<'getPractice'>): RouteResource<'getPractice'> {
  return useRoute('getPractice', undefined, options);
}

export function useMembers(options?: UseRouteOptions<'listMembers'>): RouteResource<'listMembers'> {
  return useRoute('listMembers', undefined, options);
}

export function useTwoFactorStatus(options?: UseRouteOptions<'twoFactorStatus'>): RouteResource<'twoFactorStatus'> {
  return useRoute('twoFactorStatus', undefined, options);
}

/** Your signed-in sessions. */
export function useSessions(options?: UseRouteOptions<'listSessions'>): RouteResource<'listSessions'> {
  return useRoute('listSessions', undefined, options);
}

/** The demo sign-ins for the login screen (null outside demo mode). */
export function useDemoAccounts(options?: UseRouteOptions<'demoAccounts'>): RouteResource<'demoAccounts'> {
  return useRoute('demoAccounts', undefined, options);
}

export function useHealth(options?: UseRouteOptions<'getHealth'>): RouteResource<'getHealth'> {
  return useRoute('getHealth', undefined, options);
}

/** The notification panel's recent notifications, newest first (SPEC.md §7). */
export function useShortNotifications(
  options?: UseRouteOptions<'shortNotifications'>,
): RouteResource<'shortNotifications'> {
  return useRoute('shortNotifications', undefined, options);
}

/** The routes that answer a badge count (`{ count }`, with nothing to send): SPEC.md §7 Counts. */
export type CountRoute = {
  [N in RouteName]: NonNullable<ResultOf<N>> extends { count: number }
    ? object extends InputOf<N>
      ? N
      : never
    : never;
}[RouteName];

/**
 * A badge count (SPEC.md §2, §7, §9): `count` is 0 until loaded and after a failure, which is only logged, as a warning
 * (SPEC.md §8: sidebar count failures are only logged).
 */
export function useCount<N extends CountRoute>(
  name: N,
  options?: UseRouteOptions<N>,
): RouteResource<N> & { count: number } {
  const resource = useRoute(name, undefined, { logLevel: 'warn', ...options });
  return { ...resource, count: (resource.data as { count?: number } | null | undefined)?.count ?? 0 };
}

/** The unread notification count (see `useCount`). */
export function useNotificationsCount(
  options?: UseRouteOptions<'notificationsCount'>,
): RouteResource<'notificationsCount'> & { count: number } {
  return useCount('notificationsCount', options);
}

/**
 * The online-payments onboarding status. `onboarded` is false for "not started" (in any case), while not loaded and after
 * a failure, which is logged as a warning (SPEC.md §2, §4, §8).
 */
export function useOnboardingStatus(
  options?: UseRouteOptions<'onlinePaymentsOnboardingStatus'>,
): RouteResource<'onlinePaymentsOnboardingStatus'> & { onboarded: boolean } {
  const resource = useRoute('onlinePaymentsOnboardingStatus', undefined, { logLevel: 'warn', ...options });
  return { ...resource, onboarded: isOnboarded(resource.data?.status) };
}

/**
 * A per-client resource (SPEC.md §5): nothing loads unless `clientId` is a finite number greater than 0. Client domain
 * hooks build on it: `useClientRoute('clientDetails', clientId, (id) => ({ params: { id } }))`.
 */
export function useClientRoute<N extends RouteName>(
  name: N,
  clientId: unknown,
  input: (clientId: number) => InputOf<N>,
  options?: UseRouteOptions<N>,
): RouteResource<N> {
  return useRoute(name, isValidClientId(clientId) ? input(clientId) : null, options);
}

/** One page of a keyset-paged list, and the moves between its pages. */
export type KeysetPages<N extends RouteName> = RouteResource<N> & {
  /** 1 for the first (newest) page. */
  pageNumber: number;
  hasNewer: boolean;
  hasOlder: boolean;
  /** The next page (after the last item of this one). */
  older: () => void;
  /** The page before this one. */
  newer: () => void;
  /** Back to the first page. */
  first: () => void;
};

/**
 * A client's sessions a page at a time (newest first, `CLIENT_SESSIONS_PAGE_SIZE` each), keyset-paged with the answer's
 * `nextCursor`. Each page is its own route key, so a mutation that invalidates `listClientSessions` refreshes whichever
 * page is shown; the first page shares its key with any other reader of the newest sessions.
 */
export function useClientSessionPages(
  clientId: unknown,
  options?: UseRouteOptions<'listClientSessions'>,
): KeysetPages<'listClientSessions'> {
  // The cursors that led to the page shown; they belong to one client.
  const [trail, setTrail] = useState<{ clientId: unknown; cursors: number[] }>({ clientId, cursors: [] });
  const cursors = trail.clientId === clientId ? trail.cursors : [];
  const cursor = cursors[cursors.length - 1];
  const resource = useClientRoute(
    'listClientSessions',
    clientId,
    (id) => (cursor === undefined ? { params: { clientId: id } } : { params: { clientId: id }, query: { cursor } }),
    options,
  );
  const nextCursor = resource.data?.nextCursor ?? null;
  const older = useCallback(() => {
    if (nextCursor !== null) setTrail({ clientId, cursors: [...cursors, nextCursor] });
  }, [clientId, cursors, nextCursor]);
  const newer = useCallback(() => setTrail({ clientId, cursors: cursors.slice(0, -1) }), [clientId, cursors]);
  const first = useCallback(() => setTrail({ clientId, cursors: [] }), [clientId]);
  return {
    ...resource,
    pageNumber: cursors.length + 1,
    hasNewer: cursors.length > 0,
    hasOlder: nextCursor !== null,
    older,
    newer,
    first,
  };
}
