import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, sessionIdOf, type Tokens } from '../../test/auth';
import { sessionFamilies } from '../../domains/auth/schema';
import { loadSession } from '../../domains/auth/session-lookup';
import { maySessionsChange, SESSION_DOMAINS, SessionChecks } from './guard';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const therapist = memberOf(practice, 'Therapist');
  return { t, practice, therapist, tokens: await sessionFor(t, therapist) };
}

const whoAmI = (t: TestApp, tokens: Tokens) =>
  t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(tokens) });

/** Checks that count their database lookups. */
function countedChecks(db: Db, ttlMs: number) {
  const lookup = vi.fn(loadSession);
  return { checks: new SessionChecks(db, lookup, ttlMs), lookup };
}

const claimsOf = (tokens: Tokens, therapist: { userId: number }, practiceId: number) => ({
  userId: therapist.userId,
  practiceId,
  sessionId: sessionIdOf(tokens),
});

describe('remembered session checks', () => {
  it('given a valid session checked 20 times within the time limit, then the database is asked once', async () => {
    const { t, practice, therapist, tokens } = await setup();
    const { checks, lookup } = countedChecks(t.database.db, 60_000);
    const claims = claimsOf(tokens, therapist, practice.practiceId);
    for (let i = 0; i < 20; i += 1) expect(await checks.check(claims)).toMatchObject({ role: 'Therapist' });
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('given the time limit has passed, then the session is looked up again and a revoked one is refused', async () => {
    const { t, practice, therapist, tokens } = await setup();
    const checks = new SessionChecks(t.database.db, loadSession, 50);
    const claims = claimsOf(tokens, therapist, practice.practiceId);
    expect(await checks.check(claims)).not.toBeNull();
    await t.database.db
      .update(sessionFamilies)
      .set({ revokedAt: sql`now()`, revokedReason: 'test' })
      .where(eq(sessionFamilies.id, claims.sessionId));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await checks.check(claims)).toBeNull();
  });

  it('given a refused session, then it is not remembered: it is asked about on every call', async () => {
    const { t, practice, therapist, tokens } = await setup();
    const { checks, lookup } = countedChecks(t.database.db, 60_000);
    const claims = { ...claimsOf(tokens, therapist, practice.practiceId), sessionId: crypto.randomUUID() };
    expect(await checks.check(claims)).toBeNull();
    expect(await checks.check(claims)).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('given a lookup that raced a forget, then what it read before is not remembered', async () => {
    const { t, practice, therapist, tokens } = await setup();
    const { checks, lookup } = countedChecks(t.database.db, 60_000);
    const claims = claimsOf(tokens, therapist, practice.practiceId);
    const racing = checks.check(claims);
    checks.forget();
    expect(await racing).not.toBeNull();
    await checks.check(claims);
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('given reads just before an Admin deactivates the member over the API, then the very next read is refused', async () => {
    const { t, practice, therapist, tokens } = await setup();
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    expect((await whoAmI(t, tokens)).statusCode).toBe(200);
    expect((await whoAmI(t, tokens)).statusCode).toBe(200);
    const deactivated = await t.app.inject({
      method: 'POST',
      url: `/api/practice/members/${therapist.userId}/deactivate`,
      headers: bearer(admin),
    });
    expect(deactivated.statusCode).toBeLessThan(300);
    expect((await whoAmI(t, tokens)).statusCode).toBe(401);
  });

  it('given a session signed out with "Sign out everywhere", then a read right after with the old access token is refused', async () => {
    const { t, tokens } = await setup();
    expect((await whoAmI(t, tokens)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere', headers: bearer(tokens) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await whoAmI(t, tokens)).statusCode).toBe(401);
  });
});

describe('session checks with several instances (a change channel)', () => {
  const channel = (live: boolean) => ({ live, publish: vi.fn(() => Promise.resolve()) });

  it('given the channel between instances is down, then nothing is remembered: every call asks the database', async () => {
    const { t, practice, therapist, tokens } = await setup();
    const lookup = vi.fn(loadSession);
    const checks = new SessionChecks(t.database.db, lookup, 60_000, channel(false));
    const claims = claimsOf(tokens, therapist, practice.practiceId);
    for (let i = 0; i < 3; i += 1) expect(await checks.check(claims)).not.toBeNull();
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it('given the channel is up, then a session is remembered, and a change forgets it and tells the other instances', async () => {
    const { t, practice, therapist, tokens } = await setup();
    const lookup = vi.fn(loadSession);
    const live = channel(true);
    const checks = new SessionChecks(t.database.db, lookup, 60_000, live);
    const claims = claimsOf(tokens, therapist, practice.practiceId);
    await checks.check(claims);
    await checks.check(claims);
    expect(lookup).toHaveBeenCalledTimes(1);
    await checks.changed();
    expect(live.publish).toHaveBeenCalledTimes(1);
    await checks.check(claims);
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});

describe('which writes forget the remembered sessions', () => {
  it('given a write of a client, a note, a payment or the diary, then the sessions stay remembered; a write of sign-in, members or practice settings, or outside the contract, forgets them', () => {
    for (const name of ['createSessionNote', 'recordPayment', 'createClient', 'createAppointment']) {
      expect(maySessionsChange(name), name).toBe(false);
    }
    for (const name of ['logout', 'signOutEverywhere', 'changeMemberRole', 'deactivateMember', 'updatePractice']) {
      expect(maySessionsChange(name), name).toBe(true);
    }
    for (const name of ['updatePracticeSettings', 'twoFactorDisable', 'acceptInvitation', undefined, 'notARoute']) {
      expect(maySessionsChange(name), String(name)).toBe(true);
    }
  });

  it('given the server code, then only the domains of SESSION_DOMAINS write what a session check reads', () => {
    const root = path.resolve(__dirname, '../../domains');
    const writes =
      /\b(?:insert|update|delete)\((?:sessionFamilies|memberships|practices|totpSecrets)\)|\b(?:insert into|update|delete from)\s+"?(?:session_families|memberships|practices|totp_secrets)\b/i;
    const writers = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => writes.test(fs.readFileSync(path.join(root, file), 'utf8')))
      .map((file) => file.split(path.sep)[0]!);
    const domains = new Set(writers);
    expect([...domains].sort()).toEqual(['account', 'auth', 'practice', 'users']);
    for (const domain of domains) expect(SESSION_DOMAINS.has(domain as never), domain).toBe(true);
  });
});
