import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientsRoutes, type RouteSpec } from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor } from '../../test/auth';
import { bodyFor, idValue } from '../../test/arbitraries';
import { iso } from '../../platform/db';

/** Every route of the clients contract (QUALITY.md security 14). */
const ROUTES = Object.entries(clientsRoutes) as [string, RouteSpec][];
const RUNS = 12;

/** Query strings: the real names with junk values (repeated keys, commas, huge numbers), or junk names. */
const queryFor = fc.array(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(
        'page',
        'pageSize',
        'search',
        'sort',
        'status',
        'kind',
        'riskLevel',
        'therapistId',
        'tag',
        'source',
      ),
      fc.string({ maxLength: 10 }),
    ),
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.integer().map(String),
      fc.constantFrom(
        '\u0000',
        'a\u0000b',
        '-name',
        'active,waitlist',
        'on hold',
        '1e400',
        'NaN',
        '%',
        '_',
        '\\',
        "'",
        '0',
        '-1',
        'x'.repeat(400),
      ),
    ),
  ),
  { maxLength: 5 },
);

describe('property: random input at every clients route never answers 5xx (QUALITY.md security 14)', () => {
  it('given random bodies, params and queries from a signed-in Therapist, then every answer is below 500 and an error carries a detail', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t, { clients: 25 });
    const tokens = await sessionFor(t, memberOf(practice, 'Therapist'));
    const realIds = practice.clientIds.slice(0, 3).map(String);
    const ids = idValue(realIds);
    let requests = 0;
    for (const [name, spec] of ROUTES) {
      const names = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
      await fc.assert(
        fc.asyncProperty(
          bodyFor(spec),
          fc.record(Object.fromEntries(names.map((n) => [n, ids]))),
          queryFor,
          async (body, params, query) => {
            const path = spec.path.replace(/:([A-Za-z_]+)/g, (_, key: string) =>
              encodeURIComponent((params as Record<string, string>)[key] ?? ''),
            );
            const search = new URLSearchParams(query).toString();
            const url = search ? `${path}?${search}` : path;
            const withBody = spec.method !== 'GET' && spec.method !== 'DELETE';
            const response = await t.app.inject({
              method: spec.method,
              url,
              headers: { ...bearer(tokens), ...(withBody && body.json ? { 'content-type': 'application/json' } : {}) },
              ...(withBody ? { payload: body.raw } : {}),
            });
            requests += 1;
            expect(response.statusCode, `${name} ${url} ${body.raw.slice(0, 200)}`).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const { detail } = response.json<{ detail?: unknown }>();
              expect(typeof detail, `${name} ${url}`).toBe('string');
            }
          },
        ),
        { numRuns: RUNS, seed: Number(process.env.FC_SEED ?? Date.now() % 1_000_000) },
      );
    }
    expect(requests).toBe(ROUTES.length * RUNS);
  }, 600_000);
});

describe('timestamps from raw queries', () => {
  it('given any timestamp in PostgreSQL text form, UTC or not, with 0 to 6 fraction digits, then iso() agrees with Date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-12-31T23:59:59Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('+00', '+01', '-05', '+05:30'),
        (date, digits, zone) => {
          const [day, time] = date.toISOString().replace('Z', '').split('T') as [string, string];
          const [clock, millis] = time.split('.') as [string, string];
          const fraction = digits === 0 ? '' : `.${`${millis}123`.slice(0, digits)}`;
          const text = `${day} ${clock}${fraction}${zone}`;
          expect(iso(text)).toBe(new Date(text).toISOString());
        },
      ),
    );
  });
});
