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

/**
 * A fresh, migrated database for one test: a PGlite clone by default, or, when DATABASE_URL is set, a new PostgreSQL
 * database copied from the template the global setup migrated. Close it in afterEach; PostgreSQL databases are dropped.
 */
export async function createTestDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) return wrapPglite(await (await migratedPglite()).clone());
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
