import autocannon from 'autocannon';

export interface Row {
  name: string;
  requestsPerSecond: number;
  /** p99 latency in milliseconds (or the measured time for one-off measurements). */
  p99: number;
  budget: string;
  ok: boolean;
}

export interface MeasureOptions {
  connections?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
}

/**
 * Seconds each URL is loaded before it is measured, and the answers thrown away (BENCH_WARMUP_SECONDS, 0 for none): the
 * figures are the steady state a running server gives, not its first second, when each of the pool's connections still
 * prepares the read's statement and loads PostgreSQL's catalog caches, and V8 has not yet compiled the route's code.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

/** Loads one URL with autocannon on loopback for a bounded time (after a warm-up) and returns requests/s and p99. */
export async function measure(
  name: string,
  url: string,
  options: MeasureOptions = {},
): Promise<Omit<Row, 'budget' | 'ok'>> {
  const load = { url, connections: options.connections ?? 32, headers: options.headers ?? {} };
  if (WARMUP_SECONDS > 0) await autocannon({ ...load, duration: WARMUP_SECONDS });
  const result = await autocannon({
    ...load,
    duration: options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 5),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { name, requestsPerSecond: result.requests.average, p99: result.latency.p99 };
}

export function printTable(rows: Row[]): void {
  const lines = rows.map((row) => ({
    benchmark: row.name,
    'req/s': Number.isNaN(row.requestsPerSecond) ? '-' : Math.round(row.requestsPerSecond),
    'p99 (ms)': row.p99,
    budget: row.budget,
    result: row.ok ? 'within budget' : 'OVER BUDGET',
  }));
  // eslint-disable-next-line no-console -- a benchmark's output is its table
  console.table(lines);
}
