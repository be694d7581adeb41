import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db';
import { createTestDatabase } from '../../test/database';
import type { MailMessage, MailTransport } from '../mail';
import { MailFailures } from '../mail/failures';
import { MAIL_QUEUE, QueuedMailer, mailJob } from '../mail/job';
import { Jobs, type JobDefinition } from './index';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const open: { jobs: Jobs[]; databases: Database[] } = { jobs: [], databases: [] };

afterEach(async () => {
  for (const jobs of open.jobs.splice(0)) await jobs.stop(1000);
  for (const database of open.databases.splice(0)) await database.close();
});

async function database(): Promise<Database> {
  const db = await createTestDatabase();
  open.databases.push(db);
  return db;
}

function jobsOn(db: Database, workers = true): Jobs {
  const jobs = new Jobs(db, { log: quiet, workers, pollingIntervalSeconds: 0.5 });
  open.jobs.push(jobs);
  return jobs;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function definition(
  name: string,
  handler: JobDefinition<{ n: number }>['handler'],
  retryLimit = 3,
): JobDefinition<{ n: number }> {
  return { name, retryLimit, retryDelaySeconds: 1, retryBackoff: true, expireInSeconds: 60, handler };
}

async function stateOf(db: Database, id: string): Promise<{ state: string; retry_count: number }> {
  const sql = 'select state, retry_count from pgboss.job where id = $1';
  const native = db.native;
  const rows =
    native.kind === 'pglite' ? (await native.client.query(sql, [id])).rows : (await native.pool.query(sql, [id])).rows;
  return rows[0] as { state: string; retry_count: number };
}

// Jobs poll and back off in whole seconds; a loaded machine (and the first test's database set-up) needs room.
describe('the job queue', { timeout: 120_000 }, () => {
  it('given a job that fails twice, when it runs, then it is retried with backoff and completes on the third try', async () => {
    const db = await database();
    const attempts: number[] = [];
    const jobs = jobsOn(db).define(
      definition('flaky', () => {
        attempts.push(Date.now());
        return attempts.length < 3 ? Promise.reject(new Error('not yet')) : Promise.resolve();
      }),
    );
    await jobs.start();
    const id = await jobs.send('flaky', { n: 1 });
    await until(async () => (await stateOf(db, id!)).state === 'completed');
    expect(attempts).toHaveLength(3);
    expect(await stateOf(db, id!)).toMatchObject({ state: 'completed', retry_count: 2 });
    // Backoff: the second pause is longer than the first.
    expect(attempts[2]! - attempts[1]!).toBeGreaterThan(attempts[1]! - attempts[0]! - 600);
  });

  it('given a job that always fails, then it stops after its retry limit in the failed state', async () => {
    const db = await database();
    let runs = 0;
    const jobs = jobsOn(db).define(
      definition(
        'broken',
        () => {
          runs += 1;
          return Promise.reject(new Error('always'));
        },
        1,
      ),
    );
    await jobs.start();
    const id = await jobs.send('broken', { n: 1 });
    await until(async () => (await stateOf(db, id!)).state === 'failed');
    expect(runs).toBe(2);
  });

  it('given a job stored while no worker runs, when a server with workers starts later, then it runs (jobs survive restarts)', async () => {
    const db = await database();
    const seen: number[] = [];
    const handler = ({ n }: { n: number }) => Promise.resolve(void seen.push(n));
    const before = jobsOn(db, false).define(definition('later', handler));
    await before.start();
    await before.send('later', { n: 42 });
    await before.stop(1000);
    expect(seen).toEqual([]);

    const after = jobsOn(db).define(definition('later', handler));
    await after.start();
    await until(() => seen.length === 1);
    expect(seen).toEqual([42]);
  });

  it('given two server instances on one database, when 12 jobs are sent, then each runs exactly once', async () => {
    const db = await database();
    const runs: { instance: string; n: number }[] = [];
    const make = (instance: string) =>
      jobsOn(db).define(
        definition('shared', async ({ n }) => {
          runs.push({ instance, n });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }),
      );
    const a = make('a');
    const b = make('b');
    await a.start();
    await b.start();
    for (let n = 0; n < 12; n += 1) await (n % 2 ? a : b).send('shared', { n });
    await until(() => runs.length >= 12);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual([...Array(12).keys()]);
  });

  it('given two instances enqueueing the same nightly slot, when both send it, then it is stored once (a singleton per slot)', async () => {
    const db = await database();
    const runs: number[] = [];
    const make = () => jobsOn(db).define(definition('nightly', ({ n }) => Promise.resolve(void runs.push(n))));
    const a = make();
    const b = make();
    await a.start();
    await b.start();
    const slot = { singletonKey: 'nightly-2026-11-22', singletonSeconds: 3600 };
    const first = await a.send('nightly', { n: 1 }, slot);
    const second = await b.send('nightly', { n: 2 }, slot);
    expect(first).toBeTypeOf('string');
    expect(second).toBeNull();
    await until(() => runs.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(runs).toEqual([1]);
  });

  it('given a worker in this process, when a job is sent, then it starts at once instead of at the next poll (e-mails arrive promptly)', async () => {
    const db = await database();
    const seen: number[] = [];
    const jobs = new Jobs(db, { log: quiet, workers: true, pollingIntervalSeconds: 60 });
    open.jobs.push(jobs);
    jobs.define(definition('prompt', ({ n }) => Promise.resolve(void seen.push(n))));
    await jobs.start();
    // Let the first poll (made when the worker starts) find nothing, so only the wake-up can start the job in time.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = Date.now();
    await jobs.send('prompt', { n: 7 });
    await until(() => seen.length === 1, 30_000);
    expect(seen).toEqual([7]);
    expect(Date.now() - sent).toBeLessThan(30_000);
  });

  it('given a running job, when the queue stops, then stop waits for the job to finish', async () => {
    const db = await database();
    let finished = false;
    let started = false;
    const jobs = jobsOn(db).define(
      definition('slow', async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 700));
        finished = true;
      }),
    );
    await jobs.start();
    await jobs.send('slow', { n: 1 });
    await until(() => started);
    await jobs.stop(5000);
    expect(finished).toBe(true);
  });
});

