import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../platform/config';
import type { Platform } from '../platform/context';
import type { Database } from '../platform/db';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  platform: Platform;
}

/**
 * Builds the whole app on a fresh test database and its own temporary DATA_DIR (outbox, files); closed after the test.
 * Use `app.inject()` for real HTTP semantics.
 */
export async function createTestApp(env: NodeJS.ProcessEnv = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database }, { logger: false });
  onTestFinished(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, database, config, platform: app.platform };
}
