import crypto from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite, type Database } from '../platform/db';

export const TEMPLATE_DATABASE = 'halcyon_test_template';

/** The URL of another database on the same PostgreSQL server. */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

let template: Promise<PGlite> | undefined;

/** One migrated PGlite per test worker; every test gets its own clone of it. */
function migratedPglite(): Promise<PGlite> {
  template ??= (async () => {
    const client = new PGlite();
    await client.waitReady;
    await wrapPglite(client).migrate();
    return client;
  })();
  return template;
}

/** Emptied PGlite databases that earlier tests of this worker closed, ready for the next test. */
const idle: PGlite[] = [];
let emptyStatement: Promise<string> | undefined;

/**
 * Empties every table and restarts every identity, as if freshly migrated (the migrations' own bookkeeping lives in the
 * `drizzle` schema and stays). The audit log refuses TRUNCATE by trigger; triggers are off for this statement only.
 */
async function emptyPglite(client: PGlite): Promise<void> {
  emptyStatement ??= client
    .query<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public' order by tablename`)
    .then(({ rows }) => {
      const tables = rows.map((row) => `"public"."${row.tablename}"`).join(', ');
      return `set session_replication_role = replica; truncate ${tables} restart identity cascade; reset session_replication_role;`;
    });
  await client.exec(await emptyStatement);
}

/**
 * A clean, migrated PGlite: one an earlier test closed (emptied then, about 0.07 s) or a new clone of the worker's
 * template (about 0.7 s). Closing it empties it for the next test; one that cannot be emptied is closed for good.
 */
async function pooledPglite(): Promise<Database> {
  const client = idle.pop() ?? ((await (await migratedPglite()).clone()) as PGlite);
  const database = wrapPglite(client);
  let released = false;
  return {
    ...database,
    close: async () => {
      if (released || client.closed) return;
      released = true;
      try {
        await emptyPglite(client);
        idle.push(client);
      } catch {
        await client.close();
      }
    },
  };
}

/**
 * A fresh, migrated database for one test: an empty PGlite by default, or, when DATABASE_URL is set, a new PostgreSQL
 * database copied from the template the global setup migrated. Close it after the test: PGlite databases are emptied for
 * the next one, PostgreSQL databases are dropped.
 */
export async function createTestDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) return pooledPglite();
  const name = `halcyon_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const database = openPostgres(databaseUrl(base, name), 5);
  let dropped = false;
  return {
    ...database,
    close: async () => {
      await database.close();
      if (dropped) return;
      dropped = true;
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      try {
        // Let the pool's connections finish closing first: terminating a connection that is still ending makes pg raise
        // an unhandled "terminating connection due to administrator command" in the test run.
        for (let i = 0; i < 40; i += 1) {
          const open = await dropper.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if ((open.rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
