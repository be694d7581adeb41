export { ApiProvider, ApiClientProvider, useApiClient, API_SWR_DEFAULTS, type ApiProviderProps } from './ApiProvider';
export { keys, routeKey, isRouteKey, routeOfKey, type RouteKey } from './keys';
export {
  resourceState,
  shouldLoad,
  clearFailedLoad,
  listItems,
  mapListItems,
  removeItemFromList,
  prependItem,
  removeFromLists,
  prependToLists,
  invalidateRoutes,
  type ResourceState,
} from './rules';
export {
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  isValidClientId,
  toClientId,
  compareCancellationRules,
  compareAvailability,
  groupFormTemplates,
  compareTreatmentPlans,
  compareTreatmentPlanReviews,
  markCurrentTreatmentPlan,
  type CancellationRuleLike,
  type AvailabilityLike,
  type FormTemplateLike,
  type FormTemplateGroups,
  type TreatmentPlanLike,
  type TreatmentPlanReviewLike,
} from './orderings';
/** SPEC.md §9's day range, kept here for the hooks' users; it lives with the other time code in `@halcyon/api/time`. */
export { dayRange } from '../time/time';
export { useRoute, type UseRouteOptions, type RouteResource } from './useRoute';
export {
  queryView,
  isEmptyData,
  loadErrorMessage,
  canRetry,
  LOAD_ERROR_MESSAGES,
  type QueryView,
  type QueryViewInput,
} from './queryView';
export { useMutation, useAfterWrite, type UseMutationOptions, type MutationState } from './useMutation';
export { useUpload, type UploadState } from './useUpload';
export {
  useUserDetails,
  useTherapist,
  usePractice,
  usePracticeTimeZone,
  usePracticeToday,
  useMembers,
  useTwoFactorStatus,
  useSessions,
  useDemoAccounts,
  useHealth,
  useShortNotifications,
  useCount,
  useNotificationsCount,
  useOnboardingStatus,
  useClientRoute,
  useClientSessionPages,
  type CountRoute,
  type KeysetPages,
} from './hooks';
export {
  useAppointmentLocations,
  useCancellationRules,
  useSchedulingPreferences,
  useCancellationFee,
} from './appointmentPolicies';
export { useCpdYear, useSupervisionYear, useComplianceItems } from './learning';
export { useIdempotencyKey, type IdempotencyKey } from './billing';
export { useExpenses, useExpense, useInsuranceClaims, useInsuranceClaimDetails } from './billingBooks';
