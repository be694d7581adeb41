import type { RouteName } from '../contract';
import type { InputOf } from '../client/types';

/**
 * Every SWR cache key of the app: `[routeName]` or `[routeName, input]`. SWR hashes the input object stably (sorted keys),
 * so the same route and input always share one cache entry, whoever asks.
 */
export type RouteKey<N extends RouteName = RouteName> = readonly [N] | readonly [N, InputOf<N>];

function isEmptyInput(input: unknown): boolean {
  if (input === undefined || input === null) return true;
  if (typeof input !== 'object') return false;
  return Object.values(input as Record<string, unknown>).every((part) => part === undefined);
}

/** The cache key of one route with one input; an input with nothing in it is left out, so `{}` and none share a key. */
export function routeKey<N extends RouteName>(name: N, input?: InputOf<N>): RouteKey<N> {
  return isEmptyInput(input) ? ([name] as const) : ([name, input as InputOf<N>] as const);
}

/** Is this a key built by `routeKey` (optionally: of one of these routes)? */
export function isRouteKey(key: unknown, names?: readonly RouteName[]): key is RouteKey {
  if (!Array.isArray(key) || typeof key[0] !== 'string') return false;
  return names ? names.includes(key[0] as RouteName) : true;
}

/** The route name of a key built by `routeKey`, or undefined for any other key. */
export function routeOfKey(key: unknown): RouteName | undefined {
  return isRouteKey(key) ? key[0] : undefined;
}

/** Shorthands for the keys hooks and mutations share (one place to change them). */
export const keys = {
  userDetails: () => routeKey('userDetails'),
  therapist: (id: number) => routeKey('therapistRetrieve', { params: { id } }),
  practice: () => routeKey('getPractice'),
  members: () => routeKey('listMembers'),
  twoFactorStatus: () => routeKey('twoFactorStatus'),
  sessions: () => routeKey('listSessions'),
  demoAccounts: () => routeKey('demoAccounts'),
  health: () => routeKey('getHealth'),
  shortNotifications: () => routeKey('shortNotifications'),
  notificationsCount: () => routeKey('notificationsCount'),
  onboardingStatus: () => routeKey('onlinePaymentsOnboardingStatus'),
} as const;
