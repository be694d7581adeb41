import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes, type RouteSpec } from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { bodyFor, idValue } from '../../test/arbitraries';
import { bearer, memberOf, seedPractice, sessionFor } from '../../test/auth';

/** Every route of the contract that writes (issue 12): POST, PUT, PATCH and DELETE. */
const WRITE_ROUTES = (Object.entries(routes) as [string, RouteSpec][]).filter(([, spec]) => spec.method !== 'GET');
/** Runs per route: enough to meet each kind of hostile value, few enough for CI (FC_RUNS raises it for a deeper look). */
const RUNS = Number(process.env.FC_RUNS ?? 4);

describe('property: hostile input at every write route never answers 5xx (issue 12, QUALITY.md security 14)', () => {
  it('given generated strings, numbers and ids from a signed-in Admin, then every answer is below 500 with a detail', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t, { clients: 5 });
    const admin = memberOf(practice, 'Admin');
    const ids = idValue([...practice.clientIds.slice(0, 3), 1, 2]);
    const seed = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);
    const failures: string[] = [];
    for (const [name, spec] of WRITE_ROUTES) {
      // A session of its own for each route: signing out or changing the password on one route leaves the next alone.
      const tokens = await sessionFor(t, admin);
      const names = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
      const result = await fc.check(
        fc.asyncProperty(
          bodyFor(spec),
          fc.record(Object.fromEntries(names.map((n) => [n, ids]))),
          async (body, params) => {
            const url = spec.path.replace(/:([A-Za-z_]+)/g, (_, key: string) =>
              encodeURIComponent((params as Record<string, string>)[key] ?? ''),
            );
            const withBody = spec.method !== 'DELETE';
            const response = await t.app.inject({
              method: spec.method,
              url,
              headers: { ...bearer(tokens), ...(withBody && body.json ? { 'content-type': 'application/json' } : {}) },
              ...(withBody ? { payload: body.raw } : {}),
            });
            if (response.statusCode >= 500) return false;
            if (response.statusCode >= 400) return typeof response.json<{ detail?: unknown }>().detail === 'string';
            return true;
          },
        ),
        { numRuns: RUNS, seed },
      );
      if (result.failed) failures.push(`${name} ${spec.method} ${spec.path}: ${fc.stringify(result.counterexample)}`);
    }
    expect(failures, `seed ${seed}`).toEqual([]);
  }, 900_000);
});
