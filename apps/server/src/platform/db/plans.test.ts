import { describe, expect, it, onTestFinished } from 'vitest';
import { openPostgres } from '.';

const base = process.env.DATABASE_URL;

/** QUALITY.md read budgets: on PostgreSQL a named statement is planned once per connection, not on every run. */
describe.skipIf(!base)('statement plans on PostgreSQL', () => {
  it('given a connection of the pool, then it keeps generic plans for its named statements', async () => {
    const database = openPostgres(base!, 1);
    onTestFinished(() => database.close());
    if (database.native.kind !== 'postgres') throw new Error('openPostgres opened something else');
    const result = await database.native.pool.query<{ plan_cache_mode: string }>('show plan_cache_mode');
    expect(result.rows[0]?.plan_cache_mode).toBe('force_generic_plan');
  });
});
