import { describe, expect, it } from 'vitest';
import type { Practice } from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor } from '../../test/auth';
import { practiceDetails } from '../account/schema';

describe('GET /api/practice', () => {
  it('given a practice in Auckland, then every role reads its time zone there (the Assistant may not read the settings), and a practice that never chose one reads the default', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const other = await seedPractice(t);
    await t.database.db
      .insert(practiceDetails)
      .values({ practiceId: practice.practiceId, timeZone: 'Pacific/Auckland' });
    for (const role of ['Admin', 'Therapist', 'Assistant'] as const) {
      const tokens = await sessionFor(t, memberOf(practice, role));
      const response = await t.app.inject({ method: 'GET', url: '/api/practice', headers: bearer(tokens) });
      expect(response.statusCode, role).toBe(200);
      expect(response.json<Practice>().timeZone, role).toBe('Pacific/Auckland');
    }
    const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings/practice', headers: bearer(assistant) });
    expect(settings.statusCode).toBe(403);
    const elsewhere = await sessionFor(t, memberOf(other, 'Therapist'));
    const defaulted = await t.app.inject({ method: 'GET', url: '/api/practice', headers: bearer(elsewhere) });
    expect(defaulted.json<Practice>().timeZone).toBe('Europe/London');
  });
});
