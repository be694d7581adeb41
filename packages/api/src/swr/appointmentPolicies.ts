import { useMemo } from 'react';
import type { CancellationFeeQuery } from '../contract';
import { compareCancellationRules } from './orderings';
import { useRoute, type RouteResource, type UseRouteOptions } from './useRoute';

/** The practice's appointment locations (Settings > Appointments), by name. */
export function useAppointmentLocations(
  options?: UseRouteOptions<'listAppointmentLocations'>,
): RouteResource<'listAppointmentLocations'> {
  return useRoute('listAppointmentLocations', undefined, options);
}

/**
 * The practice's cancellation policy rules in SPEC.md §5 order (hours ascending, rules without hours last, then id),
 * whatever order the cache holds them in (a rule just added is put at the front of the list until it reloads).
 */
export function useCancellationRules(
  options?: UseRouteOptions<'listCancellationRules'>,
): RouteResource<'listCancellationRules'> {
  const resource = useRoute('listCancellationRules', undefined, options);
  const data = useMemo(
    () =>
      resource.data
        ? { ...resource.data, items: [...resource.data.items].sort(compareCancellationRules) }
        : resource.data,
    [resource.data],
  );
  return { ...resource, data };
}

/** When clients are reminded of sessions, and whether the diary may be double-booked. */
export function useSchedulingPreferences(
  options?: UseRouteOptions<'getSchedulingPreferences'>,
): RouteResource<'getSchedulingPreferences'> {
  return useRoute('getSchedulingPreferences', undefined, options);
}

/**
 * The fee the cancellation policy sets for a session cancelled now (or `query.at`), or missed: what the cancel and
 * attendance modals show before saving. Nothing loads without a session id.
 */
export function useCancellationFee(
  sessionId: number | null | undefined,
  query: CancellationFeeQuery = {},
  options?: UseRouteOptions<'getCancellationFee'>,
): RouteResource<'getCancellationFee'> {
  const valid = typeof sessionId === 'number' && Number.isInteger(sessionId) && sessionId > 0;
  return useRoute('getCancellationFee', valid ? { params: { sessionId }, query } : null, options);
}
