import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import type { Role } from '@halcyon/api/contract';
import { hashPasswordAtCost } from '../platform/auth/passwords';
import { SESSION_ABSOLUTE_MS, hashToken, randomToken } from '../platform/auth/tokens';
import { totpAt, totpStep } from '../platform/auth/totp';
import { memberships } from '../schema';
import { createSessionFamily } from '../domains/auth/refresh-tokens';
import { generatePractice, type GeneratedPractice } from '../domains/practice/generator';
import type { TestApp } from './app';

/** The password of every member a test seeds. */
export const TEST_PASSWORD = 'violet-harbour-lantern-42';

/**
 * The seeded members' hash, at a low scrypt cost: every sign-in of a seeded member verifies against it, and at the
 * production cost (N = 2^15, about 0.2 s of CPU each here) those sign-ins were a large part of the server suite's time.
 * Passwords people choose in a test (registration, reset, change) are hashed by the app at the production cost.
 */
const SEEDED_COST = 2 ** 10;
let testHash: Promise<string> | undefined;
const passwordHash = () => (testHash ??= hashPasswordAtCost(TEST_PASSWORD, SEEDED_COST));

/** A practice with an Admin, Therapists and an Assistant (the generator), all with TEST_PASSWORD. */
export async function seedPractice(
  t: TestApp,
  options: { clients?: number; seed?: number; name?: string } = {},
): Promise<GeneratedPractice> {
  return generatePractice(t.database.db, {
    ...(options.name ? { name: options.name } : {}),
    clients: options.clients ?? 0,
    seed: options.seed ?? crypto.randomInt(1, 1_000_000),
    passwordHash: await passwordHash(),
    emailDomain: `${crypto.randomBytes(4).toString('hex')}.halcyon.test`,
  });
}

export function memberOf(practice: GeneratedPractice, role: Role) {
  const member = practice.members.find((m) => m.role === role);
  if (!member) throw new Error(`no ${role} in the seeded practice`);
  return member;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = TEST_PASSWORD,
  headers: Record<string, string> = {},
): Promise<Tokens> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<Tokens>();
  expect(body.access_token).toBeTypeOf('string');
  return body;
}

export const bearer = (tokens: Tokens | string) => ({
  authorization: `Bearer ${typeof tokens === 'string' ? tokens : tokens.access_token}`,
});

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  raw: string;
  /** The first Halcyon link in the message, if any. */
  link: string | null;
  /** The plain-text and HTML parts, decoded (quoted-printable or base64), as the recipient reads them. */
  text: string;
  html: string;
}

/** The decoded text/plain or text/html part of a raw message. */
function partOf(raw: string, type: 'plain' | 'html'): string {
  const part = new RegExp(
    String.raw`Content-Type: text\/${type}[^\r\n]*\r?\n((?:[^\r\n]+\r?\n)*?)\r?\n([\s\S]*?)(?:\r?\n--[^\r\n]+|$)`,
    'i',
  ).exec(raw);
  if (!part) return '';
  const [, headers = '', body = ''] = part;
  const encoding = /Content-Transfer-Encoding: *([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body.replace(/\r\n/g, '\n');
  const joined = body.replace(/=\r?\n/g, '');
  const bytes = Buffer.from(
    joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  return bytes.toString('utf8').replace(/\r\n/g, '\n');
}

/** Messages written to DATA_DIR/outbox, oldest first. */
export function readOutbox(t: TestApp): OutboxMessage[] {
  const dir = path.join(t.config.DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(dir, name), 'utf8');
      const unfolded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      // A long header is folded onto lines that start with a space: unfold it.
      const header = (key: string) =>
        new RegExp(`^${key}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
          .exec(raw)?.[1]
          ?.replace(/\r?\n[ \t]+/g, ' ')
          .trim() ?? '';
      const link = /https?:\/\/[^\s"<>]+\/Register\/[A-Za-z-]+\/[A-Za-z0-9_%-]+/.exec(unfolded)?.[0] ?? null;
      return {
        file: name,
        to: header('To'),
        subject: header('Subject'),
        raw,
        link,
        text: partOf(raw, 'plain'),
        html: partOf(raw, 'html'),
      };
    });
}

/** The token at the end of the newest link sent to `to`. */
export function lastLinkToken(t: TestApp, to: string): string {
  const message = readOutbox(t)
    .filter((m) => m.to.includes(to))
    .at(-1);
  if (!message?.link) throw new Error(`no link sent to ${to}`);
  return decodeURIComponent(message.link.split('/').at(-1)!);
}

/**
 * A signed-in session for a member without going through /login (no scrypt, no rate limit, no sign-in alert): a new
 * refresh-token family and its tokens, exactly as login would make them.
 */
export async function sessionFor(t: TestApp, member: { userId: number }, practiceId?: number): Promise<Tokens> {
  const [membership] = await t.database.db
    .select({ practiceId: memberships.practiceId })
    .from(memberships)
    .where(eq(memberships.userId, member.userId))
    .limit(1);
  const pid = practiceId ?? membership?.practiceId;
  if (pid === undefined) throw new Error(`user ${member.userId} has no membership`);
  const refresh = randomToken();
  const sessionId = await createSessionFamily(
    t.database.db,
    {
      userId: member.userId,
      practiceId: pid,
      userAgent: 'vitest',
      ip: '127.0.0.1',
      expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
    },
    hashToken(refresh),
  );
  return {
    access_token: await t.platform.tokens.signAccess({ userId: member.userId, practiceId: pid, sessionId }),
    refresh_token: refresh,
  };
}

/** The session (refresh-token family) id inside an access token. */
export function sessionIdOf(tokens: Tokens): string {
  return String(decodeJwt(tokens.access_token).sid);
}

/** Turns 2-step verification on through the API; answers the secret and the recovery codes. */
export async function enableTwoFactor(t: TestApp, tokens: Tokens, password = TEST_PASSWORD) {
  const enrol = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enrol',
    headers: bearer(tokens),
    payload: { password },
  });
  expect(enrol.statusCode, enrol.body).toBe(200);
  const { secret } = enrol.json<{ secret: string }>();
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/confirm',
    headers: bearer(tokens),
    payload: { code: totpAt(secret, totpStep()) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}
