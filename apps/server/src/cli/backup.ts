/**
 * `pnpm backup [--sql] [--out DIR]`: a backup of the database Halcyon is configured for (DATA_DIR or DATABASE_URL) into
 * DATA_DIR/backups (or DIR). The embedded database is saved as its data directory, PostgreSQL with pg_dump when it is on PATH;
 * `--sql` writes Halcyon's own SQL dump instead, which restores into either database.
 */
import path from 'node:path';
import { openDatabase } from '../platform/db';
import { backupDirectory, createBackup } from '../platform/backup';
import { cliConfig, errorMessage, fail, flag, formatBytes, option, refuseWhileServerRuns, say } from './common';

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (flag(args, 'help')) {
  say('Usage: pnpm backup [--sql] [--out DIR]');
  process.exit(0);
}
const config = cliConfig();
refuseWhileServerRuns(config, 'run `pnpm backup`');
const out = option(args, 'out');
const dir = out ? path.resolve(out) : backupDirectory(config.DATA_DIR);

const database = await openDatabase(config);
try {
  const backup = await createBackup(database, dir, {
    label: 'manual',
    format: flag(args, 'sql') ? 'sql' : 'auto',
    log: { info: say, warn: (message) => process.stderr.write(`${message}\n`) },
  });
  say(
    `Backup of the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database written to ${backup.file} (${formatBytes(backup.bytes)}, ${backup.format} format).`,
  );
  say(`Restore it with: pnpm restore ${backup.file}`);
} catch (error) {
  fail(`The backup failed: ${errorMessage(error)}`);
} finally {
  await database.close();
}
