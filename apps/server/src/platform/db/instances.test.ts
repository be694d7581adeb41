import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../config';
import { openPostgres } from '.';
import { TEST_DATABASE_PREFIX, adminQuery, databaseUrl } from '../../test/database';
import { TEST_PASSWORD, bearer, memberOf, seedPractice } from '../../test/auth';

const base = process.env.DATABASE_URL;

/** Issue 12: several instances on one PostgreSQL behave as one. Needs PostgreSQL (CI's suite); skipped on PGlite. */
describe.skipIf(!base)('two instances on one PostgreSQL', () => {
  it('given two instances started at once on an empty database, then both come up; a sign-out on one holds on the other at once', async () => {
    const name = `${TEST_DATABASE_PREFIX}${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(base!, `CREATE DATABASE ${name}`);
    const url = databaseUrl(base!, name);
    const secret = crypto.randomBytes(48).toString('base64url');
    const start = async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-instance-'));
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        JWT_SECRET: secret,
      });
      const database = openPostgres(url, 3);
      await database.migrate();
      const app = await buildApp({ config, database }, { logger: false });
      return { app, database, dataDir };
    };
    // Both at once: without the migration lock one dies on a duplicate schema object.
    const [a, b] = await Promise.all([start(), start()]);
    onTestFinished(async () => {
      for (const instance of [a, b]) {
        await instance.app.close();
        await instance.database.close();
        fs.rmSync(instance.dataDir, { recursive: true, force: true });
      }
      await adminQuery(base!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    const practice = await seedPractice({
      app: a.app,
      database: a.database,
      config: a.app.platform.config,
      platform: a.app.platform,
    });
    const therapist = memberOf(practice, 'Therapist');
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: therapist.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const tokens = login.json<{ access_token: string; refresh_token: string }>();

    const onB = () => b.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(tokens) });
    expect((await onB()).statusCode, 'a token from one instance is good on the other').toBe(200);

    const logout = await a.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out-everywhere',
      headers: bearer(tokens),
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    expect((await onB()).statusCode, 'signed out on one instance is signed out on the other').toBe(401);
  }, 300_000);
});
