import pg from 'pg';
import { openPostgres } from '../platform/db';
import { TEMPLATE_DATABASE, databaseUrl } from './database';

/** With DATABASE_URL: migrate a template database once per run; each test copies it (CREATE DATABASE ... TEMPLATE). */
export default async function setup(): Promise<void> {
  const base = process.env.DATABASE_URL;
  if (!base) return;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const template = openPostgres(databaseUrl(base, TEMPLATE_DATABASE), 2);
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
}
