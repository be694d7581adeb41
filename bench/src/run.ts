/**
 * Benchmarks with budgets (QUALITY.md). `pnpm bench` runs every benchmark; `pnpm bench:api` the API ones. Each starts the
 * built server (run `pnpm build` first) with a scratch database: the embedded one, or a throwaway database on the PostgreSQL
 * server of DATABASE_URL. It generates a small and a large practice (fixed seeds), loads the authenticated reads of both with
 * autocannon in one run, and prints a table: p99, throughput against `/api/health`, and the large/small growth ratio.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type StartedServer } from '../../tooling/testing/built-server';
import { measure, printTable, type Row } from './measure';
import {
  bookingSlotsPath,
  busiestClientId,
  generatePractice,
  invoicePaths,
  PRACTICE_SIZES,
  scratchDatabase,
  signedInMemberId,
  signInToGenerated,
  type PracticeSize,
} from './practice';

/** QUALITY.md: authenticated reads p99 <= 25 ms on PostgreSQL, <= 50 ms on the embedded database. */
const READ_P99_BUDGET_MS = process.env.DATABASE_URL ? 25 : 50;
/**
 * QUALITY.md: throughput >= 25% of an unauthenticated /api/health in the same run, on PostgreSQL. The embedded database's
 * budget is the p99 alone (it answers one query at a time inside the server's own thread, so health, which asks it nothing,
 * is no yardstick there); its share is still printed.
 */
const THROUGHPUT_RATIO_BUDGET = process.env.DATABASE_URL ? 0.25 : undefined;
/** QUALITY.md: growth, large practice against small, p99 ratio <= 1.5 for every read. */
const GROWTH_BUDGET = 1.5;
const CONNECTIONS = 32;
/**
 * BENCH_ONLY=part[,part...] measures only the reads whose name contains one of the parts (health is always measured), e.g.
 * `BENCH_ONLY=sessions/ pnpm bench:api` while working on one read; the budgets need the whole run.
 */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const selected = (read: Read) => !ONLY.length || ONLY.some((part) => read.name.includes(part));

