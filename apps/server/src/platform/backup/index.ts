import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, PGLITE_EXTENSIONS, type Database, type NativeClient } from '../db';
import { dumpMigrations, insertInto, sqlDump, withSnapshot, describeTables, queryOf } from './sql-dump';

/**
 * Backups (QUALITY.md Reliability). Three formats, chosen by the database:
 * - `pglite`: the embedded database's whole data directory (PGlite dumpDataDir), `.pglite.tar.gz`;
 * - `pg_dump`: PostgreSQL's custom format, when `pg_dump` is on PATH and matches the server, `.pgdump`;
 * - `sql`: a logical dump made by Halcyon itself (every row as SQL), `.sql.gz`; works from and into either database, so it
 *   also moves a practice from the embedded database to PostgreSQL.
 */
export type BackupFormat = 'pglite' | 'pg_dump' | 'sql';
export type BackupLabel = 'nightly' | 'manual' | 'before-restore';

export interface BackupFile {
  file: string;
  format: BackupFormat;
  bytes: number;
}

export interface BackupLog {
  info(message: string): void;
  warn(message: string): void;
}

/** The nightly job keeps this many nightly backups. */
export const NIGHTLY_KEEP = 14;

const EXTENSIONS: Record<BackupFormat, string> = { pglite: '.pglite.tar.gz', pg_dump: '.pgdump', sql: '.sql.gz' };

/** The file that tells `pnpm backup` and `pnpm restore` that a running server has the embedded database open. */
export function serverPidFile(dataDir: string): string {
  return path.join(dataDir, 'server.pid');
}

/** The pid of a live server using this DATA_DIR's embedded database, or null (a stale file from a crash is ignored). */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(serverPidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

export function backupDirectory(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** Writes through a temporary name and renames, so a crash never leaves half a backup that looks whole. */
async function writeAtomically(file: string, write: (temp: string) => Promise<void>): Promise<number> {
  const temp = `${file}.part`;
  try {
    await write(temp);
    await fsp.rename(temp, file);
  } catch (error) {
    await fsp.rm(temp, { force: true });
    throw error;
  }
  return (await fsp.stat(file)).size;
}

async function migrationCount(native: NativeClient): Promise<number> {
  const sql = 'select count(*)::int as n from drizzle.__drizzle_migrations';
  try {
    if (native.kind === 'pglite') return (await native.client.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
    return (await native.pool.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
  } catch {
    return 0;
  }
}

/** Is `pg_dump` on PATH? Answers its major version, or null. */
export function pgToolVersion(tool: 'pg_dump' | 'pg_restore'): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(tool, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? Number(/(\d+)(\.\d+)?/.exec(out)?.[1] ?? NaN) || null : null));
  });
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${tool} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' ')}`)),
    );
  });
}

/** The connection URL without its password (handed to pg tools through PGPASSWORD, never on the command line). */
function splitPassword(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

async function writeSqlDump(native: NativeClient, file: string, source: string): Promise<number> {
  const migrations = await migrationCount(native);
  return writeAtomically(file, async (temp) => {
    await withSnapshot(native, async (query) => {
      await pipeline(
        Readable.from(sqlDump(query, { source, migrations })),
        zlib.createGzip(),
        fs.createWriteStream(temp, { mode: 0o600 }),
      );
    });
  });
}

/**
 * Takes a backup of the open database into `dir` and answers the file. `format: 'sql'` forces the logical dump; otherwise the
 * embedded database dumps its data directory, and PostgreSQL uses pg_dump when it works (else the logical dump).
 */
export async function createBackup(
  database: Pick<Database, 'native'>,
  dir: string,
  options: { label?: BackupLabel; format?: 'auto' | 'sql'; log?: BackupLog; now?: Date } = {},
): Promise<BackupFile> {
  const { native } = database;
  await fsp.mkdir(dir, { recursive: true, mode: 0o700 });
  const base = path.join(dir, `halcyon-${options.label ?? 'manual'}-${stamp(options.now ?? new Date())}`);
  if (options.format === 'sql') {
    const file = `${base}${EXTENSIONS.sql}`;
    return { file, format: 'sql', bytes: await writeSqlDump(native, file, native.kind) };
  }
  if (native.kind === 'pglite') {
    const file = `${base}${EXTENSIONS.pglite}`;
    const bytes = await writeAtomically(file, async (temp) => {
      // Write dirty pages out first, so the archive needs little recovery when it is opened (it is consistent either way).
      await native.client.exec('CHECKPOINT').catch(() => undefined);
      const dump = await native.client.dumpDataDir('gzip');
      await fsp.writeFile(temp, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    });
    return { file, format: 'pglite', bytes };
  }
  if ((await pgToolVersion('pg_dump')) !== null) {
    const file = `${base}${EXTENSIONS.pg_dump}`;
    const { url, env } = splitPassword(native.url);
    try {
      const bytes = await writeAtomically(file, (temp) =>
        runTool(
          'pg_dump',
          ['--format=custom', '--no-owner', '--no-privileges', `--file=${temp}`, `--dbname=${url}`],
          env,
        ),
      );
      return { file, format: 'pg_dump', bytes };
    } catch (error) {
      options.log?.warn(
        `pg_dump could not back up this server (${error instanceof Error ? error.message : String(error)}); writing Halcyon's SQL dump instead.`,
      );
    }
  }
  const file = `${base}${EXTENSIONS.sql}`;
  return { file, format: 'sql', bytes: await writeSqlDump(native, file, 'postgres') };
}

