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

/** Loads one URL with autocannon on loopback for a bounded time and returns requests/s and p99. */
export async function measure(
  name: string,
  url: string,
  options: MeasureOptions = {},
): Promise<Omit<Row, 'budget' | 'ok'>> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: options.durationSeconds ?? Number(process.env.BENCH_SECONDS ?? 5),
    headers: options.headers ?? {},
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
