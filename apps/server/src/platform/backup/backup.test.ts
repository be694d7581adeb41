import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { wrapPglite, type Database } from '../db';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, signIn } from '../../test/auth';
import { createTestDatabase } from '../../test/database';
import { NotificationService } from '../../domains/notifications/service';
import {
  createBackup,
  detectFormat,
  knownMigrations,
  openPgliteBackup,
  pgToolVersion,
  pruneBackups,
  restorePgDump,
  restoreSqlDump,
} from './index';
import { backupJob } from './job';
import { describeTables, queryOf } from './sql-dump';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-backup-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every row of every application table, as JSON, in a stable order. */
async function everyRow(database: Pick<Database, 'native'>): Promise<Record<string, string[]>> {
  const query = queryOf(database.native);
  const result: Record<string, string[]> = {};
  for (const table of await describeTables(query)) {
    const rows = await query<{ j: string }>(`select to_jsonb(t)::text as j from "public"."${table.name}" t`);
    result[table.name] = rows.map((r) => r.j).sort();
  }
  return result;
}

/** A practice with members, sessions, audit entries and notifications. */
async function practiceWithData(): Promise<TestApp> {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const therapist = memberOf(practice, 'Therapist');
  const tokens = await signIn(t.app, therapist.email);
  await t.app.inject({ method: 'GET', url: '/api/user-details', headers: bearer(tokens) });
  const notifications = new NotificationService(t.database.db);
  await notifications.create({
    practiceId: practice.practiceId,
    userId: therapist.userId,
    title: 'It’s “quoted”, with $$ and \\ and a\nnew line',
    content: '{"json": [1, 2]} \u00e9\u4e2d',
    category: 'warning',
  });
  return t;
}

async function freshDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  cleanup.push(() => database.close());
  return database;
}

describe('backup and restore', { timeout: 90_000 }, () => {
  it('given a practice with data, when a SQL backup is restored into a fresh database, then every row is there and new rows still fit', async () => {
    const t = await practiceWithData();
    const before = await everyRow(t.database);
    expect(before.users!.length).toBeGreaterThanOrEqual(3);
    expect(before.audit_log!.length).toBeGreaterThan(0);
    expect(before.notifications).toHaveLength(1);

    const backup = await createBackup(t.database, tempDir(), { format: 'sql' });
    expect(backup.format).toBe('sql');
    expect(path.basename(backup.file)).toMatch(/^halcyon-manual-\d{8}T\d{6}Z\.sql\.gz$/);
    expect(await detectFormat(backup.file)).toBe('sql');

    const target = await freshDatabase();
    await restoreSqlDump(target, backup.file, knownMigrations());
    expect(await everyRow(target)).toEqual(before);

    // Sequences follow the restored rows: a new notification gets a new id instead of a clash.
    const [member] = await queryOf(target.native)<{ id: number; practice_id: number }>(
      'select u.id, m.practice_id from users u join memberships m on m.user_id = u.id limit 1',
    );
    const created = await new NotificationService(target.db).create({
      practiceId: member!.practice_id,
      userId: member!.id,
      title: 'After restore',
      content: '',
    });
    expect(created.id).toBeGreaterThan(0);
  });

  it('given a database that already holds rows, when a SQL backup is restored into it, then it refuses and changes nothing', async () => {
    const t = await practiceWithData();
    const backup = await createBackup(t.database, tempDir(), { format: 'sql' });
    const before = await everyRow(t.database);
    await expect(restoreSqlDump(t.database, backup.file, knownMigrations())).rejects.toThrow(/already holds data/);
    expect(await everyRow(t.database)).toEqual(before);
  });

  it('given a backup made by a newer Halcyon or a file that is not a backup, when restoring, then it refuses with a sentence', async () => {
    const t = await practiceWithData();
    const dir = tempDir();
    const backup = await createBackup(t.database, dir, { format: 'sql' });
    const target = await freshDatabase();
    await expect(restoreSqlDump(target, backup.file, 1)).rejects.toThrow(/newer Halcyon/);
    const bogus = path.join(dir, 'notes.txt');
    fs.writeFileSync(bogus, 'hello');
    await expect(detectFormat(bogus)).rejects.toThrow(/not a Halcyon backup/);
    expect(await everyRow(target)).toEqual(await everyRow(await freshDatabase()));
  });

  it('given the embedded database, when its data directory is backed up and opened again, then every row is there', async (context) => {
    const t = await practiceWithData();
    if (t.database.native.kind !== 'pglite') return context.skip();
    const before = await everyRow(t.database);
    const backup = await createBackup(t.database, tempDir());
    expect(backup.format).toBe('pglite');
    expect(await detectFormat(backup.file)).toBe('pglite');
    const restored = wrapPglite(await openPgliteBackup(backup.file));
    cleanup.push(() => restored.close());
    expect(await everyRow(restored)).toEqual(before);
  });

  it('given PostgreSQL and pg_dump, when a pg_dump backup is restored into a fresh database, then every row is there', async (context) => {
    const t = await practiceWithData();
    if (t.database.native.kind !== 'postgres' || (await pgToolVersion('pg_restore')) === null) return context.skip();
    const before = await everyRow(t.database);
    const backup = await createBackup(t.database, tempDir());
    const target = await freshDatabase();
    if (backup.format === 'pg_dump' && target.native.kind === 'postgres') {
      await restorePgDump(target.native.url, backup.file);
    } else {
      await restoreSqlDump(target, backup.file, knownMigrations());
    }
    expect(await everyRow(target)).toEqual(before);
  });

  it('given 16 nightly backups, when the nightly job runs, then a new one is written and only the newest 14 nightly ones stay', async () => {
    const t = await createTestApp();
    await seedPractice(t);
    const dir = path.join(t.config.DATA_DIR, 'backups');
    fs.mkdirSync(dir, { recursive: true });
    for (let day = 1; day <= 16; day += 1) {
      fs.writeFileSync(path.join(dir, `halcyon-nightly-202601${String(day).padStart(2, '0')}T023000Z.sql.gz`), 'old');
    }
    fs.writeFileSync(path.join(dir, 'halcyon-manual-20250101T000000Z.sql.gz'), 'kept');
    const logged: string[] = [];
    const job = backupJob(t.database, t.config.DATA_DIR, {
      info: (_obj: unknown, message?: string) => void logged.push(String(message)),
      warn: () => undefined,
    } as never);
    expect(job.cron).toBe('30 2 * * *');
    await job.handler({}, { id: 'x', retryCount: 0 });
    const names = fs.readdirSync(dir).sort();
    const nightly = names.filter((n) => n.startsWith('halcyon-nightly-'));
    expect(nightly).toHaveLength(14);
    expect(nightly[0]).toBe('halcyon-nightly-20260104T023000Z.sql.gz');
    expect(names).toContain('halcyon-manual-20250101T000000Z.sql.gz');
    expect(logged.some((m) => m.startsWith('nightly backup written to'))).toBe(true);
    expect(await pruneBackups(dir, 'nightly', 14)).toEqual([]);
  });
});
