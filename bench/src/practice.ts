/**
 * The practices a benchmark reads: generated with the server's repeatable generator (fixed seeds) into a scratch database,
 * the embedded one in a temporary DATA_DIR or, when DATABASE_URL is set, a throwaway database on that PostgreSQL server.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { GENERATED_PASSWORD, generatedAdminEmail, generatePracticeInto } from '../../tooling/testing/generate-practice';

export interface PracticeSize {
  /** "small" or "large" (QUALITY.md: the same generator at --clients 100 makes a small practice). */
  label: string;
  clients: number;
  seed: number;
}

/** QUALITY.md's two sizes; BENCH_LARGE_CLIENTS makes a quicker (smaller) "large" run for a try-out. */
export const PRACTICE_SIZES: PracticeSize[] = [
  { label: 'small', clients: 100, seed: 101 },
  { label: 'large', clients: Number(process.env.BENCH_LARGE_CLIENTS ?? 5000), seed: 102 },
];

/** Where the benchmark server keeps its data: the env it starts with, and how to throw it away afterwards. */
export interface ScratchDatabase {
  label: string;
  env: NodeJS.ProcessEnv;
  dataDir: string;
  drop(): Promise<void>;
}

/** A scratch database: a temporary DATA_DIR, and with DATABASE_URL a new database on that server, dropped afterwards. */
export async function scratchDatabase(): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'halcyon-bench-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { label: 'embedded PGlite', env: {}, dataDir, drop: () => Promise.resolve(removeDir()) };
  const name = `halcyon_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    label: 'PostgreSQL',
    // Instances on PostgreSQL must share a signing secret (the server refuses to start without one there).
    env: { DATABASE_URL: url.toString(), JWT_SECRET: crypto.randomBytes(48).toString('base64') },
    dataDir,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      removeDir();
    },
  };
}

/** Runs the generator for one size into the scratch database; answers the seconds it took. */
export function generatePractice(database: ScratchDatabase, size: PracticeSize): Promise<number> {
  return generatePracticeInto({ clients: size.clients, seed: size.seed, dataDir: database.dataDir, env: database.env });
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in as the generated practice's Admin (who sees every client) and answers the Authorization header. */
export async function signInToGenerated(baseUrl: string, size: PracticeSize): Promise<Record<string, string>> {
  const tokens = await json<{ access_token?: string }>(
    await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: generatedAdminEmail(size.seed), password: GENERATED_PASSWORD }),
    }),
    `sign-in to the ${size.label} practice`,
  );
  if (!tokens.access_token) throw new Error('sign-in asked for a 2-step code; generated members have none');
  return { authorization: `Bearer ${tokens.access_token}` };
}

/** The signed-in member's id (the generated Admin, who is also one of the practice's clinicians). */
export async function signedInMemberId(baseUrl: string, headers: Record<string, string>): Promise<number> {
  return (await json<{ id: number }>(await fetch(`${baseUrl}/api/user-details`, { headers }), 'user details')).id;
}

/** The client on the list's first page with the most sessions: the heaviest "a client's sessions" read a page shows. */
export async function busiestClientId(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const page = await json<{ items: { id: number }[] }>(
    await fetch(`${baseUrl}/api/clients?page=1&pageSize=25`, { headers }),
    'client list',
  );
  let best: { id: number; sessions: number } | undefined;
  for (const { id } of page.items) {
    const summary = await json<{ total: number }>(
      await fetch(`${baseUrl}/api/clients/sessions/summary/${id}`, { headers }),
      "a client's session summary",
    );
    if (!best || summary.total > best.sessions) best = { id, sessions: summary.total };
  }
  if (!best) throw new Error('the generated practice has no clients');
  return best.id;
}

/**
 * The public free-times read of the practice's booking page for the coming week (the second service by name: "Individual session" in a generated practice), as a visitor's
 * browser asks for it: the address comes from the online-booking rules the generator turned on, the service from the
 * page (the practice's services marked "Booked online").
 */
export async function bookingSlotsPath(baseUrl: string, headers: Record<string, string>): Promise<string> {
  const rules = await json<{ links: { slug: string }[] }>(
    await fetch(`${baseUrl}/api/settings/appointments/requests`, { headers }),
    'online-booking rules',
  );
  const slug = rules.links[0]?.slug;
  if (!slug) throw new Error('the generated practice has no booking link');
  const page = await json<{ services: { id: number }[] }>(
    await fetch(`${baseUrl}/api/book/${slug}`),
    'public booking page',
  );
  const service = page.services[1] ?? page.services[0];
  if (!service) throw new Error('the generated practice offers no service online');
  const from = new Date(Math.ceil(Date.now() / 86_400_000) * 86_400_000);
  const to = new Date(from.getTime() + 7 * 86_400_000);
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString(), serviceId: String(service.id) });
  return `/api/book/${slug}/slots?${query}`;
}

/**
 * The invoice with the most lines on the invoice list's first page (the heaviest "one invoice" read the page opens), and
 * that page's address, as /Billing asks for it.
 */
export async function invoicePaths(
  baseUrl: string,
  headers: Record<string, string>,
): Promise<{ list: string; one: string }> {
  const list = '/api/billing-payment/invoices?limit=25';
  const page = await json<{ items: { id: number }[] }>(await fetch(`${baseUrl}${list}`, { headers }), 'invoice list');
  let best: { id: number; lines: number } | undefined;
  for (const { id } of page.items) {
    const invoice = await json<{ lines: unknown[] }>(
      await fetch(`${baseUrl}/api/billing-payment/invoice/${id}`, { headers }),
      'an invoice',
    );
    if (!best || invoice.lines.length > best.lines) best = { id, lines: invoice.lines.length };
  }
  if (!best) throw new Error('the generated practice has no invoices');
  return { list, one: `/api/billing-payment/invoice/${best.id}` };
}

/**
 * Clients the benchmark adds for its writes (the generated Admin as therapist), so that the generated clients stay as
 * generated and what the writes made can be counted afterwards from these clients' records alone.
 */
export async function addWritesClients(
  baseUrl: string,
  headers: Record<string, string>,
  count: number,
): Promise<number[]> {
  const therapistId = await signedInMemberId(baseUrl, headers);
  const ids: number[] = [];
  for (let n = 1; n <= count; n += 1) {
    const client = await json<{ id: number }>(
      await fetch(`${baseUrl}/api/clients`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Benchmark', lastName: `Writes ${n}`, therapistId }),
      }),
      'adding a writes client',
    );
    ids.push(client.id);
  }
  return ids;
}

/** Runs `task` over `items`, `parallel` at a time. */
async function inParallel<T>(items: readonly T[], parallel: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** A weekly series's length: the contract's most (MAX_OCCURRENCES), two years of one weekly slot. */
const SERIES_LENGTH = 104;
/** Half-hour sessions from 7 a.m. to 7 p.m. (UTC), Monday to Friday: the weekly slots of one block of series. */
const DAY_SLOTS = 24;
const WEEKDAYS = 5;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/**
 * `count` past sessions of the client, marked attended and without a note, as a therapist has them when sitting down to
 * write their notes. Booked through the API as weekly series of two years, in the years before the generated diary
 * (which begins three years before its base day, 1 January 2026; the contract takes sessions up to ten years back); a
 * series that meets something in the diary (409) is left out and the next slot tried. Then each is marked attended.
 * Answers their ids.
 */
export async function attendedSessionsWithoutNote(
  baseUrl: string,
  headers: Record<string, string>,
  clientId: number,
  count: number,
): Promise<number[]> {
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  // The Monday nine years back (1 January 1970 was a Thursday).
  const day = Math.floor(Date.now() / DAY_MS) - 9 * 365;
  const monday = (day - ((day + 3) % 7)) * DAY_MS;
  const sessions: { id: number; version: number }[] = [];
  const tries = 2 * Math.ceil(count / SERIES_LENGTH) + 10;
  for (let series = 0; sessions.length < count; series += 1) {
    if (series === tries) throw new Error(`booked only ${sessions.length} of ${count} past sessions for the notes`);
    // Each series its own weekday and half hour; the next block of WEEKDAYS x DAY_SLOTS series two years later.
    const block = Math.floor(series / (WEEKDAYS * DAY_SLOTS));
    const slot = series % (WEEKDAYS * DAY_SLOTS);
    const startsAt = new Date(
      monday +
        block * (SERIES_LENGTH + 1) * WEEK_MS +
        (slot % WEEKDAYS) * DAY_MS +
        (7 * 60 + Math.floor(slot / WEEKDAYS) * 30) * 60_000,
    );
    const response = await fetch(`${baseUrl}/api/clients/sessions/create/${clientId}`, {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({
        serviceName: 'Individual session',
        startsAt: startsAt.toISOString(),
        durationMinutes: 30,
        recurrence: { frequency: 'weekly', count: Math.min(SERIES_LENGTH, count - sessions.length) },
      }),
    });
    if (response.status === 409) {
      await response.body?.cancel();
      continue;
    }
    sessions.push(
      ...(await json<{ items: { id: number; version: number }[] }>(response, 'booking past sessions')).items,
    );
  }
  await inParallel(sessions, 16, async ({ id, version }) => {
    await json(
      await fetch(`${baseUrl}/api/clients/single-session/attendance/${id}`, {
        method: 'PATCH',
        headers: jsonHeaders,
        body: JSON.stringify({ status: 'attended', version }),
      }),
      'marking a session attended',
    );
  });
  return sessions.map((session) => session.id);
}

/** Sums `count` over every page of a cursor-paged list: `read` answers a page from the cursor of the one before. */
async function countPages<C>(
  read: (cursor: C | null) => Promise<{ count: number; nextCursor: C | null }>,
): Promise<number> {
  let total = 0;
  let cursor: C | null = null;
  do {
    const page: { count: number; nextCursor: C | null } = await read(cursor);
    total += page.count;
    cursor = page.nextCursor;
  } while (cursor !== null);
  return total;
}

/** How many of the client's sessions have a session note, read page by page as the client's Sessions tab does. */
export function notedSessionCount(baseUrl: string, headers: Record<string, string>, clientId: number): Promise<number> {
  return countPages<number>(async (cursor) => {
    const page = await json<{ items: { sessionNotes: unknown[] }[]; nextCursor: number | null }>(
      await fetch(
        `${baseUrl}/api/clients/sessions/retrieve/${clientId}?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`,
        { headers },
      ),
      "a page of the client's sessions",
    );
    return {
      count: page.items.filter((session) => session.sessionNotes.length > 0).length,
      nextCursor: page.nextCursor,
    };
  });
}

/** How many payments the client has, read page by page from the payment list. */
export function paymentCount(baseUrl: string, headers: Record<string, string>, clientId: number): Promise<number> {
  return countPages<string>(async (cursor) => {
    const page = await json<{ items: unknown[]; nextCursor: string | null }>(
      await fetch(
        `${baseUrl}/api/billing-payment/payments?clientId=${clientId}&limit=100${cursor === null ? '' : `&cursor=${cursor}`}`,
        { headers },
      ),
      'a page of payments',
    );
    return { count: page.items.length, nextCursor: page.nextCursor };
  });
}
