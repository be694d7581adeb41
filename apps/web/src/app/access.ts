import { ALL_ROLES, CLINICAL_ROLES, type Role } from '@halcyon/api/contract';

/** SPEC.md §6: the areas every role may open; every other guarded area is for Admin and Therapist only. */
const OPEN_TO_ALL_AREAS = new Set(['dashboard', 'dashboard2', 'billing', 'appointments', 'schedule']);

/** The roles allowed on a guarded path, from its first segment (case-insensitive, like the route table; a query or hash is not part of it). */
export function rolesForPath(pathname: string): readonly Role[] {
  const area = pathname.split(/[?#]/)[0]!.split('/').find(Boolean)?.toLowerCase() ?? '';
  return OPEN_TO_ALL_AREAS.has(area) ? ALL_ROLES : CLINICAL_ROLES;
}

/** Whether a role may open a guarded path (SPEC.md §6); no role opens nothing. */
export function canOpen(pathname: string, role: Role | null | undefined): boolean {
  return Boolean(role) && rolesForPath(pathname).includes(role as Role);
}
