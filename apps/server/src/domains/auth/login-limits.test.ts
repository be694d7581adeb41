import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/app';
import { TEST_PASSWORD, memberOf, seedPractice } from '../../test/auth';
import { LOGIN_LIMITS } from './routes';

const ATTACKER = '203.0.113.66';
const HOME = '198.51.100.20';
const WINDOW_SECONDS = LOGIN_LIMITS.pair.windowMs / 1000;

const login = (t: TestApp, email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

/** A refusal as the limit gives it: 429, the sentence with the minutes to wait, and Retry-After in whole seconds. */
function expectRefused(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().detail).toMatch(/^Too many attempts\. Please wait \d+ minutes? before trying again\.$/);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  const minutes = Number(/wait (\d+) minute/.exec(response.json<{ detail: string }>().detail)?.[1]);
  expect(minutes).toBe(Math.ceil(retryAfter / 60));
}

describe('sign-in limits: failures count per account and address together', { timeout: 120_000 }, () => {
  it('given an address that fails ten times for an account, then that address is refused with Retry-After, even with the right password, and the owner from another address signs in', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const email = memberOf(practice, 'Therapist').email;
    for (let i = 0; i < LOGIN_LIMITS.pair.max; i += 1) {
      expect((await login(t, email, 'not-the-password', ATTACKER)).statusCode).toBe(401);
    }
    expectRefused(await login(t, email, TEST_PASSWORD, ATTACKER));
    expectRefused(await login(t, email.toUpperCase(), 'another-guess', ATTACKER));

    const owner = await login(t, email, TEST_PASSWORD, HOME);
    expect(owner.statusCode, owner.body).toBe(200);
    // The attacker's address may still sign in to an account it has not failed for.
    expect((await login(t, memberOf(practice, 'Admin').email, TEST_PASSWORD, ATTACKER)).statusCode).toBe(200);
  });

  it('given an address spraying one guess at many accounts, then past the per-address limit it gets no second guess at any of them, while a correct password for an account it never failed for still signs in', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const therapist = memberOf(practice, 'Therapist').email;
    const sprayed = [therapist, ...Array.from({ length: LOGIN_LIMITS.ip.max - 1 }, (_, i) => `person${i}@example.com`)];
    for (const email of sprayed) expect((await login(t, email, 'Summer2026!', ATTACKER)).statusCode).toBe(401);

    // One failure per account is far below the pair limit: the address limit is what refuses these.
    expectRefused(await login(t, 'person0@example.com', 'Autumn2026!', ATTACKER));
    expectRefused(await login(t, therapist, TEST_PASSWORD, ATTACKER));
    // A colleague behind the same address, who has not failed, signs in; so does the therapist from her own address.
    expect((await login(t, memberOf(practice, 'Admin').email, TEST_PASSWORD, ATTACKER)).statusCode).toBe(200);
    expect((await login(t, therapist, TEST_PASSWORD, HOME)).statusCode).toBe(200);
  });

  it('given one account guessed at from many addresses, then past the per-account limit none of them gets a second guess, and the owner from her own address signs in', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const email = memberOf(practice, 'Therapist').email;
    const addresses = Array.from({ length: LOGIN_LIMITS.account.max }, (_, i) => `192.0.2.${i + 1}`);
    for (const address of addresses) expect((await login(t, email, 'Summer2026!', address)).statusCode).toBe(401);

    expectRefused(await login(t, email, 'Autumn2026!', addresses[0]!));
    expectRefused(await login(t, email, TEST_PASSWORD, addresses.at(-1)!));
    expect((await login(t, email, TEST_PASSWORD, HOME)).statusCode).toBe(200);
  });
});
