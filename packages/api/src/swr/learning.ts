import { useRoute, type RouteResource, type UseRouteOptions } from './useRoute';

/** The member's CPD activities of a year (newest first) with their hours and the yearly target. */
export function useCpdYear(
  year: number,
  options?: UseRouteOptions<'listCpdActivities'>,
): RouteResource<'listCpdActivities'> {
  return useRoute('listCpdActivities', { query: { year } }, options);
}

/** The member's supervision sessions of a year (newest first) with their hours. */
export function useSupervisionYear(
  year: number,
  options?: UseRouteOptions<'listSupervisionSessions'>,
): RouteResource<'listSupervisionSessions'> {
  return useRoute('listSupervisionSessions', { query: { year } }, options);
}

/** The member's licence and compliance records, soonest expiry first (SPEC.md §7 `profile-compliance`). */
export function useComplianceItems(
  options?: UseRouteOptions<'listComplianceItems'>,
): RouteResource<'listComplianceItems'> {
  return useRoute('listComplianceItems', undefined, options);
}
