import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../jobs';

export const EMBEDDED_UPKEEP_QUEUE = 'embedded-database-upkeep';
/** Every 15 minutes (and once at start-up, which server.ts asks for). */
export const EMBEDDED_UPKEEP_CRON = '*/15 * * * *';

/**
 * The tables the embedded database's autovacuum would see to, smallest first: never vacuumed or analysed, or grown by
 * more than a fifth (and 8 pages, 64 KB) since they last were.
 *
 * PostgreSQL's autovacuum analyses a table once a tenth of its rows changed and vacuums it once a fifth are dead. PGlite
 * runs no autovacuum, and its single session keeps no per-table change counts to decide by (pg_stat_user_tables stays at
 * zero), so the size on disk against the size the last VACUUM or ANALYZE recorded stands in for them: inserts grow a
 * table, and so do the dead row versions that updates and deletes leave behind.
 */
const TABLES_DUE = `
  select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where c.relkind = 'r'
    and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_toast%'
    and (
      c.reltuples < 0
      or pg_relation_size(c.oid) / current_setting('block_size')::int > greatest(c.relpages * 1.2, c.relpages + 8)
    )
  order by pg_relation_size(c.oid), 1`;

/**
 * Vacuums and analyses the embedded database's tables that are due (TABLES_DUE), one statement per table so that the
 * requests waiting on the database go between them. Without it the planner never learns how large a practice has grown
 * (the large generated practice's client list: 25 ms a page without statistics, 4 ms with them), and the dead row
 * versions of every kept counter and balance are never reclaimed. Answers the tables it saw to.
 */
export async function upkeepEmbedded(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(TABLES_DUE);
  for (const { name } of rows) await client.exec(`vacuum (analyze) ${name}`);
  return rows.map((row) => row.name);
}

/** The embedded database's upkeep (upkeepEmbedded) as a job of the queue; defined only where the database is PGlite. */
export function embeddedUpkeepJob(
  client: PGlite,
  log: Pick<FastifyBaseLogger, 'info'>,
): JobDefinition<Record<string, never>> {
  return {
    name: EMBEDDED_UPKEEP_QUEUE,
    retryLimit: 2,
    retryDelaySeconds: 60,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    cron: EMBEDDED_UPKEEP_CRON,
    handler: async () => {
      const started = performance.now();
      const tables = await upkeepEmbedded(client);
      if (tables.length) {
        log.info(
          { tables: tables.length, ms: Math.round(performance.now() - started) },
          `embedded database: ${tables.length} tables vacuumed and analysed`,
        );
      }
    },
  };
}
