import crypto from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { ExpiringMemory } from './expiring-memory';

/** QUALITY.md security 1: access tokens live 15 minutes, HS256 only, audience and type checked. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** A login's 2-step challenge must be answered within 5 minutes. */
export const CHALLENGE_TTL_SECONDS = 5 * 60;
/** QUALITY.md security 2: a session (refresh-token family) lives at most 12 hours. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
export const CSRF_TTL_MS = 2 * 60 * 60 * 1000;

const ISSUER = 'halcyon';
const AUDIENCE = 'halcyon-api';
const ALGORITHMS = ['HS256'];

export interface AccessClaims {
  /** user id */
  userId: number;
  practiceId: number;
  /** session (refresh-token family) id */
  sessionId: string;
}

export interface ChallengeClaims {
  userId: number;
  practiceId: number;
}

type TokenType = 'access' | 'challenge';

/** Verified access tokens remembered at most (each lives 15 minutes); past this the least recently used is forgotten. */
const VERIFIED_TOKENS_MAX = 10_000;

export class Tokens {
  private readonly verified = new ExpiringMemory<AccessClaims>(VERIFIED_TOKENS_MAX);

  /** The HMAC key imported once: jose would otherwise import the raw secret again for every token it signs or checks. */
  private key: Promise<crypto.webcrypto.CryptoKey> | null = null;

  constructor(private readonly secret: Uint8Array) {}

  private hmacKey(): Promise<crypto.webcrypto.CryptoKey> {
    this.key ??= crypto.webcrypto.subtle.importKey('raw', this.secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    return this.key;
  }

  async signAccess(claims: AccessClaims, now = Date.now()): Promise<string> {
    return this.sign(
      'access',
      { pid: claims.practiceId, sid: claims.sessionId },
      claims.userId,
      ACCESS_TOKEN_TTL_SECONDS,
      now,
    );
  }

  async signChallenge(claims: ChallengeClaims, now = Date.now()): Promise<string> {
    return this.sign('challenge', { pid: claims.practiceId }, claims.userId, CHALLENGE_TTL_SECONDS, now);
  }

  /**
   * The claims of a valid access token, or null for a missing, expired, tampered or wrong-kind token. A token that
   * verified once is remembered (by its exact text, signature included) until it expires, so the signature is not
   * computed again on each of the many calls one token makes.
   */
  async verifyAccess(token: string, now = Date.now()): Promise<AccessClaims | null> {
    const known = this.verified.get(token, now);
    if (known) return known;
    const payload = await this.verify(token, 'access', now);
    if (!payload) return null;
    const { pid, sid } = payload;
    if (typeof pid !== 'number' || typeof sid !== 'string') return null;
    const claims = { userId: Number(payload.sub), practiceId: pid, sessionId: sid };
    this.verified.set(token, claims, (payload.exp ?? 0) * 1000, now);
    return claims;
  }

  async verifyChallenge(token: string): Promise<ChallengeClaims | null> {
    const payload = await this.verify(token, 'challenge');
    if (!payload || typeof payload.pid !== 'number') return null;
    return { userId: Number(payload.sub), practiceId: payload.pid };
  }

  /** A CSRF token bound to one session: `expiry.nonce.mac`. */
  csrfFor(sessionId: string, now = Date.now()): string {
    const expiry = String(now + CSRF_TTL_MS);
    const nonce = crypto.randomBytes(12).toString('base64url');
    return `${expiry}.${nonce}.${this.mac(`csrf:${sessionId}:${expiry}:${nonce}`)}`;
  }

  checkCsrf(token: string | undefined, sessionId: string, now = Date.now()): boolean {
    if (!token || token.length > 200) return false;
    const [expiry, nonce, mac] = token.split('.');
    if (!expiry || !nonce || !mac || Number(expiry) < now) return false;
    const expected = Buffer.from(this.mac(`csrf:${sessionId}:${expiry}:${nonce}`));
    const given = Buffer.from(mac);
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  }

  /**
   * An HMAC-SHA256 of `value` under the server's secret, base64url (43 characters); the value starts with its purpose
   * (`csrf:`, `pay-link:`). A link token derived from a record this way can be shown again without keeping it.
   */
  mac(value: string): string {
    return crypto.createHmac('sha256', this.secret).update(value).digest('base64url');
  }

  private async sign(
    typ: TokenType,
    claims: Record<string, unknown>,
    subject: number,
    ttlSeconds: number,
    now: number,
  ): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: typ === 'access' ? 'at+jwt' : 'challenge+jwt' })
      .setSubject(String(subject))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .setJti(crypto.randomUUID())
      .sign(await this.hmacKey());
  }

  private async verify(token: string, typ: TokenType, now = Date.now()) {
    if (token.length > 4096) return null;
    try {
      const { payload } = await jwtVerify(token, await this.hmacKey(), {
        algorithms: ALGORITHMS,
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: typ === 'access' ? 'at+jwt' : 'challenge+jwt',
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: new Date(now),
      });
      if (!/^\d+$/.test(payload.sub ?? '')) return null;
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

/** An unguessable token for links and refresh tokens (256 bits). */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256 hashes: a database leak does not hand out sessions or links. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
