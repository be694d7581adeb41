import crypto from 'node:crypto';
import type { NativeClient } from '../db';

/** Runs one query and answers its rows; the same on PGlite and PostgreSQL. */
export type Query = <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;

/** A Query on the whole database (outside any transaction). */
export function queryOf(native: NativeClient): Query {
  return async (text, values) =>
    native.kind === 'pglite'
      ? ((await native.client.query(text, values as never[])).rows as never)
      : ((await native.pool.query(text, values as unknown[])).rows as never);
}

/** Runs `fn` inside one read-only, repeatable-read transaction, so every table is read at the same moment. */
export async function withSnapshot<T>(native: NativeClient, fn: (query: Query) => Promise<T>): Promise<T> {
  if (native.kind === 'pglite') {
    return native.client.transaction(async (tx) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      return fn(async (text, values) => (await tx.query(text, values as never[])).rows as never);
    });
  }
  const client = await native.pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const result = await fn(async (text, values) => (await client.query(text, values as unknown[])).rows as never);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

interface TableInfo {
  name: string;
  columns: string[];
  dependsOn: string[];
  sequences: { column: string; sequence: string }[];
}

/**
 * A table whose comment starts with this is derived from others by triggers (the diary's busy time): a dump leaves it out,
 * and restoring the tables it derives from rebuilds it.
 */
export const DERIVED_TABLE_COMMENT = 'Derived:';

/** How a dump's statement that fills a table begins (`sqlDump`). */
export const insertInto = (table: string) => `INSERT INTO "public".${quoteIdent(table)} `;

/** The application's tables (schema public) with their columns, foreign-key parents and serial sequences. */
export async function describeTables(query: Query): Promise<TableInfo[]> {
  const tables = await query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
       and coalesce(obj_description(c.oid, 'pg_class'), '') not like '${DERIVED_TABLE_COMMENT}%'
     order by c.relname`,
  );
  const columns = await query<{ table: string; column: string; generated: string; seq: string | null }>(
    `select c.relname as table, a.attname as column, a.attgenerated::text as generated,
            pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) as seq
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`,
  );
  const fks = await query<{ child: string; parent: string }>(
    `select distinct c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public'`,
  );
  return tables.map(({ name }) => ({
    name,
    columns: columns.filter((c) => c.table === name && (c.generated ?? '') === '').map((c) => c.column),
    dependsOn: fks.filter((f) => f.child === name && f.parent !== name).map((f) => f.parent),
    sequences: columns.filter((c) => c.table === name && c.seq).map((c) => ({ column: c.column, sequence: c.seq! })),
  }));
}

/** Parents before children, so foreign keys hold while rows are inserted; a cycle (none today) keeps the name order. */
export function insertionOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const ordered: TableInfo[] = [];
  const visit = (table: TableInfo) => {
    if (done.has(table.name) || visiting.has(table.name)) return;
    visiting.add(table.name);
    for (const parent of table.dependsOn) {
      const info = byName.get(parent);
      if (info) visit(info);
    }
    visiting.delete(table.name);
    done.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

export const SQL_DUMP_HEADER = '-- Halcyon backup (SQL)';
const BATCH = 2000;

/**
 * A logical dump of every row of the application's tables as plain SQL, one statement per line: each batch of rows is a JSON
 * array inserted through `jsonb_populate_recordset`, so every type round-trips through its text form. The schema is not in
 * the dump: restore migrates an empty database first, then runs this. The job queue's own tables are left out.
 */
export async function* sqlDump(query: Query, about: { source: string; migrations: number }): AsyncGenerator<string> {
  const tables = insertionOrder(await describeTables(query));
  yield `${SQL_DUMP_HEADER} of the ${about.source} database, ${new Date().toISOString()}\n`;
  yield `-- halcyon-migrations: ${about.migrations}\n`;
  yield '-- Restore with `pnpm restore <this file>` (it migrates an empty database, then runs these statements).\n';
  yield 'BEGIN;\n';
  for (const table of tables) {
    if (table.columns.length === 0) continue;
    const target = `"public".${quoteIdent(table.name)}`;
    const list = table.columns.map(quoteIdent).join(', ');
    for (let offset = 0; ; offset += BATCH) {
      const rows = await query<{ j: string }>(
        `select to_jsonb(t)::text as j from (select ${list} from ${target} order by ctid limit ${BATCH} offset ${offset}) t`,
      );
      if (rows.length === 0) break;
      const json = `[${rows.map((r) => r.j).join(',')}]`;
      let tag = `$h${crypto.randomBytes(4).toString('hex')}$`;
      while (json.includes(tag)) tag = `$h${crypto.randomBytes(4).toString('hex')}$`;
      yield `${insertInto(table.name)}(${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM jsonb_populate_recordset(NULL::${target}, ${tag}${json}${tag}::jsonb);\n`;
      if (rows.length < BATCH) break;
    }
    for (const { column, sequence } of table.sequences) {
      const literal = `'${sequence.replaceAll("'", "''")}'`;
      yield `SELECT setval(${literal}, coalesce((SELECT max(${quoteIdent(column)}) FROM ${target}), 0) + 1, false);\n`;
    }
  }
  yield 'COMMIT;\n';
}

/** How many migrations a dump was taken at (its header line), or null for a file that is not a Halcyon SQL dump. */
export function dumpMigrations(firstLines: string): number | null {
  if (!firstLines.startsWith(SQL_DUMP_HEADER)) return null;
  const match = /^-- halcyon-migrations: (\d+)$/m.exec(firstLines);
  return match ? Number(match[1]) : null;
}
