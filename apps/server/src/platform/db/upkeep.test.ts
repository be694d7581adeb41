import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it, onTestFinished } from 'vitest';
import { upkeepEmbedded } from './upkeep';

async function plannerRows(client: PGlite, table: string): Promise<number> {
  const { rows } = await client.query<{ reltuples: number }>(
    'select reltuples from pg_class where oid = $1::regclass',
    [table],
  );
  return rows[0]!.reltuples;
}

describe('the embedded database upkeep (upkeepEmbedded), standing in for autovacuum', () => {
  it('given tables never analysed, grown or unchanged, then only the due ones are vacuumed and analysed', async () => {
    const client = new PGlite();
    await client.waitReady;
    onTestFinished(() => client.close());
    await client.exec(`
      create table notes (id serial primary key, client_id int not null, body text not null);
      create table tags (id serial primary key, name text not null);
    `);

    // Never analysed: both, smallest first (the planner knows nothing of either).
    expect(await upkeepEmbedded(client)).toEqual(['public.notes', 'public.tags']);
    expect(await plannerRows(client, 'notes')).toBe(0);
    expect(await upkeepEmbedded(client)).toEqual([]);

    // A practice's notes grow well past a fifth and 8 pages: due again, and the planner learns their size and spread.
    await client.exec(
      `insert into notes (client_id, body) select n % 40, repeat('a session note ', 20) from generate_series(1, 5000) n`,
    );
    await client.exec(`insert into tags (name) values ('anxiety')`);
    expect(await upkeepEmbedded(client)).toEqual(['public.notes']);
    expect(await plannerRows(client, 'notes')).toBe(5000);
    const { rows } = await client.query<{ n_distinct: number }>(
      `select n_distinct from pg_stats where tablename = 'notes' and attname = 'client_id'`,
    );
    expect(rows).toEqual([{ n_distinct: 40 }]);

    // Rewritten rows leave dead versions behind, which grow the table too: vacuumed, so the next rewrite reuses them.
    await client.exec(`update notes set body = body || '.'`);
    expect(await upkeepEmbedded(client)).toEqual(['public.notes']);
    const { rows: size } = await client.query<{ pages: number }>(`select pg_relation_size('notes') / 8192 as pages`);
    await client.exec(`update notes set body = body || '.'`);
    const { rows: after } = await client.query<{ pages: number }>(`select pg_relation_size('notes') / 8192 as pages`);
    expect(after[0]!.pages).toBeLessThanOrEqual(size[0]!.pages * 1.05);
  });
});
