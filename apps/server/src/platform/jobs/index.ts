import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, NativeClient } from '../db';

/** What pg-boss needs from a database: one call that runs SQL (several statements when there are no values). */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss on the driver the app already uses, so no second pool and no socket server for the embedded database.
 * PostgreSQL: the app's pool (a query without values goes through the simple protocol, which runs pg-boss's multi-statement
 * scripts). PGlite: `query` for parameterised statements, `exec` for scripts; PGlite runs one statement at a time, and a
 * chain here keeps pg-boss's calls in order; a script that fails inside BEGIN is rolled back so the one shared session is
 * never left in an aborted transaction.
 */
export function bossDb(native: NativeClient): BossDb {
  if (native.kind === 'postgres') {
    return { executeSql: (text, values) => native.pool.query(text, values) };
  }
  const { client } = native;
  let queue: Promise<unknown> = Promise.resolve();
  const run = async (text: string, values?: unknown[]) => {
    if (values && values.length > 0) return client.query(text, values as never[]);
    try {
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    } catch (error) {
      if (!client.closed && client.isInTransaction()) await client.exec('ROLLBACK');
      throw error;
    }
  };
  return {
    executeSql: (text, values) => {
      const next = queue.then(() => run(text, values));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>;

export interface JobDefinition<T extends object> {
  /** The queue name: letters, digits, `_` and `-`. */
  name: string;
  /** How often a failing job is tried again, and the first pause in seconds (doubled each time with backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job running longer than this is failed (and retried). */
  expireInSeconds: number;
  /** A cron expression (UTC) that enqueues the job on a schedule; one instance enqueues it, whatever the instance count. */
  cron?: string;
  handler: JobHandler<T>;
  /** Called once a job has failed its last try (its error is logged already); a failure here is logged too. */
  onGiveUp?: (data: T) => Promise<void>;
}

export interface JobsOptions {
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Run workers and the scheduler in this process (JOBS_ENABLED); an instance without them can still enqueue. */
  workers: boolean;
  /** Seconds between polls for new jobs (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
}

/**
 * The durable job queue (ARCHITECTURE.md: reminders, expiry notices, e-mail, nightly backup) on pg-boss. Jobs are rows in
 * the `pgboss` schema of the same database, so they survive restarts; pg-boss fetches with SKIP LOCKED, so with several
 * server instances every job runs once; a failed job is retried with backoff up to its retry limit.
 */
export class Jobs {
  readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private started = false;
  private starting: Promise<void> | undefined;
  /** This process's worker per queue, woken at once when this process sends a job (other instances poll). */
  private readonly workers = new Map<string, string>();

  constructor(
    database: Pick<Database, 'native'>,
    private readonly options: JobsOptions,
  ) {
    this.boss = new PgBoss({
      db: bossDb(database.native),
      supervise: options.workers,
      schedule: options.workers,
      // Finished jobs can carry links with tokens (e-mails): archive them after an hour, delete archived ones after a day.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterHours: 24,
    });
    this.boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  }

  /** Declares a queue and its handler; call before start(). */
  define<T extends object>(definition: JobDefinition<T>): this {
    if (this.starting) throw new Error(`define ${definition.name} before the job queue starts`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    return this;
  }

  /** Installs or updates pg-boss's schema, creates the queues, and (with workers) starts polling and the schedules. */
  start(): Promise<void> {
    this.starting ??= this.begin();
    return this.starting;
  }

  private async begin(): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of this.definitions.values()) {
      const queue = {
        name: definition.name,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: definition.retryBackoff,
        expireInSeconds: definition.expireInSeconds,
      };
      // createQueue is a no-op when the queue exists; updateQueue keeps an existing one's policy in step with the code.
      await this.boss.createQueue(definition.name, queue);
      await this.boss.updateQueue(definition.name, queue);
      if (!this.options.workers) continue;
      if (definition.cron) await this.boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
      const workerId = await this.boss.work<object>(
        definition.name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          try {
            await definition.handler(job.data, { id: job.id, retryCount: job.retryCount });
          } catch (error) {
            const last = job.retryCount >= definition.retryLimit;
            this.options.log[last ? 'error' : 'warn'](
              { err: error, job: definition.name, jobId: job.id, attempt: job.retryCount + 1 },
              last ? `job ${definition.name} failed for good` : `job ${definition.name} failed; it will be retried`,
            );
            if (last && definition.onGiveUp) {
              await definition.onGiveUp(job.data).catch((failure: unknown) => {
                this.options.log.error({ err: failure, job: definition.name, jobId: job.id }, 'giving up failed');
              });
            }
            throw error;
          }
        },
      );
      this.workers.set(definition.name, workerId);
    }
  }

  /** Enqueues a job; resolves with its id once it is stored (it survives a restart from then on). */
  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`unknown job queue ${name}`);
    // A message sent while the queue is still starting (its queues may not exist yet) waits for the start.
    if (this.starting) await this.starting;
    const id = await this.boss.send(name, data, options);
    // A job for now (an e-mail) starts at once here instead of at the next poll; a delayed one waits for its time.
    const workerId = this.workers.get(name);
    if (id && workerId && options.startAfter === undefined) this.boss.notifyWorker(workerId);
    return id;
  }

  /** Stops fetching, waits for running jobs (up to `timeoutMs`), then returns; the database stays open. */
  async stop(timeoutMs = 10_000): Promise<void> {
    await this.starting?.catch(() => undefined);
    if (!this.started) return;
    this.started = false;
    this.starting = undefined;
    this.workers.clear();
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
  }
}
