import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteInterface } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { withPreparedStatements } from './pglite-statements';
/**
 * The query builder every repository uses, whichever driver is underneath. It is built without the table list (the
 * relational `db.query` API is not used), so the platform needs no table of the domains; tables are imported where used.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export { rowsOf, iso, isoOrNull, isoSql, jsonObjectSql, hasSqlState } from './rows';
export type DatabaseKind = 'pglite' | 'postgres';

/**
 * `column = any($1::int[])`: an id list as one array parameter. Unlike `inArray`, the statement text is the same however
 * many ids there are, so it is prepared once and its plan reused, and a long list costs no query-building per id.
 */
export function idIn(column: AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

/**
 * A statement built once per database and run many times: `build` makes it with `sql.placeholder`s where its values go and
 * `.prepare(name)`s it, so drizzle renders its SQL text and result map once and each run only fills the values in. For
 * the reads every page asks for, building the statement cost the server more than running it (the session summary's
 * union: 13% of its CPU).
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = build(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/** A raw statement made ready to run (`preparedSql`): each run fills its placeholders in and answers its rows. */
export interface PreparedRows<T> {
  rows(values: Record<string, unknown>): Promise<T[]>;
}

/**
 * A raw statement (`sql` with `sql.placeholder`s where its values go) rendered once, for `preparedOnce` where the query
 * builder cannot say the statement: each run only fills the values in, and answers the rows as `rowsOf` does. With a
 * `name`, PostgreSQL keeps the statement (and its plan) on each connection, as the query builder's `.prepare(name)` does.
 */
export function preparedSql<T>(db: Db, query: SQL, name?: string): PreparedRows<T> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return {
    rows: async (values) => {
      const result: unknown = await prepared.execute(values);
      return (result as { rows: T[] }).rows;
    },
  };
}

/**
 * A raw statement rendered once, to run in any database or transaction (`run(db, values)`): a write that runs inside a
 * transaction cannot use `preparedOnce` (a statement prepared for the database would run outside it), but rendering its
 * SQL was still most of what the server spent on it; making the driver's statement from the rendered text is cheap.
 */
export function renderedSql<T>(query: SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  let rendered: ReturnType<PgDialect['sqlToQuery']> | undefined;
  return async (db, values) => {
    rendered ??= dialect.sqlToQuery(query);
    const result: unknown = await db._.session.prepareQuery(rendered, undefined, undefined, false).execute(values);
    return (result as { rows: T[] }).rows;
  };
}

/**
 * The raw statements of one read in each shape its filters give it (which filters are set, the order...), each rendered
 * once per database (`preparedSql`) the first time its shape is asked for: `build` makes a shape's statement with
 * `sql.placeholder`s where the values go, and `keyOf` names the shape (the same key, the same statement). A read with a
 * few optional filters has a few dozen shapes at most, so none is rendered on each request.
 */
export function preparedShapes<T, S>(
  keyOf: (shape: S) => string,
  build: (shape: S) => SQL,
): (db: Db, shape: S) => PreparedRows<T> {
  const statements = new Map<string, (db: Db) => PreparedRows<T>>();
  return (db, shape) => {
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (!statement) {
      const query = build(shape);
      statement = preparedOnce((each) => preparedSql<T>(each, query));
      statements.set(key, statement);
    }
    return statement(db);
  };
}

/** The driver underneath, for the job queue (pg-boss) and backups, which need more than the query builder. */
export type NativeClient = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool; url: string };

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Db;
  readonly native: NativeClient;
  /** Runs a real query; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Applies the committed SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The committed migrations (`apps/server/drizzle`), found from this module in src/ and in the bundled dist/. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The SQL migrations folder (apps/server/drizzle) was not found.');
}

/**
 * The PostgreSQL extensions the migrations create, which the embedded database must load itself (PostgreSQL has them as
 * contrib): btree_gist, for an exclusion constraint over an id and a time range. Every PGlite here opens with them.
 */
export const PGLITE_EXTENSIONS = { btree_gist };

/** Embedded PostgreSQL (PGlite) kept in `dataDir`; `dataDir` undefined keeps it in memory (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const options = { extensions: PGLITE_EXTENSIONS };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  return wrapPglite(client);
}

export function wrapPglite(instance: PGliteInterface): Database {
  // clone() is typed as the interface; every instance here is a PGlite.
  const client = instance as PGlite;
  // The query builder's statements are prepared once each (see withPreparedStatements); drizzle asks of its client only
  // `query` and `transaction`, which that wrapper has.
  const db = drizzlePglite({ client: withPreparedStatements(client) as unknown as PGlite }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    native: { kind: 'pglite', client },
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async () => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsFolder() });
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Distinct statements one connection keeps prepared; statements beyond it are parsed and planned each time. */
const PREPARED_PER_CONNECTION = 500;
/** Distinct statement texts named at most (IN lists of many lengths make many texts); the rest go unnamed. */
const PREPARED_NAMES_MAX = 5_000;
const statementNames = new Map<string, string>();

/**
 * Names every parameterised statement by its text, so each connection parses it once and PostgreSQL can reuse its plan:
 * for the client list's query, parsing and planning cost ten times what running it does. Statements without parameters
 * (BEGIN, COMMIT, migrations, several statements in one) go as they are.
 */
function reusePreparedStatements(client: pg.PoolClient): void {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (config: unknown, values: unknown): unknown => {
    if (typeof config !== 'object' || config === null || !Array.isArray(values) || values.length === 0) return config;
    const { text, name } = config as { text?: unknown; name?: unknown };
    if (typeof text !== 'string' || name) return config;
    let statement = statementNames.get(text);
    if (!statement) {
      if (statementNames.size >= PREPARED_NAMES_MAX) return config;
      statement = `halcyon_${statementNames.size + 1}`;
      statementNames.set(text, statement);
    }
    if (!prepared.has(statement)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return config;
      prepared.add(statement);
    }
    return { ...config, name: statement };
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) =>
    query(named(config, rest[0]), ...rest);
}

/** PostgreSQL over `pg` with a connection pool. */
/** The PostgreSQL advisory lock key that serialises migrations across instances ("halcyon" as a number). */
export const MIGRATION_LOCK = 0x68616c6379;

export function openPostgres(url: string, poolSize: number): Database {
  // Generic plans for the named statements: PostgreSQL's default re-plans a statement with LIMIT or IN parameters on
  // every run (their generic cost looks high, as it assumes 10% of the rows), and for the client list planning cost
  // 2.7 ms against 0.4 ms to run. The generic plans keep the keyset and index scans (EXPLAIN checked on the large
  // generated practice; `pnpm bench:api` measures every read).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c plan_cache_mode=force_generic_plan' });
  // A connection the server drops (a restart, a failover, a dropped database) must not crash the process: the pool reports
  // it here and opens a new one on the next query. A client that is closing can still receive the server's goodbye.
  pool.on('error', (error) => {
    process.stderr.write(
      `${JSON.stringify({ level: 40, time: Date.now(), msg: 'a PostgreSQL connection was closed by the server; the pool will reconnect', err: error.message })}\n`,
    );
  });
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    reusePreparedStatements(client);
  });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    native: { kind: 'postgres', pool, url },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: async () => {
      // Several instances started at once on one database take turns: the first migrates, the others wait on the lock
      // and then find nothing left to do (without it, two racing migrations fail on duplicate schema objects).
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          await migratePg(drizzlePg({ client }), { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

export async function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  DB_POOL_SIZE: number;
}): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DB_POOL_SIZE);
  return openPglite(path.join(config.DATA_DIR, 'pglite'));
}
