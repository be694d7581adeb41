/**
 * Benchmarks with budgets (QUALITY.md). `pnpm bench` runs every benchmark; `pnpm bench:api` the API ones. Each starts the
 * built server (run `pnpm build` first) with a scratch database: the embedded one, or a throwaway database on the PostgreSQL
 * server of DATABASE_URL. It generates a small and a large practice (fixed seeds), loads the authenticated reads and the
 * writes of both with autocannon in one run, and prints a table: p99, throughput against `/api/health`, and the
 * large/small growth ratio of the reads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBuiltServer, type StartedServer } from '../../tooling/testing/built-server';
import { measure, printTable, type RequestChange, type Row } from './measure';
import {
  addWritesClients,
  attendedSessionsWithoutNote,
  bookingSlotsPath,
  busiestClientId,
  generatePractice,
  invoicePaths,
  notedSessionCount,
  paymentCount,
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
/** QUALITY.md: a write (create session note; record payment) p99 <= 40 ms at 16 connections, on either database. */
const WRITE_P99_BUDGET_MS = 40;
const WRITE_CONNECTIONS = 16;
/**
 * Attended sessions without a note prepared per practice for the note write (BENCH_NOTE_SESSIONS): one note each, so more
 * than the warm-up and the measured run write together (over 2,000 a second on the bench machine); the run fails, saying
 * so, if they run out. Two blocks of series (24,960 sessions) fit in the years before the generated diary.
 */
const NOTE_SESSIONS = Number(process.env.BENCH_NOTE_SESSIONS ?? 20000);
/**
 * BENCH_ONLY=part[,part...] measures only the reads and writes whose name contains one of the parts (health is always
 * measured), e.g. `BENCH_ONLY=sessions/ pnpm bench:api` while working on one read, `BENCH_ONLY=write:` for the writes; the
 * budgets need the whole run.
 */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const selected = (load: { name: string }) => !ONLY.length || ONLY.some((part) => load.name.includes(part));

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
    { name: 'GET /api/messages/count (the /Dashboard unread messages card)', path: '/api/messages/count' },
    {
      name: "GET /api/book/:slug/slots (public booking page: a week's free times)",
      path: await bookingSlotsPath(server.url, headers),
    },
  ];
}

/** A write of QUALITY.md, loaded on clients the benchmark adds to the practice (addWritesClients). */
interface Write {
  /** The write's name without the practice size. */
  name: string;
  /** How many of the added clients it writes for (the rest stay untouched). */
  clients: number;
  /** Makes what the requests need; answers the first request's path and body, and what changes in each request. */
  prepare(
    baseUrl: string,
    headers: Record<string, string>,
    clientIds: readonly number[],
  ): Promise<{ path: string; body: unknown; eachRequest: () => RequestChange }>;
  /** The rows the write has made for one client, counted through the API. */
  count(baseUrl: string, headers: Record<string, string>, clientId: number): Promise<number>;
}

/** A SOAP note of an ordinary length, as the note editor sends it. */
const NOTE_HTML = [
  [
    'Subjective',
    'Client reported a difficult week at work and poorer sleep; the worry about the review came up often.',
  ],
  ['Objective', 'Engaged and reflective; tearful when talking about her father; no risk indicators observed.'],
  ['Assessment', 'Anxiety remains moderate; she is using the grounding exercise and noticing early signs sooner.'],
  ['Plan', 'Continue weekly sessions; practise the worry-time exercise daily; review the GAD-7 next session.'],
]
  .map(([heading, text]) => `<h3>${heading}</h3><p>${text}</p>`)
  .join('');

/** Today as `YYYY-MM-DD` (UTC, never ahead of the practice's day in Europe/London). */
const today = () => new Date().toISOString().slice(0, 10);

