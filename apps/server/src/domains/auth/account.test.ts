import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import {
  TEST_PASSWORD,
  bearer,
  enableTwoFactor,
  lastLinkToken,
  memberOf,
  readOutbox,
  seedPractice,
  sessionFor,
  sessionIdOf,
  signIn,
  type Tokens,
} from '../../test/auth';
import { totpAt, totpStep } from '../../platform/auth/totp';
import { users } from '../../schema';
import { eq } from 'drizzle-orm';

const NEW_PASSWORD = 'amber-orchard-kettle-drum-9';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const therapist = memberOf(practice, 'Therapist');
  return { t, practice, therapist };
}

const post = (t: TestApp, url: string, payload: unknown, tokens?: Tokens) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, ...(tokens ? { headers: bearer(tokens) } : {}) });
const whoAmI = (t: TestApp, tokens: Tokens) =>
  t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(tokens) });
const detailOf = (response: { json: () => unknown }) => (response.json() as { detail: string }).detail;
const login = (t: TestApp, email: string, password = TEST_PASSWORD) => post(t, '/api/auth/login', { email, password });

describe('resend validation', () => {
  it('given an unconfirmed address, then a new link is sent; known and unknown addresses get the same answer', async () => {
    const t = await createTestApp();
    await post(t, '/api/auth/register', {
      practiceName: 'Cedar Practice',
      firstName: 'Iris',
      lastName: 'Vale',
      email: 'iris@example.com',
      password: NEW_PASSWORD,
    });
    const first = lastLinkToken(t, 'iris@example.com');
    const known = await post(t, '/api/auth/resend-validation', { email: 'iris@example.com' });
    const unknown = await post(t, '/api/auth/resend-validation', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(detailOf(known).replace('iris@example.com', 'E')).toBe(detailOf(unknown).replace('nobody@example.com', 'E'));
    const second = lastLinkToken(t, 'iris@example.com');
    expect(second).not.toBe(first);
    // The earlier link stops working once a new one is sent.
    expect((await post(t, '/api/auth/validate-email', { token: first })).statusCode).toBe(400);
    expect((await post(t, '/api/auth/validate-email', { token: second })).statusCode).toBe(200);
    expect((await login(t, 'iris@example.com', NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('registration limits', () => {
  it('given eleven registrations from one IP within the hour, then the eleventh answers 429', async () => {
    const t = await createTestApp();
    const register = (i: number) =>
      post(t, '/api/auth/register', {
        practiceName: `Practice ${i}`,
        firstName: 'Jo',
        lastName: 'Park',
        email: `jo${i}@example.com`,
        password: NEW_PASSWORD,
      });
    for (let i = 0; i < 10; i += 1) expect((await register(i)).statusCode).toBe(200);
    const blocked = await register(10);
    expect(blocked.statusCode).toBe(429);
    expect(detailOf(blocked)).toMatch(/^Too many attempts\. Please wait \d+ minutes? before trying again\.$/);
    // Every 429 says when to come back in seconds, too: the hour's window is nearly whole.
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
  });

  it('given four registrations for one address from different IPs, then the fourth answers 429', async () => {
    const t = await createTestApp();
    const body = {
      practiceName: 'P',
      firstName: 'Jo',
      lastName: 'Park',
      email: 'jo@example.com',
      password: NEW_PASSWORD,
    };
    for (let i = 0; i < 3; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: body,
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(response.statusCode).toBe(200);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      remoteAddress: '198.51.100.99',
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('forgot and reset password', () => {
  it('given a known and an unknown address, then the same answer, and only the known one gets a link', async () => {
    const { t, therapist } = await setup();
    const known = await post(t, '/api/auth/forgot-password', { email: therapist.email });
    const unknown = await post(t, '/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(detailOf(known).replace(therapist.email, 'E')).toBe(detailOf(unknown).replace('ghost@example.com', 'E'));
    expect(readOutbox(t).filter((m) => m.to.includes('ghost@example.com'))).toHaveLength(0);
    expect(readOutbox(t).find((m) => m.to.includes(therapist.email))?.subject).toMatch(/password/i);
  });

  it('given the reset link, then the new password works, every session is signed out, and the link works once', async () => {
    const { t, therapist } = await setup();
    const before = await sessionFor(t, therapist);
    await post(t, '/api/auth/forgot-password', { email: therapist.email });
    const token = lastLinkToken(t, therapist.email);

    const weak = await post(t, '/api/auth/reset-password', { token, password: 'password1234' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toMatch(/commonly used/);

    const reset = await post(t, '/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().detail).toBe(
      'Your password has been changed and every session signed out. Please sign in with the new password.',
    );
    expect((await whoAmI(t, before)).statusCode).toBe(401);
    expect((await login(t, therapist.email)).statusCode).toBe(401);
    expect((await login(t, therapist.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await post(t, '/api/auth/reset-password', { token, password: 'another-long-phrase-77' });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/^This link is not valid any more/);
  });

  it('given a made-up token, then 400 with a readable detail', async () => {
    const { t } = await setup();
    const response = await post(t, '/api/auth/reset-password', { token: 'made-up', password: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^This link is not valid any more/);
  });

  it('given six reset requests for one address within the hour, then the sixth answers 429', async () => {
    const { t, therapist } = await setup();
    for (let i = 0; i < 5; i += 1) {
      expect((await post(t, '/api/auth/forgot-password', { email: therapist.email })).statusCode).toBe(200);
    }
    const blocked = await post(t, '/api/auth/forgot-password', { email: therapist.email });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many attempts\. Please wait \d+ minutes? before trying again\.$/);
  });
});

describe('change password', () => {
  it('given the wrong current password, then 400 on currentPassword and nothing changes', async () => {
    const { t, therapist } = await setup();
    const tokens = await sessionFor(t, therapist);
    const response = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: 'not-my-password', newPassword: NEW_PASSWORD },
      tokens,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ currentPassword: 'The password is not correct.' });
    expect((await login(t, therapist.email)).statusCode).toBe(200);
  });

  it('given the right current password, then the password changes and every other session is signed out', async () => {
    const { t, therapist } = await setup();
    const here = await sessionFor(t, therapist);
    const elsewhere = await sessionFor(t, therapist);
    const response = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD },
      here,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await whoAmI(t, here)).statusCode).toBe(200);
    expect((await whoAmI(t, elsewhere)).statusCode).toBe(401);
    expect((await login(t, therapist.email)).statusCode).toBe(401);
    expect((await login(t, therapist.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("given a new password with the person's own name in it, then 400", async () => {
    const { t, therapist } = await setup();
    const tokens = await sessionFor(t, therapist);
    const response = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: `${therapist.lastName}-wonderful-2026` },
      tokens,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.newPassword).toBe('Your password must not contain your name or e-mail address.');
  });
  it('given the current password as the new one, then 400 on newPassword and nothing changes', async () => {
    const { t, therapist } = await setup();
    const tokens = await sessionFor(t, therapist);
    const response = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      tokens,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields.newPassword).toBe('Choose a new password that is different from your current one.');
    expect((await whoAmI(t, tokens)).statusCode).toBe(200);
  });

  it('given the e-mail address itself as the new password, then 400 even when the part before the @ is short', async () => {
    const { t, therapist } = await setup();
    const email = `jo@${therapist.email.split('@')[1]}`;
    await t.database.db.update(users).set({ email }).where(eq(users.id, therapist.userId));
    const tokens = await sessionFor(t, therapist);
    const response = await post(
      t,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: email },
      tokens,
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fields.newPassword).toBe('Your password must not contain your name or e-mail address.');
  });
});

describe('change e-mail', () => {
  it('given the password, then a link goes to the new address and the address changes only once it is opened', async () => {
    const { t, therapist } = await setup();
    const tokens = await sessionFor(t, therapist);
    const wrong = await post(
      t,
      '/api/auth/change-email',
      { password: 'nope-nope', newEmail: 'new@example.com' },
      tokens,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.password).toBe('The password is not correct.');

    const ask = await post(
      t,
      '/api/auth/change-email',
      { password: TEST_PASSWORD, newEmail: 'New@Example.com' },
      tokens,
    );
    expect(ask.statusCode, ask.body).toBe(200);
    expect(readOutbox(t).some((m) => m.to.includes(therapist.email))).toBe(true);
    expect((await whoAmI(t, tokens)).json().email).toBe(therapist.email);

    const token = lastLinkToken(t, 'new@example.com');
    const confirm = await post(t, '/api/auth/confirm-email-change', { token });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect((await whoAmI(t, tokens)).json().email).toBe('new@example.com');
    expect((await login(t, 'new@example.com')).statusCode).toBe(200);
    expect((await login(t, therapist.email)).statusCode).toBe(401);
    expect((await post(t, '/api/auth/confirm-email-change', { token })).statusCode).toBe(400);
  });

  it('given an address another account uses, then the same answer and no link is sent to it', async () => {
    const { t, practice, therapist } = await setup();
    const tokens = await sessionFor(t, therapist);
    const admin = memberOf(practice, 'Admin');
    const response = await post(
      t,
      '/api/auth/change-email',
      { password: TEST_PASSWORD, newEmail: admin.email },
      tokens,
    );
    expect(response.statusCode).toBe(200);
    expect(readOutbox(t).filter((m) => m.to.includes(admin.email))).toHaveLength(0);
  });
});

describe('2-step verification (TOTP)', () => {
  it('given set-up with a wrong code, then 400; with the right code, then on with ten recovery codes', async () => {
    const { t, therapist } = await setup();
    const tokens = await sessionFor(t, therapist);
    const badPassword = await post(t, '/api/auth/two-factor/enrol', { password: 'wrong-password' }, tokens);
    expect(badPassword.statusCode).toBe(400);
    const enrol = await post(t, '/api/auth/two-factor/enrol', { password: TEST_PASSWORD }, tokens);
    expect(enrol.statusCode).toBe(200);
    const { secret, otpauthUrl } = enrol.json<{ secret: string; otpauthUrl: string }>();
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Halcyon/);
    const wrong = await post(
      t,
      '/api/auth/two-factor/confirm',
      { code: '000000' === totpAt(secret, totpStep()) ? '111111' : '000000' },
      tokens,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.code).toMatch(/^That code is not correct/);
    const right = await post(t, '/api/auth/two-factor/confirm', { code: totpAt(secret, totpStep()) }, tokens);
    expect(right.statusCode).toBe(200);
    expect(right.json().recoveryCodes).toHaveLength(10);
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: bearer(tokens) });
    expect(status.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
  });

  it('given 2-step is on, then login asks for a code: a wrong code is refused, the right one signs in, and it cannot be reused', async () => {
    const { t, therapist } = await setup();
    const { secret } = await enableTwoFactor(t, await sessionFor(t, therapist));
    const first = await login(t, therapist.email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true, challengeToken: expect.any(String) });
    expect(first.json()).not.toHaveProperty('access_token');
    const challenge = first.json<{ challengeToken: string }>().challengeToken;

    const nextCode = totpAt(secret, totpStep() + 1);
    const wrongCode = nextCode === '123456' ? '654321' : '123456';
    const wrong = await post(t, '/api/auth/login/two-factor', { challengeToken: challenge, code: wrongCode });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toMatch(/^That code is not correct/);

    const right = await post(t, '/api/auth/login/two-factor', { challengeToken: challenge, code: nextCode });
    expect(right.statusCode, right.body).toBe(200);
    expect((await whoAmI(t, right.json<Tokens>())).statusCode).toBe(200);

    const reused = await post(t, '/api/auth/login/two-factor', { challengeToken: challenge, code: nextCode });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().detail).toBe(
      'That code has already been used. Wait for the next code in your authenticator app.',
    );
  });

  it('given a recovery code, then it signs in once and never again', async () => {
    const { t, therapist } = await setup();
    const { recoveryCodes } = await enableTwoFactor(t, await sessionFor(t, therapist));
    const code = recoveryCodes[3]!;
    const challenge = () => login(t, therapist.email).then((r) => r.json<{ challengeToken: string }>().challengeToken);
    const used = await post(t, '/api/auth/login/two-factor', {
      challengeToken: await challenge(),
      code: code.toUpperCase(),
    });
    expect(used.statusCode, used.body).toBe(200);
    const again = await post(t, '/api/auth/login/two-factor', { challengeToken: await challenge(), code });
    expect(again.statusCode).toBe(401);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/two-factor',
      headers: bearer(used.json<Tokens>()),
    });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('given a made-up or expired challenge token, then 401 asking to start again', async () => {
    const { t, practice, therapist } = await setup();
    await enableTwoFactor(t, await sessionFor(t, therapist));
    const old = await t.platform.tokens.signChallenge(
      { userId: therapist.userId, practiceId: practice.practiceId },
      Date.now() - 10 * 60 * 1000,
    );
    for (const challengeToken of ['made-up', old]) {
      const response = await post(t, '/api/auth/login/two-factor', { challengeToken, code: '123456' });
      expect(response.statusCode).toBe(401);
      expect(response.json().detail).toBe(
        'The sign-in took too long. Please enter your e-mail address and password again.',
      );
    }
  });

  it('given ten wrong codes for one sign-in, then the next attempt answers 429 even with the right code', async () => {
    const { t, therapist } = await setup();
    const { secret } = await enableTwoFactor(t, await sessionFor(t, therapist));
    const challenge = (await login(t, therapist.email)).json<{ challengeToken: string }>().challengeToken;
    const nextCode = totpAt(secret, totpStep() + 1);
    const wrongCode = nextCode === '123456' ? '654321' : '123456';
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await post(t, '/api/auth/login/two-factor', { challengeToken: challenge, code: wrongCode })).statusCode,
      ).toBe(401);
    }
    const blocked = await post(t, '/api/auth/login/two-factor', { challengeToken: challenge, code: nextCode });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many attempts/);
  });

  it('given password and a current code, then 2-step turns off and login no longer asks for a code', async () => {
    const { t, therapist } = await setup();
    const tokens = await sessionFor(t, therapist);
    const { secret } = await enableTwoFactor(t, tokens);
    const noCode = await post(
      t,
      '/api/auth/two-factor/disable',
      { password: TEST_PASSWORD, code: '99999-99999' },
      tokens,
    );
    expect(noCode.statusCode).toBe(401);
    const off = await post(
      t,
      '/api/auth/two-factor/disable',
      { password: TEST_PASSWORD, code: totpAt(secret, totpStep() + 1) },
      tokens,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect((await login(t, therapist.email)).json()).toHaveProperty('access_token');
  });

  it('given the practice requires 2-step, then a member without it can only reach set-up routes until they turn it on', async () => {
    const { t, practice, therapist } = await setup();
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    const require = await t.app.inject({
      method: 'PATCH',
      url: '/api/practice',
      headers: bearer(admin),
      payload: { requireTwoFactor: true },
    });
    expect(require.statusCode).toBe(200);
    const tokens = await sessionFor(t, therapist);
    const blocked = await t.app.inject({ method: 'GET', url: '/api/practice/members', headers: bearer(tokens) });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().detail).toBe(
      'Your practice requires 2-step verification. Please set it up in Profile & security before continuing.',
    );
    expect((await whoAmI(t, tokens)).statusCode).toBe(200);
    await enableTwoFactor(t, tokens);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/practice/members', headers: bearer(tokens) })).statusCode,
    ).toBe(200);
  });
});

describe('signed-in sessions', () => {
  it('given two sessions, then both are listed with the current one marked, and revoking the other signs it out', async () => {
    const { t, therapist } = await setup();
    const here = await sessionFor(t, therapist);
    const there = await sessionFor(t, therapist);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(here) });
    expect(list.statusCode).toBe(200);
    const items = list.json<{ items: { id: string; current: boolean }[] }>().items;
    expect(items).toHaveLength(2);
    expect(items.find((s) => s.current)?.id).toBe(sessionIdOf(here));

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${sessionIdOf(there)}`,
      headers: bearer(here),
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await whoAmI(t, there)).statusCode).toBe(401);
    expect((await whoAmI(t, here)).statusCode).toBe(200);
  });

  it("given another member's session id, then 404 and their session keeps working", async () => {
    const { t, practice, therapist } = await setup();
    const mine = await sessionFor(t, therapist);
    const theirs = await sessionFor(t, memberOf(practice, 'Admin'));
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${sessionIdOf(theirs)}`,
      headers: bearer(mine),
    });
    expect(response.statusCode).toBe(404);
    expect((await whoAmI(t, theirs)).statusCode).toBe(200);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/auth/sessions/not-a-uuid', headers: bearer(mine) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.id).toBe('must be a session id');
  });

  it('given sign out everywhere, then every session of the user ends, this one included, and other users keep theirs', async () => {
    const { t, practice, therapist } = await setup();
    const here = await sessionFor(t, therapist);
    const there = await sessionFor(t, therapist);
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: bearer(here),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: 'You have been signed out on every device.' });
    expect((await whoAmI(t, here)).statusCode).toBe(401);
    expect((await whoAmI(t, there)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/refresh', payload: { refresh_token: there.refresh_token } }))
        .statusCode,
    ).toBe(401);
    expect((await whoAmI(t, admin)).statusCode).toBe(200);
  });

  it('given a real login, then the session records the device and is listed', async () => {
    const { t, therapist } = await setup();
    const tokens = await signIn(t.app, therapist.email, TEST_PASSWORD, { 'user-agent': 'Safari on iPad' });
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(tokens) });
    expect(list.json().items[0]).toMatchObject({ userAgent: 'Safari on iPad', current: true });
  });
});
