import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { createTestDatabase } from '../../test/database';
import { IDEMPOTENCY_RETENTION_HOURS, expireIdempotencyKeys, idempotencyExpiryJob, idempotent } from './idempotency';
import { idempotencyKeys } from './schema';

const HOUR = 3_600_000;
let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('idempotency keys expire after their retention', { timeout: 60_000 }, () => {
  it('given keys older and younger than 24 hours, when the expiry runs, then only the old ones go and a retry after it runs afresh', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const now = new Date();
    let writes = 0;
    const write = () =>
      idempotent(db, { practiceId: 1, key: 'pay-1', route: 'recordPayment', request: { amountMinor: 100 } }, () => {
        writes += 1;
        return Promise.resolve({ id: writes });
      });
    await write();
    expect((await write()).replayed).toBe(true);
    await db.insert(idempotencyKeys).values([
      {
        practiceId: 1,
        key: 'old',
        route: 'recordPayment',
        requestHash: 'h',
        createdAt: new Date(now.getTime() - 25 * HOUR),
      },
      {
        practiceId: 2,
        key: 'young',
        route: 'recordPayment',
        requestHash: 'h',
        createdAt: new Date(now.getTime() - 23 * HOUR),
      },
    ]);

    expect(await expireIdempotencyKeys(db, now)).toBe(1);
    expect((await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((row) => row.key).sort()).toEqual([
      'pay-1',
      'young',
    ]);
    // A day on, the first key has gone too: the same key is a new request.
    expect(await expireIdempotencyKeys(db, new Date(now.getTime() + (IDEMPOTENCY_RETENTION_HOURS + 1) * HOUR))).toBe(2);
    expect(await write()).toEqual({ result: { id: 2 }, replayed: false });
  });

  it('runs hourly on the job queue', async () => {
    database = await createTestDatabase();
    const job = idempotencyExpiryJob(database.db);
    expect(job).toMatchObject({ name: 'idempotency-key-expiry', cron: '41 * * * *' });
    await database.db.insert(idempotencyKeys).values({
      practiceId: 1,
      key: 'stale',
      route: 'recordPayment',
      requestHash: 'h',
      createdAt: new Date(Date.now() - 48 * HOUR),
    });
    await job.handler({}, { id: 'job-1', retryCount: 0 });
    expect(await database.db.select().from(idempotencyKeys)).toEqual([]);
  });
});