describe('e-mail through the job queue', { timeout: 120_000 }, () => {
  it('given a transport that fails twice, when a message is sent, then send returns at once and a worker delivers it once after retries', async () => {
    const db = await database();
    const delivered: MailMessage[] = [];
    let failures = 0;
    const transport: MailTransport = {
      kind: 'smtp',
      deliver: (message) => {
        if (failures < 2) {
          failures += 1;
          return Promise.reject(new Error('SMTP server unavailable'));
        }
        delivered.push(message);
        return Promise.resolve();
      },
      close: () => undefined,
    };
    const jobs = jobsOn(db).define(mailJob(transport, () => undefined, quiet, { limit: 5, delaySeconds: 1 }));
    await jobs.start();
    const mailer = new QueuedMailer(jobs, quiet);
    const message = { to: 'ada@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
    await mailer.send(message);
    expect(delivered).toEqual([]);
    await until(() => delivered.length === 1);
    expect(failures).toBe(2);
    expect(delivered).toEqual([message]);
  });

  it("given a transport that always fails, when the last try fails, then the message's undelivered handler is told once, with its data", async () => {
    const db = await database();
    let tries = 0;
    const transport: MailTransport = {
      kind: 'smtp',
      deliver: () => {
        tries += 1;
        return Promise.reject(new Error('mailbox unavailable'));
      },
      close: () => undefined,
    };
    const told: unknown[] = [];
    const failures = new MailFailures().on('invoice-email', (data) => {
      told.push(data);
      return Promise.resolve();
    });
    const jobs = jobsOn(db).define(mailJob(transport, () => failures, quiet, { limit: 1, delaySeconds: 1 }));
    await jobs.start();
    await new QueuedMailer(jobs, quiet).send({
      to: 'ada@example.com',
      subject: 'Reminder',
      text: 'Hi',
      html: '<p>Hi</p>',
      undelivered: { handler: 'invoice-email', data: { invoiceId: 7 } },
    });
    await until(() => told.length === 1);
    expect(tries).toBe(2);
    expect(told).toEqual([{ invoiceId: 7 }]);
  });

  it('given the queue cannot store the message, then send logs and does not throw', async () => {
    const errors: string[] = [];
    const mailer = new QueuedMailer(
      {
        send: () => Promise.reject(new Error('database down')),
      },
      { error: (_obj: unknown, msg?: string) => void errors.push(String(msg)) } as never,
    );
    await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't', html: 'h' })).resolves.toBeUndefined();
    expect(errors).toEqual(['e-mail could not be queued']);
    expect(MAIL_QUEUE).toBe('mail-send');
  });
});
