import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export { schema };
export type Schema = typeof schema;
/** The query builder every repository uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** The driver underneath, for the job queue (pg-boss) and backups, which need more than the query builder. */
export type NativeClient = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Db;
  readonly native: NativeClient;
  /** Runs a real query; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations (`apps/server/drizzle`), found from this module in src/ and in the bundled dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The SQL migrations folder (apps/server/drizzle) was not found.');
}

/** Embedded PostgreSQL (PGlite) kept in `dataDir`; `dataDir` undefined keeps it in memory (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  return wrapPglite(client);
}

export function wrapPglite(instance: PGliteInterface): Database {
  // clone() is typed as the interface; every instance here is a PGlite.
  const client = instance as PGlite;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    native: { kind: 'pglite', client },
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** PostgreSQL over `pg` with a connection pool. */
export function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A connection the server drops (a restart, a failover, a dropped database) must not crash the process: the pool reports
  // it here and opens a new one on the next query. A client that is closing can still receive the server's goodbye.
  pool.on('error', (error) => {
    process.stderr.write(
      `${JSON.stringify({ level: 40, time: Date.now(), msg: 'a PostgreSQL connection was closed by the server; the pool will reconnect', err: error.message })}\n`,
    );
  });
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    native: { kind: 'postgres', pool, url },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsFolder() });
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

export async function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DB_POOL_SIZE: number;
}): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DB_POOL_SIZE);
  return openPglite(path.join(config.DATA_DIR, 'pglite'));
}
