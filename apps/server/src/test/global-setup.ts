import type pg from 'pg';
import { openPostgres } from '../platform/db';
import { TEMPLATE_DATABASE, TEST_DATABASE_PREFIX, databaseUrl, withAdmin } from './database';

/** The test databases on the server (a run's own, or ones an interrupted run left behind). */
async function dropTestDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like '${TEST_DATABASE_PREFIX}%'`,
  );
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}

/**
 * With DATABASE_URL: migrate a template database once per run; each test worker copies it (CREATE DATABASE ... TEMPLATE)
 * and empties its copies between tests. The copies are dropped when the run ends.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  await withAdmin(base, async (admin) => {
    await dropTestDatabases(admin);
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  });
  const template = openPostgres(databaseUrl(base, TEMPLATE_DATABASE), 2);
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
  return () => withAdmin(base, dropTestDatabases);
}
