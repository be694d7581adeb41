/**
 * `pnpm --filter @halcyon/server openapi -- --out FILE`: writes the OpenAPI document the server serves at /api/docs/json,
 * built from the contract by the app itself (on an empty in-memory database; nothing is served). Without --out it prints it.
 * `pnpm lint:openapi` lints what this writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../app';
import { loadConfig } from '../platform/config';
import { wrapPglite } from '../platform/db';
import { option, say } from './common';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const out = option(args, 'out');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-openapi-'));
const database = wrapPglite(new PGlite());
// The document names PUBLIC_URL as its server when it is set; nothing else of the environment matters here.
const publicUrl = process.env.PUBLIC_URL;
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
});
const app = await buildApp({ config, database }, { logger: false });
try {
  const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
  const document = `${JSON.stringify(response.json(), null, 2)}\n`;
  if (out) {
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    fs.writeFileSync(out, document);
    say(`Wrote the OpenAPI document to ${out}.`);
  } else {
    process.stdout.write(document);
  }
} finally {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
