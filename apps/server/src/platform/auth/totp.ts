import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 TOTP through otpauth: SHA-1, 6 digits, 30-second steps, the same as every authenticator app. */
const ISSUER = 'Halcyon';
const TOTP_OPTIONS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const PERIOD_MS = TOTP_OPTIONS.period * 1000;

function totpOf(secret: string, account = '', issuer = ISSUER): TOTP {
  return new TOTP({ ...TOTP_OPTIONS, issuer, label: account, secret: Secret.fromBase32(secret) });
}

/** A new shared secret (160 random bits, as RFC 4226 recommends), in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The 30-second step `now` falls in. */
export function totpStep(now = Date.now()): number {
  return TOTP.counter({ period: TOTP_OPTIONS.period, timestamp: now });
}

/** The code of a step. */
export function totpAt(secret: string, step: number): string {
  return totpOf(secret).generate({ timestamp: step * PERIOD_MS });
}

/**
 * The step a code matches, allowing one step of clock drift either way, or null. Callers refuse a step at or before the
 * last one used, so a code works once.
 */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : totpStep(now) + delta;
}

/** The `otpauth://` link an authenticator app reads (from a QR code) to add the account. */
export function otpauthUrl(secret: string, account: string, issuer = ISSUER): string {
  return totpOf(secret, account, issuer).toString();
}

/** Ten recovery codes like `k3j9d-8xq2m`, each usable once. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function normaliseRecoveryCode(code: string): string {
  return code.trim().toLowerCase().replace(/\s+/g, '');
}
