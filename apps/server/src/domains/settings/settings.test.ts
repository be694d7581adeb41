import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, signIn } from '../../test/auth';

describe('online-payments onboarding status', { timeout: 90_000 }, () => {
  it('given no payment provider connected, when an Admin or a Therapist asks, then the status is "not started"', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    for (const role of ['Admin', 'Therapist'] as const) {
      const tokens = await signIn(t.app, memberOf(practice, role).email);
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/settings/online-payments/onboarding-status',
        headers: bearer(tokens),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ status: 'not started' });
    }
  });

  it('given an Assistant (no Settings pages, SPEC.md §6), when asking, then 403', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const tokens = await signIn(t.app, memberOf(practice, 'Assistant').email);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/settings/online-payments/onboarding-status',
      headers: bearer(tokens),
    });
    expect(response.statusCode).toBe(403);
  });
});
