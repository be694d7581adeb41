import fs from 'node:fs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './platform/config';
import { openDatabase, type Database } from './platform/db';
import { EMBEDDED_UPKEEP_QUEUE, embeddedUpkeepJob } from './platform/db/upkeep';
import { Jobs } from './platform/jobs';
import { createMailTransport } from './platform/mail';
import { QueuedMailer, mailJob } from './platform/mail/job';
import { backupJob } from './platform/backup/job';
import { idempotencyExpiryJob } from './platform/http/idempotency';
import { serverPidFile } from './platform/backup';
import { seedDemoPractice, writeDemoFiles } from './domains/practice/demo';
import { measureScheduleJob } from './domains/measures/job';
import { RISK_REVIEW_QUEUE, riskReviewJob } from './domains/risk/overdue';
import { externalCalendarJob } from './domains/scheduling/feeds/job';
import { sessionReminderJobs } from './domains/scheduling/policies';
import { complianceExpiryJob } from './domains/workspace/learning';
import { invoiceReminderJob } from './domains/billing/ledger';
import { payLinksOf } from './domains/billing/pay-links';

export interface RunningServer {
  app: FastifyInstance;
  database: Database;
  jobs: Jobs;
  url: string;
  /** Stops taking requests (new ones get 503), drains in-flight ones and running jobs within the grace period, closes the database. */
  stop(): Promise<void>;
}

/** A logger that writes to the app's logger once it exists (the job queue is made before the app). */
function deferredLog(target: () => FastifyBaseLogger | undefined): Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> {
  const forward =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const log = target();
      if (log) log[level](...(args as [string]));
      else if (level !== 'info') process.stderr.write(`${JSON.stringify(args)}\n`);
    };
  return { info: forward('info'), warn: forward('warn'), error: forward('error') } as Pick<
    FastifyBaseLogger,
    'info' | 'warn' | 'error'
  >;
}

/** Opens and migrates the database, starts the job queue, builds the app and listens. */
export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(config);
  await database.migrate();
  // Demo mode only: production start never creates accounts (QUALITY.md security 17).
  const seeded = config.HALCYON_DEMO ? await seedDemoPractice(database.db) : false;

  const built: { app?: FastifyInstance } = {};
  const log = deferredLog(() => built.app?.log);
  const jobs = new Jobs(database, { log, workers: config.JOBS_ENABLED });
  const transport = createMailTransport(config, log);
  jobs.define(mailJob(transport, () => built.app?.platform.mailFailures, log));
  // The nightly backup runs on the embedded database; a PostgreSQL service keeps its own backups (pnpm backup still works).
  jobs.define(backupJob(database, config.DATA_DIR, log, database.kind === 'pglite' ? {} : { cron: '' }));
  // Scheduled outcome measures: every 15 minutes, the links that fall due are e-mailed (the app's platform once it is built).
  jobs.define(measureScheduleJob(() => built.app?.platform));
  // Overdue risk reviews: a notification for the client's therapist, hourly and once at start-up.
  jobs.define(riskReviewJob(() => built.app?.platform));
  // External calendars: busy times imported again about hourly (checked every 15 minutes).
  jobs.define(externalCalendarJob(() => built.app?.platform));
  // Session reminders: every 5 minutes the due ones are stored, and each is e-mailed as its own job, with retries.
  const [remindersDue, reminderSend] = sessionReminderJobs(jobs, () => built.app?.platform, transport);
  jobs.define(remindersDue).define(reminderSend);
  // Licence and compliance records: a notification 60 days before each expires, checked hourly.
  jobs.define(complianceExpiryJob(() => built.app?.platform));
  // Invoice payment reminders: hourly, the practices' reminder rules for issued, unpaid invoices.
  jobs.define(invoiceReminderJob(() => built.app?.platform, payLinksOf));
  // Idempotency keys: hourly, the keys older than their 24-hour retention are deleted.
  jobs.define(idempotencyExpiryJob(database.db));
  // The embedded database has no autovacuum: every 15 minutes and at start-up, its grown tables are vacuumed and analysed.
  const native = database.native;
  if (native.kind === 'pglite') jobs.define(embeddedUpkeepJob(native.client, log));
  // The queue starts while the app is built and starts listening (a message sent meanwhile waits for it), which keeps the
  // cold start to the first answer short; a failure still stops the start-up below.
  const jobsStarted = jobs.start();
  jobsStarted.catch(() => undefined);

  const app = await buildApp({ config, database, mailer: new QueuedMailer(jobs, log) });
  built.app = app;
  if (seeded) {
    await writeDemoFiles(database.db, app.platform.storage);
    app.log.info('demo practice created: the login screen lists its three sign-ins');
  }
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  try {
    await jobsStarted;
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  if (config.JOBS_ENABLED) {
    await jobs.send(RISK_REVIEW_QUEUE, {});
    if (native.kind === 'pglite') await jobs.send(EMBEDDED_UPKEEP_QUEUE, {});
  }
  if (database.kind === 'pglite') fs.writeFileSync(serverPidFile(config.DATA_DIR), String(process.pid));
  const running = app;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const timer = setTimeout(() => {
        running.log.warn('shutdown grace period over; closing remaining connections');
        running.server.closeAllConnections();
      }, config.SHUTDOWN_GRACE_MS);
      timer.unref();
      await Promise.all([running.close(), jobs.stop(config.SHUTDOWN_GRACE_MS)]);
      clearTimeout(timer);
      await database.close();
      if (database.kind === 'pglite') fs.rmSync(serverPidFile(config.DATA_DIR), { force: true });
    })();
    return stopping;
  };
  return { app: running, database, jobs, url, stop };
}