/** The writes of QUALITY.md: create a session note, record a payment. */
const WRITES: Write[] = [
  {
    // What a therapist does after a session: open an attended session that has no note yet and start its note. A
    // session has one note (a second create answers 409), so each request takes its own prepared session; later edits
    // of a note update its row and create none.
    name: 'POST /api/clients/sessions/note/create/:sessionId (write: create session note)',
    clients: 1,
    prepare: async (baseUrl, headers, [clientId]) => {
      const sessionIds = await attendedSessionsWithoutNote(baseUrl, headers, clientId!, NOTE_SESSIONS);
      let next = 0;
      return {
        path: `/api/clients/sessions/note/create/${sessionIds[0]}`,
        body: { template: 'SOAP', contentHtml: NOTE_HTML },
        eachRequest: () => {
          const sessionId = sessionIds[next++];
          if (sessionId === undefined) {
            throw new Error(`all ${sessionIds.length} prepared sessions have their note: raise BENCH_NOTE_SESSIONS`);
          }
          return { path: `/api/clients/sessions/note/create/${sessionId}` };
        },
      };
    },
    count: notedSessionCount,
  },
  {
    // A client's payment taken at the desk, recorded on account (no invoice ticked): it becomes the client's credit,
    // which their next invoice uses. Settling an invoice instead could be done only as often as there are unpaid
    // invoices, which the small practice has few of. Each request is a new payment with its own Idempotency-Key; a
    // repeated key would be a retry, answered from the stored answer without a new row. The payments go round one
    // client per connection, as sixteen desks take sixteen clients' payments: one client's payments take turns on
    // its balance row, which sixteen at once for one client never ask of it.
    name: 'POST /api/billing-payment/payments (write: record payment)',
    clients: WRITE_CONNECTIONS,
    prepare: (_baseUrl, _headers, clientIds) => {
      const run = `bench-${process.pid}-${Date.now()}`;
      const body = (clientId: number) => ({
        clientId,
        amountMinor: 6500,
        currency: 'GBP',
        date: today(),
        method: 'card',
        reference: '',
      });
      let next = 0;
      return Promise.resolve({
        path: '/api/billing-payment/payments',
        body: body(clientIds[0]!),
        eachRequest: () => {
          const n = next++;
          return {
            headers: { 'Idempotency-Key': `${run}-${n}` },
            body: body(clientIds[n % clientIds.length]!),
          };
        },
      });
    },
    count: paymentCount,
  },
];

interface Measured {
  read: Read;
  size: PracticeSize;
  requestsPerSecond: number;
  p99: number;
}

interface MeasuredWrite {
  write: Write;
  size: PracticeSize;
  requestsPerSecond: number;
  p99: number;
}

/**
 * A count taken again every half second until it stops changing: the requests in flight when a load stops are still
 * being written by the server for a moment.
 */
async function settledCount(count: () => Promise<number>): Promise<number> {
  let before = await count();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await count();
    if (now === before) return now;
    before = now;
  }
}

/**
 * Loads each selected write on a client added to the practice, then counts what it made through the API: one row per 2xx
 * answer, plus at most the requests still in flight when the load stopped (written, so made, but answered to nobody).
 */
async function measureWrites(server: StartedServer, headers: Record<string, string>, size: PracticeSize) {
  const writes = WRITES.filter(selected);
  if (!writes.length) return [];
  const clientIds = await addWritesClients(server.url, headers, Math.max(...writes.map((write) => write.clients)));
  const measured: MeasuredWrite[] = [];
  for (const write of writes) {
    const started = performance.now();
    const ofWrite = clientIds.slice(0, write.clients);
    const load = await write.prepare(server.url, headers, ofWrite);
    const preparing = ((performance.now() - started) / 1000).toFixed(1);
    const name = `${write.name} [${size.label}]`;
    const result = await measure(name, `${server.url}${load.path}`, {
      connections: WRITE_CONNECTIONS,
      method: 'POST',
      headers,
      body: load.body,
      eachRequest: load.eachRequest,
    });
    const made = await settledCount(async () => {
      let rows = 0;
      for (const clientId of ofWrite) rows += await write.count(server.url, headers, clientId);
      return rows;
    });
    console.info(
      `${name}: ${made} rows made for ${result.answered} 2xx answers (${result.sent} requests sent, warm-up included; prepared in ${preparing} s).`,
    );
    if (made < result.answered || made > result.sent) {
      throw new Error(`${name}: ${made} rows made, expected ${result.answered} to ${result.sent}`);
    }
    measured.push({ write, size, requestsPerSecond: result.requestsPerSecond, p99: result.p99 });
  }
  return measured;
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
      const measuredWrites: MeasuredWrite[] = [];
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
      // The writes after every practice's reads: the reads read the practices as generated, and no practice's reads
      // share the machine with the vacuum of the rows another's writes left (tens of thousands of notes, sessions,
      // payments and audit entries). Signed in again, as the reads' access token may be near its end.
      for (const size of PRACTICE_SIZES) {
        measuredWrites.push(...(await measureWrites(server, await signInToGenerated(server.url, size), size)));
      }
      return [
        { ...health, budget: 'baseline', ok: true },
        ...readRows(measured, health.requestsPerSecond),
        ...measuredWrites.map((m) => ({
          name: `${m.write.name} [${m.size.label}, ${m.size.clients} clients]`,
          requestsPerSecond: m.requestsPerSecond,
          p99: m.p99,
          budget: `p99 <= ${WRITE_P99_BUDGET_MS} ms (${WRITE_CONNECTIONS} connections)`,
          ok: m.p99 <= WRITE_P99_BUDGET_MS,
        })),
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
