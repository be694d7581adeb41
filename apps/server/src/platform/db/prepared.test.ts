import { sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPglite, preparedOnce, renderedSql, rowsOf, type Db } from '.';

async function database() {
  const opened = await openPglite(undefined);
  onTestFinished(() => opened.close());
  return opened.db;
}

describe('statements prepared once (preparedOnce)', () => {
  it('given one database, then the statement is built once and each run fills in its own values', async () => {
    let built = 0;
    const twice = preparedOnce((db: Db) => {
      built += 1;
      return db
        .select({ value: sql<number>`${sql.placeholder('n')}::int * 2` })
        .from(sql`(select 1) one`)
        .prepare('prepared_test_twice');
    });
    const db = await database();
    expect(await twice(db).execute({ n: 2 })).toEqual([{ value: 4 }]);
    expect(await twice(db).execute({ n: 21 })).toEqual([{ value: 42 }]);
    expect(built).toBe(1);
    // Another database gets its own statement.
    const other = await database();
    expect(await twice(other).execute({ n: 5 })).toEqual([{ value: 10 }]);
    expect(built).toBe(2);
  });
});

describe('statements rendered once (renderedSql)', () => {
  it('given a transaction, then the statement runs inside it with its own values, and outside it too', async () => {
    const db = await database();
    await db.execute(sql`create table rendered_test (n int)`);
    const insert = renderedSql<{ n: number }>(
      sql`insert into rendered_test (n) values (${sql.placeholder('n')}) returning n`,
    );
    await expect(
      db.transaction(async (tx) => {
        expect(await insert(tx, { n: 1 })).toEqual([{ n: 1 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await insert(db, { n: 2 })).toEqual([{ n: 2 }]);
    // The insert inside the rolled-back transaction is gone: it ran in the transaction, not beside it.
    expect(await rowsOf(db, sql`select n from rendered_test`)).toEqual([{ n: 2 }]);
  });
});