/** Cold start on the embedded database that is already migrated and empty: a first start creates it, the second is timed. */
async function coldStartMs(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-bench-'));
  try {
    await (await startBuiltServer({ LOG_LEVEL: 'silent', DATABASE_URL: undefined }, { dataDir })).stop();
    const started = performance.now();
    const server = await startBuiltServer({ LOG_LEVEL: 'silent', DATABASE_URL: undefined }, { dataDir });
    const elapsed = Math.round(performance.now() - started);
    await server.stop();
    return elapsed;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A week of the generated practices' diary (Monday to Sunday, Europe/London, which is UTC in January). */
const BUSY_WEEK = { start: '2026-01-05T00:00:00.000Z', end: '2026-01-11T23:59:59.999Z' } as const;

/** The dashboard's reads: one per /Dashboard card, and /Dashboard2's figures. */
const DASHBOARD_READS = [
  'today-sessions',
  'pending-requests',
  'notes-due',
  'tasks-due',
  'high-risk',
  'overdue-invoices',
  'compliance-expiring',
  'insights',
] as const;

interface Read {
  /** The read's name without the practice size, e.g. "GET /api/clients?page=1". */
  name: string;
  path: string;
}

/** The authenticated reads of QUALITY.md that exist so far, for one generated practice. */
async function readsFor(server: StartedServer, headers: Record<string, string>): Promise<Read[]> {
  const clientId = await busiestClientId(server.url, headers);
  const invoices = await invoicePaths(server.url, headers);
  const memberId = await signedInMemberId(server.url, headers);
  return [
    { name: 'GET /api/user-details', path: '/api/user-details' },
    { name: 'GET /api/notifications/count', path: '/api/notifications/count' },
    { name: 'GET /api/clients?page=1 (client list page)', path: '/api/clients?page=1&pageSize=25' },
    { name: 'GET /api/clients/single-client/:id', path: `/api/clients/single-client/${clientId}` },
    {
      name: "GET /api/clients/sessions/retrieve/:id (a client's sessions, first page of 25)",
      path: `/api/clients/sessions/retrieve/${clientId}?limit=25`,
    },
    {
      name: "GET /api/clients/sessions/summary/:id (a client's session counts, next and last)",
      path: `/api/clients/sessions/summary/${clientId}`,
    },
    {
      // The week after the generator's base day (1 January 2026): the signed-in member's sessions, supervision, admin
      // and blocked time, as the /Schedule week view opens on them (its default member).
      name: "GET /api/appointments/retrieve-events/:start/:end (a busy week of the member's diary, /Schedule)",
      path: `/api/appointments/retrieve-events/${BUSY_WEEK.start}/${BUSY_WEEK.end}?therapistId=${memberId}`,
    },
    { name: 'GET /api/billing-payment/invoices (first page)', path: invoices.list },
    { name: 'GET /api/billing-payment/invoice/:id', path: invoices.one },
    // The /Dashboard cards and the /Dashboard2 insights (CATALOG.md Dashboards), as the signed-in Admin reads them.
    ...DASHBOARD_READS.map((read) => ({ name: `GET /api/dashboard/${read}`, path: `/api/dashboard/${read}` })),
    {
      name: "GET /api/book/:slug/slots (public booking page: a week's free times)",
      path: await bookingSlotsPath(server.url, headers),
    },
  ];
}

interface Measured {
  read: Read;
  size: PracticeSize;
  requestsPerSecond: number;
  p99: number;
}

async function apiBenchmarks(): Promise<Row[]> {
  // BENCH_COLD_START=0 leaves the cold start out (a loaded machine can take longer than the start-up wait).
  const coldStart = process.env.BENCH_COLD_START === '0' ? NaN : await coldStartMs();
  const database = await scratchDatabase();
  try {
    // Both practices go into the one database, as a hosted service holds them: a small practice must not pay for a
    // large one beside it, so each read is measured per practice in the same database and the same run.
    for (const size of PRACTICE_SIZES) {
      const seconds = await generatePractice(database, size);
      console.info(
        `Generated the ${size.label} practice (${size.clients} clients) into the one ${database.label} database in ${seconds.toFixed(1)} s.`,
      );
    }
    const server = await startBuiltServer({ LOG_LEVEL: 'silent', ...database.env }, { dataDir: database.dataDir });
    try {
      const health = await measure('GET /api/health (unauthenticated)', `${server.url}/api/health`, {
        connections: CONNECTIONS,
      });
      const measured: Measured[] = [];
      for (const size of PRACTICE_SIZES) {
        const headers = await signInToGenerated(server.url, size);
        for (const read of (await readsFor(server, headers)).filter(selected)) {
          const result = await measure(`${read.name} [${size.label}]`, `${server.url}${read.path}`, {
            connections: CONNECTIONS,
            headers,
          });
          measured.push({ read, size, requestsPerSecond: result.requestsPerSecond, p99: result.p99 });
        }
      }
      return [
        { ...health, budget: 'baseline', ok: true },
        ...readRows(measured, health.requestsPerSecond),
        ...growthRows(measured),
        ...(Number.isNaN(coldStart)
          ? []
          : [
              {
                name: `cold start to first 200 /api/health (embedded, migrated)`,
                requestsPerSecond: NaN,
                p99: coldStart,
                budget: '<= 3000 ms',
                ok: coldStart <= 3000,
              },
            ]),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

/** Each read's p99 against its budget, and its throughput as a share of /api/health's (in the budget column). */
function readRows(measured: Measured[], healthRequestsPerSecond: number): Row[] {
  return measured.map((m) => {
    const ratio = m.requestsPerSecond / healthRequestsPerSecond;
    const p99Ok = m.p99 <= READ_P99_BUDGET_MS;
    const ratioOk = THROUGHPUT_RATIO_BUDGET === undefined || ratio >= THROUGHPUT_RATIO_BUDGET;
    const share = `${(ratio * 100).toFixed(0)}% of health`;
    return {
      name: `${m.read.name} [${m.size.label}, ${m.size.clients} clients]`,
      requestsPerSecond: m.requestsPerSecond,
      p99: m.p99,
      budget:
        THROUGHPUT_RATIO_BUDGET === undefined
          ? `p99 <= ${READ_P99_BUDGET_MS} ms (${share})`
          : `p99 <= ${READ_P99_BUDGET_MS} ms; ${share} (>= ${THROUGHPUT_RATIO_BUDGET * 100}%)`,
      ok: p99Ok && ratioOk,
    };
  });
}

/** Large against small, per read: the p99 ratio (in the p99 column). */
function growthRows(measured: Measured[]): Row[] {
  const [small, large] = PRACTICE_SIZES;
  if (!small || !large) return [];
  return measured
    .filter((m) => m.size === large)
    .map((m) => {
      const base = measured.find((other) => other.size === small && other.read.name === m.read.name);
      // p99 comes in whole milliseconds: a floor of 1 ms keeps a 0 ms small-practice figure from dividing by zero.
      const ratio = base ? m.p99 / Math.max(base.p99, 1) : NaN;
      return {
        name: `growth ${m.read.name}: large / small p99`,
        requestsPerSecond: NaN,
        p99: Number(ratio.toFixed(2)),
        budget: `<= ${GROWTH_BUDGET} (ratio, in the p99 column)`,
        ok: ratio <= GROWTH_BUDGET,
      };
    });
}

const mode = process.argv[2] ?? 'all';
const rows: Row[] = [];
if (mode === 'all' || mode === 'api') rows.push(...(await apiBenchmarks()));
printTable(rows);
if (process.env.BENCH_STRICT === '1' && rows.some((row) => !row.ok)) process.exit(1);
