import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** scrypt parameters (QUALITY.md security 7: N >= 2^15). Stored with each hash so they can be raised later. */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$salt$hash` (base64url). */
export function hashPassword(password: string): Promise<string> {
  return hashPasswordAtCost(password, N);
}

/**
 * The same hash at another cost `n` (a power of two). Only test fixtures use it, with a lower cost, so that the many
 * sign-ins of a test run do not each spend 0.2 s of CPU; `verifyPassword` reads the cost from the stored hash.
 */
export async function hashPasswordAtCost(password: string, n: number): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r: R, p: P, maxmem: 128 * n * R * 2 });
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const cost = Number(n);
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: cost,
    r: Number(r),
    p: Number(p),
    maxmem: 128 * cost * Number(r) * 2,
  });
  return crypto.timingSafeEqual(key, expected);
}

/** A hash of a random password, verified against when the e-mail is unknown so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(18).toString('base64url'));
  return dummyHash;
}

/** The bundled list of common passwords (apps/server/assets/common-passwords.txt), found from src/ and from dist/. */
function commonPasswordsFile(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'assets', 'common-passwords.txt');
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The common-password list (apps/server/assets/common-passwords.txt) was not found.');
}

let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(commonPasswordsFile(), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

/**
 * A sentence saying why this password is too easy to guess, or null when it is fine. Length is checked by the contract;
 * here: the common-password list (also with digits or punctuation stripped from the end), one repeated character, and the
 * person's own e-mail or name.
 */
export function weakPasswordReason(password: string, personal: readonly string[] = []): string | null {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  const stripped = lower.replace(/[\d\W_]+$/u, '');
  if (list.has(lower) || (stripped.length >= 6 && list.has(stripped))) {
    return 'This password is on a list of commonly used passwords. Please choose another one.';
  }
  if (new Set(lower).size <= 2) return 'This password repeats the same characters. Please choose another one.';
  for (const word of personal) {
    const w = word.toLowerCase().trim();
    if (w.length >= 4 && lower.includes(w)) return 'Your password must not contain your name or e-mail address.';
  }
  return null;
}
