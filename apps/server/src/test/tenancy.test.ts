import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ALL_ROLES, idParam, routes, type RouteSpec } from '@halcyon/api/contract';
import { storedFiles, users } from '../schema';
import { createTestApp } from './app';
import { bearer, memberOf, seedPractice, sessionFor } from './auth';
import { walkTenantIsolation } from './tenancy';

describe('tenant isolation walk (QUALITY.md security 8)', () => {
  it("given two practices, when every role of one calls every route of the contract aimed at the other's ids, then 404 or 403, nothing leaks and nothing changes", async () => {
    const t = await createTestApp();
    // Members' ids far above every other table's: the walk leaves out an owner's id that also names one of the intruder's
    // rows (ids of different tables overlap), and small member ids collided with the intruder's practice and settings ids.
    await t.database.db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 1000000)`);
    const owner = await seedPractice(t, {
      name: `Owner Practice ${crypto.randomBytes(4).toString('hex')}`,
      clients: 10,
    });
    const intruder = await seedPractice(t, {
      name: `Intruder Practice ${crypto.randomBytes(4).toString('hex')}`,
      clients: 10,
    });
    // Give the owner records of every kind the platform has: sessions, an invitation, a stored file.
    const ownerAdmin = await sessionFor(t, memberOf(owner, 'Admin'));
    await sessionFor(t, memberOf(owner, 'Therapist'));
    for (const role of ['Admin', 'Therapist', 'Assistant'] as const) await sessionFor(t, memberOf(intruder, role));
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/practice/invitations',
      headers: bearer(ownerAdmin),
      payload: { email: `invited-${crypto.randomBytes(3).toString('hex')}@owner.example`, role: 'Therapist' },
    });
    expect(invite.statusCode).toBe(200);
    await t.database.db.insert(storedFiles).values({
      practiceId: owner.practiceId,
      uploadedBy: memberOf(owner, 'Admin').userId,
      name: 'owner-referral-letter.pdf',
      size: 10,
      type: 'application/pdf',
      storageKey: `walk/${crypto.randomUUID()}`,
    });

    const started = Date.now();
    const result = await walkTenantIsolation(t, { owner, intruder });
    console.info(
      `tenant walk: ${result.routes.length} routes, ${result.targeted.length} aimed at ids, ${result.requests} requests, ${Date.now() - started} ms`,
    );

    expect(result.problems).toEqual([]);
    const signedInRoutes = Object.entries(routes).filter(([, spec]) => spec.access !== 'public');
    expect(result.routes).toHaveLength(signedInRoutes.length);
    // The walk really aimed at the owner's records where a route takes an id.
    expect(result.targeted).toEqual(
      expect.arrayContaining([
        'therapistRetrieve',
        'changeMemberRole',
        'deactivateMember',
        'revokeSession',
        'downloadFile',
      ]),
    );
    expect(result.requests).toBeGreaterThan(signedInRoutes.length * 3);
  }, 300_000);
});

describe('the walk itself', () => {
  it('given a route that forgets the practice (answers any user by id), then the walk reports the 200 and the leaked e-mail', async () => {
    const t = await createTestApp();
    const owner = await seedPractice(t, { name: `Owner Practice ${crypto.randomBytes(4).toString('hex')}` });
    const intruder = await seedPractice(t, { name: `Intruder Practice ${crypto.randomBytes(4).toString('hex')}` });
    for (const role of ['Admin', 'Therapist', 'Assistant'] as const) await sessionFor(t, memberOf(intruder, role));
    const leaky = {
      method: 'GET',
      path: '/api/walk-self-test/leaky/:id',
      summary: 'A deliberately broken route',
      access: ALL_ROLES,
      params: z.strictObject({ id: idParam }),
      response: z.object({ email: z.string() }),
    } as const satisfies RouteSpec;
    t.app.get(leaky.path, { config: { access: leaky.access, routeName: 'walkSelfTestLeaky' } }, async (request) => {
      const id = Number((request.params as { id: string }).id);
      const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id));
      return row ?? {};
    });
    const table = routes as unknown as Record<string, RouteSpec>;
    table.walkSelfTestLeaky = leaky;
    try {
      // The broken route and a sound one that reads by id too: the walk of every route is the test above.
      const result = await walkTenantIsolation(t, {
        owner,
        intruder,
        only: ['walkSelfTestLeaky', 'therapistRetrieve'],
      });
      expect(result.routes).toEqual(['therapistRetrieve', 'walkSelfTestLeaky']);
      const found = result.problems.filter((p) => p.route === 'walkSelfTestLeaky');
      expect(found.some((p) => p.problem === "another practice's id, expected 404" && p.status === 200)).toBe(true);
      expect(found.some((p) => p.problem.startsWith("leaked the owner's") && p.problem.includes('@'))).toBe(true);
      expect(result.problems.filter((p) => p.route !== 'walkSelfTestLeaky')).toEqual([]);
    } finally {
      delete table.walkSelfTestLeaky;
    }
  }, 300_000);
});
