/**
 * The online-payments onboarding rule of SPEC.md §2 and §4, alone in its module: the app shell reads it on every page, so
 * it must not bring the online-payments contract into the first load.
 */

/** SPEC.md §3 and §4: "not started" leads to the onboarding screen; any other status to the success screen. */
export const ONBOARDING_NOT_STARTED = 'not started';

/** SPEC.md §2: any status other than "not started" (compared case-insensitively) means onboarded. */
export function isOnboarded(status: string | null | undefined): boolean {
  return typeof status === 'string' && status.trim().toLowerCase() !== ONBOARDING_NOT_STARTED;
}
