import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, sessionIdOf, signIn, type Tokens } from '../../test/auth';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../platform/auth/tokens';
import { practices, sessionFamilies } from '../../schema';

const EXPIRED = { detail: 'Session expired. Please log in again.' };

async function whoAmI(t: TestApp, tokens: Tokens | string) {
  return t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(tokens) });
}

async function refresh(t: TestApp, refreshToken: string) {
  return t.app.inject({ method: 'POST', url: '/api/refresh', payload: { refresh_token: refreshToken } });
}

async function setup(env: NodeJS.ProcessEnv = {}) {
  const t = await createTestApp(env);
  const practice = await seedPractice(t);
  const therapist = memberOf(practice, 'Therapist');
  return { t, practice, therapist, tokens: await sessionFor(t, therapist) };
}

async function ageSession(t: TestApp, tokens: Tokens, minutes: number) {
  await t.database.db
    .update(sessionFamilies)
    .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(sessionFamilies.id, sessionIdOf(tokens)));
  // Time passing is simulated in the database, behind the server's back: it must look the session up again.
  t.platform.sessions.forget();
}

describe('access tokens (QUALITY.md security 1)', () => {
  it('given a fresh login, then the access token is an HS256 JWT of type at+jwt that lives 15 minutes, with audience and type', async () => {
    const { t, practice, therapist } = await setup();
    const tokens = await signIn(t.app, therapist.email);
    const [header] = tokens.access_token.split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
    const claims = decodeJwt(tokens.access_token);
    expect(claims.exp! - claims.iat!).toBe(ACCESS_TOKEN_TTL_SECONDS);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBeLessThanOrEqual(15 * 60);
    expect(claims.aud).toBe('halcyon-api');
    expect(claims.sub).toBe(String(therapist.userId));
    expect(claims.pid).toBe(practice.practiceId);
    expect((await whoAmI(t, tokens)).statusCode).toBe(200);
  });

  it('given no token, a malformed header, a tampered, an expired or a 2-step challenge token, then 401 with the SPEC message', async () => {
    const { t, therapist, tokens } = await setup();
    const [h, p, s] = tokens.access_token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '999' })).toString('base64url')}.${s}`;
    const flippedSignature = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = await t.platform.tokens.signAccess(
      { userId: therapist.userId, practiceId: payload.pid, sessionId: payload.sid },
      Date.now() - 16 * 60 * 1000,
    );
    const challenge = await t.platform.tokens.signChallenge({ userId: therapist.userId, practiceId: payload.pid });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${p}.`;
    for (const token of [tampered, flippedSignature, expired, challenge, none, 'not-a-jwt', '']) {
      const response = await whoAmI(t, token);
      expect(response.statusCode, token).toBe(401);
      expect(response.json()).toEqual(EXPIRED);
    }
    const noHeader = await t.app.inject({ method: 'GET', url: '/api/user-details' });
    expect(noHeader.statusCode).toBe(401);
    expect(noHeader.json()).toEqual(EXPIRED);
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/user-details',
      headers: { authorization: 'Basic abc' },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('given tokens signed with the right secret but another algorithm, audience or type, then 401', async () => {
    const secret = crypto.randomBytes(36).toString('base64url');
    const { t, tokens } = await setup({ JWT_SECRET: secret });
    const claims = decodeJwt(tokens.access_token);
    const key = new TextEncoder().encode(secret);
    const forge = (alg: string, typ: string, audience: string) =>
      new SignJWT({ pid: claims.pid, sid: claims.sid })
        .setProtectedHeader({ alg, typ })
        .setSubject(String(claims.sub))
        .setIssuer('halcyon')
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(key);
    expect((await whoAmI(t, await forge('HS256', 'at+jwt', 'halcyon-api'))).statusCode).toBe(200);
    for (const token of [
      await forge('HS512', 'at+jwt', 'halcyon-api'),
      await forge('HS256', 'at+jwt', 'another-api'),
      await forge('HS256', 'JWT', 'halcyon-api'),
      await forge('HS256', 'challenge+jwt', 'halcyon-api'),
    ]) {
      expect((await whoAmI(t, token)).statusCode).toBe(401);
    }
  });
});

