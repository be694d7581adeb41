import { describe, expect, it, vi } from 'vitest';
import type { ClientDetail, ClientNames } from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, sessionFor, type Tokens } from '../../test/auth';

// A shared machine can be slow; the test measures behaviour, not time.
vi.setConfig({ testTimeout: 120_000 });

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A client created through the API by `tokens`' practice. */
async function addClient(t: TestApp, tokens: Tokens, body: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: '/api/clients', headers: bearer(tokens), payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClientDetail>();
}

/** Archives a client (the name lookup by search leaves them out). */
async function archive(t: TestApp, tokens: Tokens, client: ClientDetail) {
  await t.app.inject({
    method: 'PATCH',
    url: `/api/clients/single-client/status/${client.id}`,
    headers: bearer(tokens),
    payload: { version: client.version, status: 'archived' },
  });
}

describe('clients: the name lookup (GET /api/clients/names)', () => {
  it('given an Assistant, when she looks a client up by name, then she gets ids and names only, where the list answers 403', async () => {
    // given a practice with two clients and its Assistant
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
    const make = (body: Record<string, unknown>) => addClient(t, admin, body);
    const ada = await make({ firstName: 'Ada', lastName: 'Byron', email: 'ada@example.org', phone: '+44 7700 900001' });
    await make({ firstName: 'Alan', lastName: 'Turing' });
    const archived = await make({ firstName: 'Ada', lastName: 'Archived' });
    await archive(t, admin, archived);

    // when she searches the list (403) and then looks the name up
    const list = await t.app.inject({ method: 'GET', url: '/api/clients?search=ada', headers: bearer(assistant) });
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/api/clients/names?search=ADA',
      headers: bearer(assistant),
    });

    // then the list stays closed to her, and the lookup answers the matching name with nothing else
    expect(list.statusCode).toBe(403);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json<ClientNames>()).toEqual({ items: [{ id: ada.id, name: 'Ada Byron' }] });
    expect(lookup.body).not.toContain('ada@example.org');
    expect(lookup.body).not.toContain('7700');
  });

  it('given a client of another practice, when looked up by name or by id, then nothing of it answers', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const other = await seedPractice(t);
    const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
    const otherAdmin = await sessionFor(t, memberOf(other, 'Admin'));
    const elsewhere = await addClient(t, otherAdmin, { firstName: 'Zebedee', lastName: 'Elsewhere' });
    for (const query of ['search=Zebedee', `id=${elsewhere.id}`]) {
      const lookup = await t.app.inject({
        method: 'GET',
        url: `/api/clients/names?${query}`,
        headers: bearer(assistant),
      });
      expect(lookup.json<ClientNames>()).toEqual({ items: [] });
    }
  });

  it('given a client id, then that one client answers, archived too (a list filtered by them); a bad id 400', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const admin = await sessionFor(t, memberOf(practice, 'Admin'));
    const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
    const ada = await addClient(t, admin, { firstName: 'Ada', lastName: 'Byron' });
    await archive(t, admin, ada);
    const byId = (id: string) =>
      t.app.inject({ method: 'GET', url: `/api/clients/names?id=${id}`, headers: bearer(assistant) });

    expect((await byId(String(ada.id))).json<ClientNames>()).toEqual({ items: [{ id: ada.id, name: 'Ada Byron' }] });
    const bad = await byId('ada');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a client.');
  });

  it('given no token, then 401; given a search over 320 characters, then 400 says so', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
    expect((await t.app.inject({ method: 'GET', url: '/api/clients/names?search=a' })).statusCode).toBe(401);
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/clients/names?search=${'a'.repeat(321)}`,
      headers: bearer(therapist),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Search with at most 320 characters.');
  });
});
