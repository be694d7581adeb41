import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import type { JobDefinition } from '../jobs';
import { NIGHTLY_KEEP, backupDirectory, createBackup, pruneBackups } from './index';

export const BACKUP_QUEUE = 'nightly-backup';
/** 02:30 UTC every night. */
export const BACKUP_CRON = '30 2 * * *';

/** The nightly backup: the same code as `pnpm backup`, into DATA_DIR/backups, keeping the newest 14 nightly files. */
export function backupJob(
  database: Pick<Database, 'native'>,
  dataDir: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  options: { cron?: string; keep?: number } = {},
): JobDefinition<Record<string, never>> {
  return {
    name: BACKUP_QUEUE,
    retryLimit: 3,
    retryDelaySeconds: 5 * 60,
    retryBackoff: true,
    expireInSeconds: 60 * 60,
    ...(options.cron === '' ? {} : { cron: options.cron ?? BACKUP_CRON }),
    handler: async () => {
      const dir = backupDirectory(dataDir);
      const backup = await createBackup(database, dir, {
        label: 'nightly',
        log: { info: (m) => log.info(m), warn: (m) => log.warn(m) },
      });
      const removed = await pruneBackups(dir, 'nightly', options.keep ?? NIGHTLY_KEEP);
      log.info(
        { backup: backup.file, bytes: backup.bytes, removed: removed.length },
        `nightly backup written to ${backup.file}`,
      );
    },
  };
}
