/**
 * Benchmarks with budgets (QUALITY.md). `pnpm bench` runs every benchmark; `pnpm bench:api` the API ones.
 * Each starts the built server (run `pnpm build` first) on a free port with a temporary DATA_DIR and prints a table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer } from '../../tooling/testing/built-server';
import { signInAsDemo } from './auth';
import { measure, printTable, type Row } from './measure';

/** QUALITY.md: authenticated reads p99 <= 25 ms on PostgreSQL, <= 50 ms on the embedded database; throughput >= 25% of health. */
const READ_P99_BUDGET_MS = process.env.DATABASE_URL ? 25 : 50;
const THROUGHPUT_RATIO_BUDGET = 0.25;

/** Cold start on the embedded database that is already migrated and empty: a first start creates it, the second is timed. */
async function coldStartMs(): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-bench-'));
  try {
    await (await startBuiltServer({ LOG_LEVEL: 'silent' }, { dataDir })).stop();
    const started = performance.now();
    const server = await startBuiltServer({ LOG_LEVEL: 'silent' }, { dataDir });
    const elapsed = Math.round(performance.now() - started);
    await server.stop();
    return elapsed;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The id of the first client on the list's first page (the demo practice has clients). */
async function firstClientId(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(`${baseUrl}/api/clients?page=1&pageSize=1`, { headers });
  if (!response.ok) throw new Error(`client list: HTTP ${response.status} ${await response.text()}`);
  const page = (await response.json()) as { items: { id: number }[] };
  const id = page.items[0]?.id;
  if (id === undefined) throw new Error('the demo practice has no clients');
  return id;
}

async function apiBenchmarks(): Promise<Row[]> {
  const coldStart = await coldStartMs();
  const server = await startBuiltServer({ LOG_LEVEL: 'silent', HALCYON_DEMO: 'true' });
  try {
    const health = await measure('GET /api/health', `${server.url}/api/health`, { connections: 32 });
    const headers = await signInAsDemo(server.url);
    const userDetails = await measure('GET /api/user-details (signed in)', `${server.url}/api/user-details`, {
      connections: 32,
      headers,
    });
    const notificationsCount = await measure(
      'GET /api/notifications/count (signed in)',
      `${server.url}/api/notifications/count`,
      { connections: 32, headers },
    );
    const clientList = await measure('GET /api/clients?page=1 (signed in)', `${server.url}/api/clients?page=1`, {
      connections: 32,
      headers,
    });
    const firstClient = await firstClientId(server.url, headers);
    const singleClient = await measure(
      'GET /api/clients/single-client/:id (signed in)',
      `${server.url}/api/clients/single-client/${firstClient}`,
      { connections: 32, headers },
    );
    const ratio = userDetails.requestsPerSecond / health.requestsPerSecond;
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded';
    console.info(
      `GET /api/user-details (${database}): p99 ${userDetails.p99} ms, ${Math.round(userDetails.requestsPerSecond)} req/s = ${(ratio * 100).toFixed(0)}% of /api/health (${Math.round(health.requestsPerSecond)} req/s) in the same run`,
    );
    return [
      { ...health, budget: 'baseline', ok: true },
      {
        ...userDetails,
        budget: `p99 <= ${READ_P99_BUDGET_MS} ms`,
        ok: userDetails.p99 <= READ_P99_BUDGET_MS,
      },
      {
        ...notificationsCount,
        budget: `p99 <= ${READ_P99_BUDGET_MS} ms`,
        ok: notificationsCount.p99 <= READ_P99_BUDGET_MS,
      },
      ...[clientList, singleClient].map((row) => ({
        ...row,
        budget: `p99 <= ${READ_P99_BUDGET_MS} ms`,
        ok: row.p99 <= READ_P99_BUDGET_MS,
      })),
      {
        name: 'GET /api/user-details throughput / GET /api/health',
        requestsPerSecond: NaN,
        p99: Number(ratio.toFixed(2)),
        budget: `>= ${THROUGHPUT_RATIO_BUDGET} (ratio, in the p99 column)`,
        ok: ratio >= THROUGHPUT_RATIO_BUDGET,
      },
      {
        name: 'cold start to first 200 /api/health (embedded, migrated)',
        requestsPerSecond: NaN,
        p99: coldStart,
        budget: '<= 3000 ms',
        ok: coldStart <= 3000,
      },
    ];
  } finally {
    await server.stop();
  }
}

const mode = process.argv[2] ?? 'all';
const rows: Row[] = [];
if (mode === 'all' || mode === 'api') rows.push(...(await apiBenchmarks()));
printTable(rows);
if (process.env.BENCH_STRICT === '1' && rows.some((row) => !row.ok)) process.exit(1);