/** Deletes the oldest backups with this label beyond `keep`; answers the deleted files. */
export async function pruneBackups(dir: string, label: BackupLabel, keep: number): Promise<string[]> {
  const names = (await fsp.readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.startsWith(`halcyon-${label}-`) && !name.endsWith('.part'))
    .sort();
  const old = names.slice(0, Math.max(0, names.length - keep)).map((name) => path.join(dir, name));
  await Promise.all(old.map((file) => fsp.rm(file, { force: true })));
  return old;
}

/** Which format a backup file is in, by its first bytes (and, for gzip, its name). */
export async function detectFormat(file: string): Promise<BackupFormat> {
  const handle = await fsp.open(file, 'r');
  try {
    const head = Buffer.alloc(16);
    await handle.read(head, 0, 16, 0);
    if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
    if (head.subarray(0, SQL_PREFIX.length).toString('utf8') === SQL_PREFIX) return 'sql';
    if (head[0] === 0x1f && head[1] === 0x8b) {
      if (file.endsWith('.tar.gz') || file.endsWith('.tgz')) return 'pglite';
      return 'sql';
    }
  } finally {
    await handle.close();
  }
  throw new Error(`${file} is not a Halcyon backup (expected .pglite.tar.gz, .pgdump or .sql.gz).`);
}
const SQL_PREFIX = '-- Halcyon';

/** Opens a PGlite from a data-directory backup: in memory (`dataDir` undefined) or into an empty directory. */
export async function openPgliteBackup(file: string, dataDir?: string): Promise<PGlite> {
  const bytes = await fsp.readFile(file);
  const loadDataDir = new Blob([bytes], { type: 'application/x-gzip' });
  const options = { loadDataDir, extensions: PGLITE_EXTENSIONS };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  return client;
}

function sqlLines(file: string): AsyncIterable<string> {
  const input = fs.createReadStream(file);
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 2, 0);
  fs.closeSync(fd);
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  return readline.createInterface({ input: gzipped ? input.pipe(zlib.createGunzip()) : input, crlfDelay: Infinity });
}

/** How many migrations this Halcyon knows (the committed journal). */
export function knownMigrations(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Loads a Halcyon SQL dump into a migrated database that holds no rows yet (a fresh one), all in one transaction. Refuses a
 * database with rows, and a dump taken by a newer Halcyon (more migrations than this one knows). The tables derived by
 * triggers (`Derived:`) are rebuilt from the rows restored; an older dump's rows of them are skipped.
 */
export async function restoreSqlDump(
  database: Pick<Database, 'native'>,
  file: string,
  knownMigrations: number,
): Promise<void> {
  const { native } = database;
  const query = queryOf(native);
  const tables = await describeTables(query);
  for (const table of tables) {
    const [row] = await query<{ any: boolean }>(
      `select exists(select 1 from "public"."${table.name.replaceAll('"', '""')}") as any`,
    );
    if (row?.any) {
      throw new Error(
        `The target database already holds data (table ${table.name}). Restore into a new, empty database.`,
      );
    }
  }
  // Only the tables a dump holds are filled: an older dump may hold the rows of a table derived now (the kept client
  // balances), which the restore rebuilds from the rows it restores, so those are skipped rather than counted twice.
  const fills = tables.map((table) => insertInto(table.name));
  const fillsDerivedTable = (line: string) =>
    line.startsWith('INSERT INTO ') && !fills.some((prefix) => line.startsWith(prefix));
  let header = '';
  let migrations: number | null = null;
  const client = native.kind === 'postgres' ? await native.pool.connect() : null;
  const exec = async (statement: string) => {
    if (client) await client.query(statement);
    else if (native.kind === 'pglite') await native.client.exec(statement);
  };
  let open = false;
  try {
    for await (const line of sqlLines(file)) {
      if (migrations === null) {
        header += `${line}\n`;
        if (line.startsWith('-- halcyon-migrations:')) {
          migrations = dumpMigrations(header);
          if (migrations === null) throw new Error(`${file} is not a Halcyon SQL dump.`);
          if (migrations > knownMigrations) {
            throw new Error(
              `${file} was made by a newer Halcyon (${migrations} database migrations; this one knows ${knownMigrations}). Update Halcyon first.`,
            );
          }
        } else if (!header.startsWith('-- Halcyon')) {
          throw new Error(`${file} is not a Halcyon SQL dump.`);
        }
        continue;
      }
      if (line === '' || line.startsWith('--') || fillsDerivedTable(line)) continue;
      if (line === 'BEGIN;') open = true;
      await exec(line);
      if (line === 'COMMIT;') open = false;
    }
    if (migrations === null) throw new Error(`${file} is not a Halcyon SQL dump.`);
    if (open) throw new Error(`${file} is cut short (no COMMIT at its end); nothing was restored.`);
  } catch (error) {
    if (open) await exec('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client?.release();
  }
}

/** Restores a pg_dump custom-format file into PostgreSQL, replacing what the dump holds, in one transaction. */
export async function restorePgDump(databaseUrl: string, file: string): Promise<void> {
  if ((await pgToolVersion('pg_restore')) === null) {
    throw new Error('pg_restore is not on PATH; install the PostgreSQL client tools to restore a .pgdump backup.');
  }
  const { url, env } = splitPassword(databaseUrl);
  await runTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${url}`,
      file,
    ],
    env,
  );
}