describe('refresh tokens (QUALITY.md security 2)', () => {
  it('given a refresh token, then it rotates: the new pair works and the old refresh token is refused', async () => {
    const { t, tokens } = await setup();
    const first = await refresh(t, tokens.refresh_token);
    expect(first.statusCode, first.body).toBe(200);
    const next = first.json<Tokens>();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await whoAmI(t, next)).statusCode).toBe(200);
    const second = await refresh(t, next.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it('given an old refresh token used again, then the whole family is revoked: the newest tokens stop working too', async () => {
    const { t, tokens } = await setup();
    const next = (await refresh(t, tokens.refresh_token)).json<Tokens>();
    const reuse = await refresh(t, tokens.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(EXPIRED);
    expect((await refresh(t, next.refresh_token)).statusCode).toBe(401);
    expect((await whoAmI(t, next)).statusCode).toBe(401);
    const [family] = await t.database.db
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.id, sessionIdOf(tokens)));
    expect(family?.revokedReason).toBe('refresh_token_reuse');
  });

  it('given refresh tokens are stored, then only their hashes are', async () => {
    const { t, tokens } = await setup();
    const rows = await t.database.db.execute(sql`select token_hash from refresh_tokens`);
    const hashes = (rows as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash);
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(tokens.refresh_token);
    expect(hashes).toContain(crypto.createHash('sha256').update(tokens.refresh_token).digest('hex'));
  });

  it('given an unknown or malformed refresh token, then 401 or 400, never 500', async () => {
    const { t } = await setup();
    expect((await refresh(t, 'x'.repeat(43))).statusCode).toBe(401);
    expect((await refresh(t, '')).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toHaveProperty('refresh_token');
  });

  it('given a session older than its absolute lifetime (12 h), then the access and refresh tokens are refused', async () => {
    const { t, tokens } = await setup();
    const [family] = await t.database.db
      .select()
      .from(sessionFamilies)
      .where(eq(sessionFamilies.id, sessionIdOf(tokens)));
    expect(family!.expiresAt.getTime() - family!.createdAt.getTime()).toBeLessThanOrEqual(12 * 60 * 60 * 1000 + 1000);
    await t.database.db
      .update(sessionFamilies)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessionFamilies.id, sessionIdOf(tokens)));
    t.platform.sessions.forget();
    expect((await whoAmI(t, tokens)).statusCode).toBe(401);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('idle sign-out (QUALITY.md security 3)', () => {
  it('given 31 idle minutes with the default 30-minute setting, then the session is signed out on the server', async () => {
    const { t, tokens } = await setup();
    await ageSession(t, tokens, 29);
    expect((await whoAmI(t, tokens)).statusCode).toBe(200);
    await ageSession(t, tokens, 31);
    expect((await whoAmI(t, tokens)).statusCode).toBe(401);
    // The session is revoked, so refreshing does not bring it back.
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
  });

  it('given an idle refresh token, then the refresh is refused', async () => {
    const { t, tokens } = await setup();
    await ageSession(t, tokens, 45);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
  });

  it('given the practice sets 2 hours, then 90 idle minutes are fine and 121 are not', async () => {
    const { t, practice, tokens } = await setup();
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    const set = await t.app.inject({
      method: 'PATCH',
      url: '/api/practice',
      headers: bearer(admin),
      payload: { idleTimeoutMinutes: 120 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().idleTimeoutMinutes).toBe(120);
    await ageSession(t, tokens, 90);
    expect((await whoAmI(t, tokens)).statusCode).toBe(200);
    await ageSession(t, tokens, 121);
    expect((await whoAmI(t, tokens)).statusCode).toBe(401);
  });

  it.each([
    [14, 'Use at least 15 minutes.'],
    [721, 'Use at most 720 minutes (12 hours).'],
    [30.5, 'Enter a whole number of minutes.'],
  ])('given an idle setting of %s minutes, then 400 with a field message', async (minutes, message) => {
    const { t, practice } = await setup();
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/practice',
      headers: bearer(admin),
      payload: { idleTimeoutMinutes: minutes },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.idleTimeoutMinutes).toBe(message);
    const [row] = await t.database.db.select().from(practices).where(eq(practices.id, practice.practiceId));
    expect(row?.idleTimeoutMinutes).toBe(30);
  });

  it('given the database is written directly, then a check constraint still keeps the setting between 15 and 720', async () => {
    const { t, practice } = await setup();
    await expect(
      t.database.db.update(practices).set({ idleTimeoutMinutes: 5 }).where(eq(practices.id, practice.practiceId)),
    ).rejects.toThrow();
  });
});

describe('CSRF token and logout', () => {
  it("given a CSRF token of this session, then logout revokes the session; without or with another session's token, 403", async () => {
    const { t, therapist, tokens } = await setup();
    const csrf = await t.app.inject({ method: 'GET', url: '/api/auth/csrf-token', headers: bearer(tokens) });
    expect(csrf.statusCode).toBe(200);
    const { csrfToken } = csrf.json<{ csrfToken: string }>();
    expect(csrfToken).toBeTypeOf('string');

    const other = await sessionFor(t, therapist);
    const otherCsrf = (
      await t.app.inject({ method: 'GET', url: '/api/auth/csrf-token', headers: bearer(other) })
    ).json<{ csrfToken: string }>().csrfToken;

    const logout = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/logout', headers, payload: { refresh_token: tokens.refresh_token } });
    const missing = await logout({});
    expect(missing.statusCode).toBe(403);
    expect(missing.json().detail).toBe(
      'The security token is missing or has expired. Please reload the page and try again.',
    );
    expect((await logout({ 'x-csrf-token': otherCsrf })).statusCode).toBe(403);
    expect((await whoAmI(t, tokens)).statusCode).toBe(200);

    const ok = await logout({ 'x-csrf-token': csrfToken });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ detail: 'You have been signed out.' });
    expect((await whoAmI(t, tokens)).statusCode).toBe(401);
    expect((await refresh(t, tokens.refresh_token)).statusCode).toBe(401);
    // The other session is untouched.
    expect((await whoAmI(t, other)).statusCode).toBe(200);
  });

  it('given no access token, then the CSRF token is refused with 401', async () => {
    const { t } = await setup();
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/csrf-token' });
    expect(response.statusCode).toBe(401);
  });
});
