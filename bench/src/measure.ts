import autocannon from 'autocannon';

export interface Row {
  name: string;
  requestsPerSecond: number;
  /** p99 latency in milliseconds (or the measured time for one-off measurements). */
  p99: number;
  budget: string;
  ok: boolean;
}

/** What one request of a write changes against the one before it: its path, its headers (merged), its body (as JSON). */
export interface RequestChange {
  path?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface MeasureOptions {
  connections?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
  /** GET unless said. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** A body sent as JSON with every request (unless `eachRequest` gives one). */
  body?: unknown;
  /**
   * Called for every request sent, the warm-up's included, for what must differ between requests: a write that creates
   * a row needs its own record or Idempotency-Key each time, never a replay. It may throw (e.g. when what it hands out
   * runs out): the load stops and `measure` rejects with that error.
   */
  eachRequest?: () => RequestChange;
}

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p99: number;
  /** Requests written to the server over the warm-up and the measured run together. */
  sent: number;
  /** Of those, the 2xx answers received (the requests still in flight when the load stops are answered to nobody). */
  answered: number;
}

/**
 * Seconds each URL is loaded before it is measured, and the answers thrown away (BENCH_WARMUP_SECONDS, 0 for none): the
 * figures are the steady state a running server gives, not its first second, when each of the pool's connections still
 * prepares the read's statement and loads PostgreSQL's catalog caches, and V8 has not yet compiled the route's code.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

/**
 * Loads one URL with autocannon on loopback for a bounded time (after a warm-up) and returns requests/s and p99; a read
 * by default, a write with `method`, `body` and `eachRequest`. Any non-2xx answer or error fails the measurement.
 */
export async function measure(name: string, url: string, options: MeasureOptions = {}): Promise<Measured> {
  let sent = 0;
  let failure: Error | undefined;
  let running: autocannon.Instance | undefined;
  const { eachRequest } = options;
  const headers = {
    ...(options.body === undefined && !eachRequest ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  };
  const load: autocannon.Options = {
    url,
    connections: options.connections ?? 32,
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };
  if (eachRequest) {
    // autocannon builds each request just before it writes it, so this runs once per request sent.
    load.requests = [
      {
        setupRequest: (request) => {
          sent += 1;
          if (failure) return request;
          try {
            const change = eachRequest();
            return {
              ...request,
              ...(change.path === undefined ? {} : { path: change.path }),
              ...(change.body === undefined ? {} : { body: JSON.stringify(change.body) }),
              headers: { ...request.headers, ...change.headers },
            };
          } catch (error) {
            failure = error instanceof Error ? error : new Error(`${name}: ${JSON.stringify(error)}`);
            running?.stop();
            return request;
          }
        },
      },
    ];
  }
  const run = async (duration: number) => {
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      running = autocannon({ ...load, duration }, (error: unknown, done: autocannon.Result) =>
        error ? reject(error instanceof Error ? error : new Error(`${name}: ${JSON.stringify(error)}`)) : resolve(done),
      );
    });
    if (failure) throw failure;
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${name}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    }
    if (!eachRequest) sent += result.requests.sent;
    return result;
  };
  const warmup = WARMUP_SECONDS > 0 ? await run(WARMUP_SECONDS) : undefined;
  const result = await run(options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 5));
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    sent,
    answered: (warmup?.['2xx'] ?? 0) + result['2xx'],
  };
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
