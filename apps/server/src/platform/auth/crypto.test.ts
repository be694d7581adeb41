import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { hashPassword, verifyPassword, weakPasswordReason } from './passwords';
import { Secret } from 'otpauth';
import { matchTotp, newTotpSecret, otpauthUrl, totpAt, totpStep } from './totp';
import { ACCESS_TOKEN_TTL_SECONDS, Tokens } from './tokens';

describe('password hashing (QUALITY.md security 7)', () => {
  it('given a password, then it is stored as scrypt with N = 2^15 and a random salt, and only the same password verifies', async () => {
    const first = await hashPassword('violet-harbour-lantern-42');
    const second = await hashPassword('violet-harbour-lantern-42');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('violet-harbour-lantern-42', first)).toBe(true);
    expect(await verifyPassword('violet-harbour-lantern-43', first)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });

  it('given common passwords, then they are refused; a long unusual phrase is fine', () => {
    for (const common of ['password1234', 'Password123!', 'qwertyuiop123', 'iloveyou2024']) {
      expect(weakPasswordReason(common), common).toBe(
        'This password is on a list of commonly used passwords. Please choose another one.',
      );
    }
    expect(weakPasswordReason('aaaaaaaaaaaaaa')).toBe(
      'This password repeats the same characters. Please choose another one.',
    );
    expect(weakPasswordReason('violet-harbour-lantern-42')).toBeNull();
  });
});

describe('TOTP (RFC 6238)', () => {
  it('given the RFC test secret, then the codes match the published vectors (last six digits)', () => {
    const secret = Secret.fromUTF8('12345678901234567890').base32;
    expect(totpAt(secret, Math.floor(59 / 30))).toBe('287082');
    expect(totpAt(secret, Math.floor(1111111109 / 30))).toBe('081804');
    expect(totpAt(secret, Math.floor(1234567890 / 30))).toBe('005924');
  });

  it('given a code one step early or late, then it matches (clock drift); two steps away, then not', () => {
    const secret = Secret.fromUTF8('12345678901234567890').base32;
    const now = 1_234_567_890_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totpAt(secret, step - 1), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, step + 1), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, step + 2), now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('given a new secret, then it is 160 bits in base32 and its link names Halcyon, the account and the code settings', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    const url = new URL(otpauthUrl(secret, 'maya@practice.example'));
    expect([url.protocol, url.host]).toEqual(['otpauth:', 'totp']);
    expect(decodeURIComponent(url.pathname)).toBe('/Halcyon:maya@practice.example');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Halcyon',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    expect(matchTotp(secret, totpAt(secret, totpStep()))).toBe(totpStep());
  });
});

describe('access token verification', () => {
  it('given a token verified once, then it is still refused once it expires, and a copy with another signature is refused', async () => {
    const tokens = new Tokens(crypto.randomBytes(32));
    const now = Date.now();
    const token = await tokens.signAccess({ userId: 7, practiceId: 3, sessionId: crypto.randomUUID() }, now);
    expect(await tokens.verifyAccess(token, now)).toMatchObject({ userId: 7, practiceId: 3 });
    expect(await tokens.verifyAccess(token, now + 1000)).toMatchObject({ userId: 7, practiceId: 3 });
    const [h, p] = token.split('.');
    expect(await tokens.verifyAccess(`${h}.${p}.${'A'.repeat(43)}`, now)).toBeNull();
    expect(await tokens.verifyAccess(token, now + (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000)).toBeNull();
  });
});
