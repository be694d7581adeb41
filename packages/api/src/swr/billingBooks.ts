import type { ListExpensesQuery, ListInsuranceClaimsQuery } from '../contract';
import { useRoute, type RouteResource, type UseRouteOptions } from './useRoute';

const validId = (id: number | null | undefined): id is number =>
  typeof id === 'number' && Number.isInteger(id) && id > 0;

/** A page of the practice's expenses, newest first (Billing > Expenses). */
export function useExpenses(
  query: ListExpensesQuery,
  options?: UseRouteOptions<'listExpenses'>,
): RouteResource<'listExpenses'> {
  return useRoute('listExpenses', { query }, options);
}

/** One expense (nothing loads without an id); a 404 removes it from the expense lists. */
export function useExpense(id: number | null | undefined, options?: UseRouteOptions<'getExpense'>) {
  return useRoute('getExpense', validId(id) ? { params: { id } } : null, {
    removeFromListsOn404: ['listExpenses'],
    ...options,
  });
}

/** A page of the practice's insurance claims, newest first (Billing > Insurance claims). */
export function useInsuranceClaims(
  query: ListInsuranceClaimsQuery,
  options?: UseRouteOptions<'listInsuranceClaims'>,
): RouteResource<'listInsuranceClaims'> {
  return useRoute('listInsuranceClaims', { query }, options);
}

/** One insurance claim with its lines (nothing loads without an id); a 404 removes it from the claim lists. */
export function useInsuranceClaimDetails(
  id: number | null | undefined,
  options?: UseRouteOptions<'getInsuranceClaimDetails'>,
): RouteResource<'getInsuranceClaimDetails'> {
  return useRoute('getInsuranceClaimDetails', validId(id) ? { params: { id } } : null, {
    removeFromListsOn404: ['listInsuranceClaims'],
    ...options,
  });
}
