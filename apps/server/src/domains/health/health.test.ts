import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

describe('GET /api/health', () => {
  it('given a migrated database, then answers ok with the database kind after a real query', async () => {
    const { app, database } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
    expect(database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('given a closed database, then answers 503 with a readable detail', async () => {
    const { app, database } = await createTestApp();
    // Stop the database itself: closing a test database only empties it for the next test.
    if (database.native.kind === 'pglite') await database.native.client.close();
    else await database.native.pool.end();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: 'The database is not answering. Please try again shortly.' });
  });
});
