/**
 * `pnpm restore <file> [--replace]`: puts a backup back.
 * - Embedded database (no DATABASE_URL): the current DATA_DIR/pglite is kept, renamed pglite-before-restore-<time>, and the
 *   backup becomes the database (a .pglite.tar.gz data directory, or a .sql.gz dump loaded into a fresh one).
 * - PostgreSQL: a safety backup is taken first; a .pgdump is restored with pg_restore; a .sql.gz (or an embedded
 *   .pglite.tar.gz, converted on the way) loads into an empty database, or with --replace replaces what is there.
 * Migrations run afterwards, so an older backup comes up to date.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, wrapPglite, type Database } from '../platform/db';
import {
  backupDirectory,
  createBackup,
  detectFormat,
  knownMigrations,
  openPgliteBackup,
  restorePgDump,
  restoreSqlDump,
} from '../platform/backup';
import type { Config } from '../platform/config';
import { cliConfig, errorMessage, fail, flag, formatBytes, refuseWhileServerRuns, say } from './common';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const fileArg = args.find((arg) => !arg.startsWith('--'));
if (!fileArg || flag(args, 'help')) {
  say('Usage: pnpm restore <backup file> [--replace]');
  say('Backups are in DATA_DIR/backups (pnpm backup, and every night while Halcyon runs on the embedded database).');
  process.exit(fileArg ? 0 : 2);
}
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
if (!fs.existsSync(file)) fail(`${file} does not exist.`);
const config = cliConfig();
refuseWhileServerRuns(config, 'run `pnpm restore`');
const format = await detectFormat(file).catch((error: unknown) => fail(errorMessage(error)));
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');

/** A Halcyon SQL dump of any backup, for loading into a database of the other kind. */
async function asSqlDump(source: string): Promise<{ file: string; cleanup: () => void }> {
  if ((await detectFormat(source)) === 'sql') return { file: source, cleanup: () => undefined };
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-restore-'));
  const embedded = wrapPglite(await openPgliteBackup(source));
  try {
    await embedded.migrate();
    const dump = await createBackup(embedded, temp, { format: 'sql' });
    return { file: dump.file, cleanup: () => fs.rmSync(temp, { recursive: true, force: true }) };
  } finally {
    await embedded.close();
  }
}

async function restoreEmbedded(cfg: Config): Promise<void> {
  if (format === 'pg_dump') {
    fail(
      'A .pgdump backup restores into PostgreSQL: set DATABASE_URL to the database to restore into, then run pnpm restore again.',
    );
  }
  const dataDir = path.join(cfg.DATA_DIR, 'pglite');
  const keptAs = path.join(cfg.DATA_DIR, `pglite-before-restore-${stamp}`);
  const hadOne = fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0;
  if (hadOne) fs.renameSync(dataDir, keptAs);
  let database: Database | undefined;
  try {
    if (format === 'pglite') {
      database = wrapPglite(await openPgliteBackup(file, dataDir));
      await database.migrate();
    } else {
      database = await openPglite(dataDir);
      await database.migrate();
      await restoreSqlDump(database, file, knownMigrations());
    }
    await database.close();
  } catch (error) {
    await database?.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (hadOne) fs.renameSync(keptAs, dataDir);
    fail(`The restore failed and the database is as it was: ${errorMessage(error)}`);
  }
  say(`Restored ${file} into the embedded database in ${dataDir}.`);
  if (hadOne) say(`The database it replaced is kept in ${keptAs}; delete that folder once you are happy.`);
}

async function restorePostgres(cfg: Config, url: string): Promise<void> {
  let database = openPostgres(url, 2);
  try {
    await database.ping();
  } catch (error) {
    await database.close();
    fail(`Cannot reach the database at DATABASE_URL: ${errorMessage(error)}`);
  }
  try {
    await database.migrate();
    const safety = await createBackup(database, backupDirectory(cfg.DATA_DIR), { label: 'before-restore' });
    say(`Safety backup of the current database: ${safety.file} (${formatBytes(safety.bytes)}).`);
    if (format === 'pg_dump') {
      await database.close();
      await restorePgDump(url, file);
      database = openPostgres(url, 2);
      await database.migrate();
    } else {
      if (flag(args, 'replace')) {
        await database.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(
            'BEGIN; DROP SCHEMA IF EXISTS pgboss CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA public CASCADE; CREATE SCHEMA public; COMMIT;',
          );
        } finally {
          await client.end();
        }
        database = openPostgres(url, 2);
        await database.migrate();
      }
      const dump = await asSqlDump(file);
      try {
        await restoreSqlDump(database, dump.file, knownMigrations());
      } finally {
        dump.cleanup();
      }
    }
    say(`Restored ${file} into the PostgreSQL database at DATABASE_URL.`);
  } catch (error) {
    const hint = /already holds data/.test(errorMessage(error))
      ? ' Run again with --replace to replace it (the safety backup above keeps what is there now).'
      : '';
    fail(`The restore failed: ${errorMessage(error)}${hint}`);
  } finally {
    await database.close();
  }
}

if (config.DATABASE_URL) await restorePostgres(config, config.DATABASE_URL);
else await restoreEmbedded(config);
