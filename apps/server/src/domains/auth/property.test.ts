import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authRoutes, practiceRoutes, usersRoutes, type RouteSpec } from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { memberOf, seedPractice, sessionFor } from '../../test/auth';
import { exampleFor } from '../../test/examples';

/** Every route of the sign-in, team and practice contracts (QUALITY.md security 14). */
const AUTH_ROUTES = Object.entries({ ...authRoutes, ...usersRoutes, ...practiceRoutes }) as [string, RouteSpec][];

const RUNS = 15;

const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 80,
});

/** A body: anything JSON can hold, the route's own example with fields swapped for junk, or text that is not JSON. */
function bodyFor(spec: RouteSpec): fc.Arbitrary<{ raw: string; json: boolean }> {
  const example = spec.body ? exampleFor(spec.body) : undefined;
  const keys = example && typeof example === 'object' ? Object.keys(example) : [];
  const junkFields = fc.dictionary(
    keys.length > 0 ? fc.constantFrom(...keys) : fc.string(),
    fc.oneof(fc.anything(), fc.string({ maxLength: 300 }), fc.integer(), fc.constant(null)),
  );
  const mutated = junkFields.map((junk) => ({ ...(example as object | undefined), ...junk }));
  return fc.oneof(
    fc.jsonValue().map((value) => ({ raw: JSON.stringify(value), json: true })),
    mutated.map((value) => ({ raw: JSON.stringify(value), json: true })),
    fc.string({ unit: 'grapheme', maxLength: 200 }).map((raw) => ({ raw, json: false })),
    fc.constant({ raw: JSON.stringify(example ?? {}), json: true }),
  );
}

function paramsFor(spec: RouteSpec): fc.Arbitrary<Record<string, string>> {
  const names = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  const value = fc.oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
    fc.integer().map(String),
    fc.double().map(String),
    fc.uuid(),
    fc.constantFrom('0', '-1', '1e400', 'NaN', '%00', '..', 'null', '9'.repeat(40)),
  );
  return fc.record(Object.fromEntries(names.map((n) => [n, value])));
}

describe('property: random input at every auth route never answers 5xx (QUALITY.md security 14)', () => {
  it('given random bodies, params and headers, then every answer is below 500, JSON with a detail when an error, and no stack trace', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const admin = memberOf(practice, 'Admin');
    const headers = fc.record(
      {
        authorization: fc.oneof(
          printable,
          printable.map((s) => `Bearer ${s}`),
          // Replaced by a fresh Admin session in each run (an earlier run may have signed the last one out).
          fc.constantFrom('GOOD', 'GOOD-TAMPERED'),
        ),
        'content-type': fc.oneof(
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
          ),
          printable,
        ),
        'x-csrf-token': printable,
        'x-forwarded-for': printable,
        'user-agent': printable,
        'accept-language': printable,
      },
      { requiredKeys: [] },
    );
    let requests = 0;
    for (const [name, spec] of AUTH_ROUTES) {
      await fc.assert(
        fc.asyncProperty(bodyFor(spec), paramsFor(spec), headers, async (body, params, extraHeaders) => {
          const url = spec.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
          const withBody = spec.method !== 'GET' && spec.method !== 'DELETE';
          if (extraHeaders.authorization?.startsWith('GOOD')) {
            const { access_token } = await sessionFor(t, admin);
            extraHeaders.authorization = `Bearer ${extraHeaders.authorization === 'GOOD' ? access_token : `${access_token.slice(0, -3)}abc`}`;
          }
          const response = await t.app.inject({
            method: spec.method,
            url,
            headers: {
              ...(withBody && body.json ? { 'content-type': 'application/json' } : {}),
              ...extraHeaders,
            },
            ...(withBody ? { payload: body.raw } : {}),
          });
          requests += 1;
          expect(response.statusCode, `${name} ${url} ${body.raw.slice(0, 200)}`).toBeLessThan(500);
          expect(response.body).not.toMatch(/\n\s+at .+:\d+:\d+/);
          if (response.statusCode >= 400) {
            expect(response.headers['content-type'], name).toContain('application/json');
            const { detail } = response.json<{ detail?: unknown }>();
            expect(typeof detail, name).toBe('string');
            expect((detail as string).length, name).toBeGreaterThan(5);
          }
        }),
        { numRuns: RUNS, seed: Number(process.env.FC_SEED ?? Date.now() % 1_000_000) },
      );
    }
    expect(requests).toBe(AUTH_ROUTES.length * RUNS);
  }, 600_000);
});
