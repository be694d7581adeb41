import type { FastifyInstance } from 'fastify';
import { ONBOARDING_NOT_STARTED } from '@halcyon/api/contract';
import type { Platform } from '../../platform/context';
import { registerRoutes } from '../../platform/http/contract';

/**
 * Settings calls that belong to no other domain yet. Online payments: no provider is connected until the billing issue
 * lands, so every practice is "not started" (SPEC.md §4) and /Settings/Online-payments shows the onboarding screen.
 */
export function settingsRoutes(app: FastifyInstance, _platform: Platform): void {
  registerRoutes(app, {
    onlinePaymentsOnboardingStatus: () => ({ status: ONBOARDING_NOT_STARTED }),
  });
}
