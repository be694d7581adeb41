import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onTestFinished, vi } from 'vitest';
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
  // TEST_LOG=error (or another level) shows the server's own log, such as the error behind a 500, while a test runs.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    DATA_DIR: dataDir,
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database }, { logger: process.env.TEST_LOG ? undefined : false });
  onTestFinished(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, database, config, platform: app.platform };
}

/**
 * Counts the statements the database is sent while `work` runs (QUALITY.md read budgets: a page costs what its page
 * costs). Spies on the driver underneath: the pool on PostgreSQL, the embedded client on PGlite.
 */
export async function countStatements<T>(
  database: Database,
  work: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const target: { query: (...args: never[]) => unknown } =
    database.native.kind === 'postgres' ? database.native.pool : database.native.client;
  const spy = vi.spyOn(target, 'query');
  try {
    const result = await work();
    return { result, statements: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}
