import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/**
 * The key that signs access tokens: JWT_SECRET when set (loadConfig already refused known or short values); otherwise a
 * random 48-byte secret generated once and kept in DATA_DIR/jwt-secret (mode 0600), so every restart and every instance
 * sharing DATA_DIR accepts the same tokens. Tests get a fresh in-memory secret.
 */
export function resolveJwtSecret(config: Pick<Config, 'JWT_SECRET' | 'DATA_DIR' | 'NODE_ENV'>): Uint8Array {
  if (config.JWT_SECRET) return new TextEncoder().encode(config.JWT_SECRET);
  if (config.NODE_ENV === 'test') return crypto.randomBytes(48);
  const file = path.join(config.DATA_DIR, 'jwt-secret');
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = fs.statSync(file);
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`${file} holds a secret that is too short; delete the file to generate a new one.`);
  return new TextEncoder().encode(secret);
}
