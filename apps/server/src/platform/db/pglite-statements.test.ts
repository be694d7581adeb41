import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { hasSqlState } from '.';
import { withPreparedStatements } from './pglite-statements';

/** The file's one new embedded database with its table, made once (about 3 s); each test works on its own clone. */
let template: Promise<PGlite> | undefined;
afterAll(async () => (await template)?.close());

async function embedded() {
  template ??= (async () => {
    const client = new PGlite();
    await client.waitReady;
    await client.exec(`
      create table people (id serial primary key, name text not null unique, born date, tags int[], details jsonb,
        seen timestamptz, active boolean);
    `);
    return client;
  })();
  const client = (await (await template).clone()) as PGlite;
  onTestFinished(() => client.close());
  return client;
}

/** The statements the embedded database's session holds prepared (named ones: PGlite's own are unnamed). */
async function preparedNames(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements order by name');
  return rows.map((row) => row.name);
}

const INSERT =
  'insert into people (name, born, tags, details, seen, active) values ($1, $2, $3, $4, $5, $6) returning *';

describe('named prepared statements on the embedded database (withPreparedStatements)', () => {
  it('given the same statement run many times, then it is prepared once and answers what PGlite itself answers', async () => {
    const client = await embedded();
    const prepared = withPreparedStatements(client);
    const values = ['Maya Patel', '1990-04-01', [1, 2], { note: 'a' }, new Date('2026-11-03T10:00:00.000Z'), true];
    const ours = await prepared.query(INSERT, values);
    const theirs = await client.query(INSERT, ['Sam Lee', null, [], null, null, false]);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);
    expect(ours.rows).toEqual([
      {
        id: 1,
        name: 'Maya Patel',
        born: new Date('1990-04-01T00:00:00.000Z'),
        tags: [1, 2],
        details: { note: 'a' },
        seen: new Date('2026-11-03T10:00:00.000Z'),
        active: true,
      },
    ]);

    const select = 'select id, name, tags from people where id = any($1::int[]) order by id';
    const options = { rowMode: 'array' as const };
    for (const ids of [[1], [1, 2], [2]]) {
      expect((await prepared.query(select, [ids], options)).rows).toEqual(
        (await client.query(select, [ids], options)).rows,
      );
    }
    // The query builder's parsers (drizzle keeps dates as text) apply as they do to PGlite's own query.
    const asText = { parsers: { 1082: (value: string) => value } };
    expect((await prepared.query('select born from people where id = $1', [1], asText)).rows).toEqual([
      { born: '1990-04-01' },
    ]);
    expect(await preparedNames(client)).toEqual(['halcyon_1', 'halcyon_2', 'halcyon_3']);
    // A second wrapper of the same database is the same one (the names live in its one session).
    expect(withPreparedStatements(client)).toBe(prepared);
  });

  it("given many rows of every kind of value (NULL, empty, multi-byte, long) and a statement's own parsers, then it answers what PGlite itself answers", async () => {
    const client = await embedded();
    const prepared = withPreparedStatements(client);
    const names = ['', 'Zoë Ōkubo', '😀 emoji', 'O\'Brien \\ "quoted"', 'x'.repeat(200_000)];
    for (const [i, name] of names.entries()) {
      await client.query(INSERT, [
        name,
        i % 2 ? null : '1990-04-01',
        i % 2 ? null : [i, -i],
        i % 2 ? null : { name },
        null,
        i % 2 === 0,
      ]);
    }
    await client.query(`insert into people (name) select 'row ' || n from generate_series(1, 300) n`);
    const select = 'select * from people where id > $1 order by id';
    for (const options of [undefined, { rowMode: 'array' as const }]) {
      const ours = await prepared.query(select, [0], options);
      const theirs = await client.query(select, [0], options);
      expect(ours.rows).toHaveLength(names.length + 300);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    // A statement's own parser for one type (dates as text), every other type through PGlite's: int, int[], jsonb, bool.
    const datesAsText = { parsers: { 1082: (value: string) => value } };
    const [first] = (await prepared.query<Record<string, unknown>>(select, [0], datesAsText)).rows;
    expect(first).toMatchObject({
      id: 1,
      name: '',
      born: '1990-04-01',
      tags: [0, 0],
      details: { name: '' },
      active: true,
    });
    expect((await client.query<Record<string, unknown>>(select, [0])).rows[0]).toMatchObject({
      born: new Date('1990-04-01T00:00:00.000Z'),
    });
  });

  it('given a statement that fails, then the error has its SQLSTATE and statement, and the next one runs', async () => {
    const client = await embedded();
    const prepared = withPreparedStatements(client);
    await prepared.query(INSERT, ['Maya Patel', null, null, null, null, null]);
    const failure = await prepared.query(INSERT, ['Maya Patel', null, null, null, null, null]).catch((e: unknown) => e);
    expect(hasSqlState(failure, '23505')).toBe(true);
    expect(failure).toMatchObject({ query: INSERT, constraint: 'people_name_key' });
    // A statement that does not parse is reported too, and prepares nothing.
    expect(hasSqlState(await prepared.query('select nothing from nowhere').catch((e: unknown) => e), '42P01')).toBe(
      true,
    );
    expect(
      (await prepared.query<{ n: number }>('select count(*)::int as n from people where id > $1', [0])).rows,
    ).toEqual([{ n: 1 }]);
  });

  it('given a table that changes its columns under a prepared statement, then the statement is prepared again', async () => {
    const client = await embedded();
    const prepared = withPreparedStatements(client);
    await prepared.query(INSERT, ['Maya Patel', null, null, null, null, null]);
    const everything = 'select * from people where id = $1';
    expect(Object.keys((await prepared.query(everything, [1])).rows[0] as object)).not.toContain('pronouns');
    await client.exec(`alter table people add column pronouns text default 'she/her'`);
    expect((await prepared.query(everything, [1])).rows[0]).toMatchObject({ name: 'Maya Patel', pronouns: 'she/her' });
  });

  it('given a transaction, then its statements commit or roll back together and wait for nothing else', async () => {
    const client = await embedded();
    const prepared = withPreparedStatements(client);
    await prepared.transaction(async (tx) => {
      await tx.query(INSERT, ['Maya Patel', null, null, null, null, null]);
      await tx.query(INSERT, ['Sam Lee', null, null, null, null, null]);
    });
    const failed = await prepared
      .transaction(async (tx) => {
        await tx.query(INSERT, ['Ana Ruiz', null, null, null, null, null]);
        await tx.query(INSERT, ['Maya Patel', null, null, null, null, null]);
      })
      .catch((e: unknown) => e);
    expect(hasSqlState(failed, '23505')).toBe(true);
    // A statement outside the transaction waits for it to end, then sees only what it committed.
    const names = prepared.query<{ name: string }>('select name from people where id > $1 order by name', [0]);
    const [inside] = await Promise.all([
      prepared.transaction(async (tx) => {
        await tx.query(INSERT, ['Jo Park', null, null, null, null, null]);
        return (await tx.query<{ n: number }>('select count(*)::int as n from people where id > $1', [0])).rows[0];
      }),
      names,
    ]);
    expect(inside).toEqual({ n: 3 });
    expect((await names).rows.map((row) => row.name)).toEqual(['Maya Patel', 'Sam Lee']);
  });

  it('given more distinct statements than it keeps, then the one unused longest is closed', async () => {
    const client = await embedded();
    const prepared = withPreparedStatements(client, 2);
    await prepared.query('select $1::int as n', [1]);
    await prepared.query('select $1::int + 1 as n', [1]);
    await prepared.query('select $1::int as n', [1]);
    await prepared.query('select $1::int + 2 as n', [1]);
    expect(await preparedNames(client)).toEqual(['halcyon_1', 'halcyon_3']);
    expect((await prepared.query('select $1::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
    expect(await preparedNames(client)).toEqual(['halcyon_3', 'halcyon_4']);
  });

  it('given the first statement, then the session plans statements generically, as the PostgreSQL pool does', async () => {
    const client = await embedded();
    await withPreparedStatements(client).query('select $1::int as n', [1]);
    expect((await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([
      { plan_cache_mode: 'force_generic_plan' },
    ]);
  });
});
