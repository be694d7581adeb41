import { z } from 'zod';
import { CLINICAL_ROLES, defineRoutes } from '../route';

/** SPEC.md §3 and §4: "not started" leads to the onboarding screen; any other status to the success screen. */
export const ONBOARDING_NOT_STARTED = 'not started';

export const onboardingStatusSchema = z.object({ status: z.string() });
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

/** Settings calls of SPEC.md §7 (Admin and Therapist, §6). Each domain issue adds its settings here. */
export const settingsRoutes = defineRoutes({
  onlinePaymentsOnboardingStatus: {
    method: 'GET',
    path: '/api/settings/online-payments/onboarding-status',
    summary: 'The online-payments onboarding status ("not started" until a payment provider is connected)',
    access: CLINICAL_ROLES,
    response: onboardingStatusSchema,
  },
});
