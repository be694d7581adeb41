import { describe, expect, it } from 'vitest';
import { routes } from './index';
import type { RouteSpec } from './route';
import { loadDomainRoutes, routeIndex, type RouteEntry } from './routeIndex';

const REGENERATE = 'the route index is out of date: run `pnpm --filter @halcyon/api routes:index`';

function entryOf(spec: RouteSpec): Omit<RouteEntry, 'domain'> {
  return {
    method: spec.method,
    path: spec.path,
    access: spec.access,
    ...(spec.body ? { body: true as const } : {}),
    ...(spec.raw ? { raw: true as const } : {}),
    ...(spec.multipart ? { multipart: true as const } : {}),
  };
}

describe('the route index (routes without their schemas)', () => {
  it('given the whole contract, then the index has every route, and only those, with its method, path, access and body kind', () => {
    expect(Object.keys(routeIndex).sort(), REGENERATE).toEqual(Object.keys(routes).sort());
    for (const [name, spec] of Object.entries(routes)) {
      const { domain: _domain, ...entry } = routeIndex[name as keyof typeof routeIndex];
      expect(entry, `${name}: ${REGENERATE}`).toEqual(entryOf(spec));
    }
  });

  it("given a route's domain, when the domain is loaded, then its table holds that very route (schemas included)", async () => {
    for (const [name, entry] of Object.entries(routeIndex)) {
      const table = await loadDomainRoutes[entry.domain]();
      expect(table[name], `${name} is not in ${entry.domain}: ${REGENERATE}`).toBe(routes[name as keyof typeof routes]);
    }
  });
});
