import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGES,
  CLIENT_SORTS,
  type Client,
  type ClientBalance,
  type ClientDetail,
  type ClientList,
} from '@halcyon/api/contract';
import { countStatements, createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { clientSessions } from '../sessions/schema';
import { generatePractice } from '../practice/generator';
import { rowsOf } from '../../platform/db';
import { CLIENT_COUNT_AHEAD, pageOfClientsSql } from './list';
import { clientPortalAccess, clients } from './schema';

async function setup(options: { clients?: number } = {}) {
  const t = await createTestApp();
  const practice = await seedPractice(t, { clients: options.clients ?? 0 });
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  return { t, practice, admin, therapist, assistant };
}

const send = (
  t: TestApp,
  method: 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  tokens: Tokens,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: bearer(tokens),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function create(t: TestApp, tokens: Tokens, body: Record<string, unknown>): Promise<ClientDetail> {
  const response = await send(t, 'POST', '/api/clients', tokens, { lastName: '', ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClientDetail>();
}

async function list(t: TestApp, tokens: Tokens, query = ''): Promise<ClientList> {
  const response = await send(t, 'GET', `/api/clients${query}`, tokens);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ClientList>();
}

describe('clients: create, read, update, status, delete', () => {
  it('given an onboarding form with a portal invite, when a Therapist creates the client, then the client is answered with them as therapist and the invitation e-mail is in the outbox', async () => {
    const { t, practice, therapist } = await setup();
    const me = memberOf(practice, 'Therapist');
    const client = await create(t, therapist, {
      firstName: 'Nell',
      lastName: 'Gwynne',
      preferredName: 'Nelly',
      pronouns: 'she/her',
      dateOfBirth: '1990-04-02',
      email: 'Nell.Gwynne@Example.com',
      phone: '+44 7700 900123',
      tags: ['anxiety', 'anxiety', 'online'],
      sendPortalInvite: true,
    });
    expect(client).toMatchObject({
      kind: 'individual',
      status: 'active',
      firstName: 'Nell',
      lastName: 'Gwynne',
      email: 'nell.gwynne@example.com',
      therapistId: me.userId,
      therapistName: `${me.firstName} ${me.lastName}`,
      tags: ['anxiety', 'online'],
      riskLevel: 'none',
      balanceMinor: 0,
      currency: 'GBP',
      nextSessionAt: null,
      version: 1,
      portalStatus: 'invited',
      members: [],
    });
    const mail = readOutbox(t).filter((m) => m.to.includes('nell.gwynne@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('client portal');
    expect(mail[0]!.raw).toContain('/Portal/Accept-invitation/');
    const [portal] = await t.database.db
      .select()
      .from(clientPortalAccess)
      .where(eq(clientPortalAccess.clientId, client.id));
    // The link's token is stored only as a hash.
    expect(portal!.inviteTokenHash).toMatch(/^[0-9a-f]{64}$|^[A-Za-z0-9_-]{43}$/);
    expect(mail[0]!.raw).not.toContain(portal!.inviteTokenHash!);
  });

  it("given the practice's own portal-invitation e-mail, then the invitation goes out in its words with Halcyon's link", async () => {
    const { t, admin } = await setup();
    const template = await send(t, 'POST', '/api/settings/emails', admin, {
      usageContext: 'portal-invitation',
      subject: 'Welcome to {{practice.name}}, {{client.firstName}}',
      body: 'Dear {{client.fullName}},\n\nYour own space with us is ready. The link works for {{link.expiresInDays}} days.',
    });
    expect(template.statusCode, template.body).toBe(200);
    await create(t, admin, { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', sendPortalInvite: true });
    const [mail] = readOutbox(t).filter((m) => m.to.includes('ada@example.com'));
    expect(mail!.subject).toMatch(/^Welcome to .+, Ada$/);
    expect(mail!.text).toContain('Dear Ada Byron,');
    expect(mail!.text).toContain('Your own space with us is ready. The link works for');
    expect(mail!.raw).toContain('/Portal/Accept-invitation/');
  });

  it('given no portal invite, when a client is created, then no e-mail is sent and the portal says not invited', async () => {
    const { t, admin } = await setup();
    const client = await create(t, admin, { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com' });
    expect(client.portalStatus).toBe('not invited');
    expect(client.therapistId).toBeNull();
    expect(readOutbox(t)).toHaveLength(0);
  });

  it('given bad input, when a client is created, then 400 says what to fix field by field', async () => {
    const { t, admin } = await setup();
    const noLast = await send(t, 'POST', '/api/clients', admin, { firstName: 'Ada', lastName: '' });
    expect(noLast.statusCode).toBe(400);
    expect(noLast.json<{ fields: Record<string, string> }>().fields.lastName).toBe("Enter the client's last name.");
    const inviteNoEmail = await send(t, 'POST', '/api/clients', admin, {
      firstName: 'Ada',
      lastName: 'Byron',
      sendPortalInvite: true,
    });
    expect(inviteNoEmail.statusCode).toBe(400);
    expect(inviteNoEmail.json<{ fields: Record<string, string> }>().fields.email).toBe(
      "Enter the client's e-mail address to send a portal invitation.",
    );
    const badEmail = await send(t, 'POST', '/api/clients', admin, {
      firstName: 'Ada',
      lastName: 'Byron',
      email: 'not an address',
      dateOfBirth: '2999-01-01',
    });
    expect(badEmail.statusCode).toBe(400);
    const fields = badEmail.json<{ fields: Record<string, string> }>().fields;
    expect(fields.email).toBe('Enter a valid e-mail address.');
    expect(fields.dateOfBirth).toBe('Choose the date of birth between 1 Jan 1900 and today.');
    const nul = await send(t, 'POST', '/api/clients', admin, { firstName: 'A\u0000', lastName: 'B' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json<{ fields: Record<string, string> }>().fields.firstName).toBe(
      'Remove the invisible control character from this text.',
    );
    expect((await send(t, 'GET', '/api/clients?search=a%00', admin)).statusCode).toBe(400);
    const unknownField = await send(t, 'POST', '/api/clients', admin, { firstName: 'A', lastName: 'B', fee: 3 });
    expect(unknownField.statusCode).toBe(400);
  });

  it("given a therapist of another practice or an Assistant, when chosen as the client's therapist, then 400", async () => {
    const { t, practice, admin } = await setup();
    const other = await seedPractice(t);
    for (const therapistId of [memberOf(other, 'Therapist').userId, memberOf(practice, 'Assistant').userId]) {
      const response = await send(t, 'POST', '/api/clients', admin, { firstName: 'A', lastName: 'B', therapistId });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ detail: string }>().detail).toBe(CLIENT_MESSAGES.therapist);
    }
  });

  it('given a couple made of two individual clients, then the couple lists its members and each member knows its couple', async () => {
    const { t, admin } = await setup();
    const a = await create(t, admin, { firstName: 'Ann', lastName: 'Okafor' });
    const b = await create(t, admin, { firstName: 'Ben', lastName: 'Okafor' });
    const couple = await create(t, admin, { kind: 'couple', firstName: 'Ann and Ben Okafor', memberIds: [a.id, b.id] });
    expect(couple.memberIds).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(couple.members.map((m) => m.firstName).sort()).toEqual(['Ann', 'Ben']);
    const member = await send(t, 'GET', `/api/clients/single-client/${a.id}`, admin);
    expect(member.json<ClientDetail>().memberOf.map((g) => g.id)).toEqual([couple.id]);
    // A couple cannot be a member, nor can a client of another practice.
    const nested = await send(t, 'POST', '/api/clients', admin, {
      kind: 'group',
      firstName: 'Group',
      lastName: '',
      memberIds: [couple.id],
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json<{ detail: string }>().detail).toBe(CLIENT_MESSAGES.members);
  });

  it('given the version loaded, when the client is updated, then the version goes up; a second update with the old version answers 409 and changes nothing', async () => {
    const { t, admin, therapist } = await setup();
    const client = await create(t, admin, { firstName: 'Ada', lastName: 'Byron' });
    const first = await send(t, 'PATCH', `/api/clients/single-client/${client.id}`, admin, {
      version: client.version,
      phone: '+44 20 7946 0000',
      tags: ['grief'],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ClientDetail>()).toMatchObject({ phone: '+44 20 7946 0000', tags: ['grief'], version: 2 });
    const stale = await send(t, 'PATCH', `/api/clients/single-client/${client.id}`, therapist, {
      version: client.version,
      phone: '+44 20 7946 1111',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(CLIENT_MESSAGES.staleClient);
    const now = await send(t, 'GET', `/api/clients/single-client/${client.id}`, admin);
    expect(now.json<ClientDetail>().phone).toBe('+44 20 7946 0000');
  });

  it('given a status change, then the status and version change; a stale one answers 409', async () => {
    const { t, admin } = await setup();
    const client = await create(t, admin, { firstName: 'Ada', lastName: 'Byron', status: 'waitlist' });
    const ok = await send(t, 'PATCH', `/api/clients/single-client/status/${client.id}`, admin, {
      status: 'active',
      version: 1,
    });
    expect(ok.json<ClientDetail>()).toMatchObject({ status: 'active', version: 2 });
    const stale = await send(t, 'PATCH', `/api/clients/single-client/status/${client.id}`, admin, {
      status: 'archived',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const bad = await send(t, 'PATCH', `/api/clients/single-client/status/${client.id}`, admin, {
      status: 'gone',
      version: 2,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields.status).toBe(
      'Choose enquiry, waitlist, active, on hold, discharged or archived.',
    );
  });

  it('given an enquiry, then it can be deleted; an active client cannot (archive instead)', async () => {
    const { t, admin } = await setup();
    const enquiry = await create(t, admin, { firstName: 'Eve', lastName: 'Query', status: 'enquiry' });
    const active = await create(t, admin, { firstName: 'Al', lastName: 'Active' });
    const refused = await send(t, 'DELETE', `/api/clients/single-client/${active.id}`, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(CLIENT_MESSAGES.deleteOnlyEnquiry);
    const deleted = await send(t, 'DELETE', `/api/clients/single-client/${enquiry.id}`, admin);
    expect(deleted.statusCode).toBe(200);
    expect((await send(t, 'GET', `/api/clients/single-client/${enquiry.id}`, admin)).statusCode).toBe(404);
  });
});

describe('clients: roles and practices', () => {
  it('given an Assistant, when they call any client route, then 403', async () => {
    const { t, admin, assistant } = await setup();
    const client = await create(t, admin, { firstName: 'Ada', lastName: 'Byron' });
    for (const url of [
      '/api/clients',
      `/api/clients/single-client/${client.id}`,
      `/api/clients/details/retrieve/${client.id}`,
      `/api/clients/relationships/retrieve/${client.id}`,
      `/api/clients/activity-log/retrieve/${client.id}`,
    ]) {
      expect((await send(t, 'GET', url, assistant)).statusCode, url).toBe(403);
    }
    const write = await send(t, 'POST', '/api/clients', assistant, { firstName: 'A', lastName: 'B' });
    expect(write.statusCode).toBe(403);
  });

  it('given a client of another practice, when read or changed, then 404 and the client is unchanged', async () => {
    const { t, admin } = await setup();
    const practice2 = await seedPractice(t);
    const admin2 = await sessionFor(t, memberOf(practice2, 'Admin'));
    const client = await create(t, admin2, { firstName: 'Other', lastName: 'Practice' });
    const calls: [Parameters<typeof send>[1], string, unknown?][] = [
      ['GET', `/api/clients/single-client/${client.id}`],
      ['PATCH', `/api/clients/single-client/${client.id}`, { version: 1, firstName: 'Hacked' }],
      ['PATCH', `/api/clients/single-client/status/${client.id}`, { version: 1, status: 'archived' }],
      ['GET', `/api/clients/details/retrieve/${client.id}`],
      ['PUT', `/api/clients/address/${client.id}`, { version: 0, city: 'Hacked' }],
      ['POST', `/api/clients/portal/invite/${client.id}`, {}],
      [
        'POST',
        `/api/clients/relationships/${client.id}`,
        { name: 'X', relationshipType: 'gp', consentToContact: true },
      ],
      ['GET', `/api/clients/activity-log/retrieve/${client.id}`],
    ];
    for (const [method, url, body] of calls) {
      const response = await send(t, method, url, admin, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.body).not.toContain('Practice');
    }
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, client.id));
    expect(row).toMatchObject({ firstName: 'Other', status: 'active', version: 1 });
    expect((await list(t, admin)).items.map((c) => c.id)).not.toContain(client.id);
  });
});

describe('clients: the list', () => {
  it('given a generated practice, then the first page holds pageSize clients sorted by name with the total, and pages do not overlap', async () => {
    const { t, admin } = await setup({ clients: 60 });
    const first = await list(t, admin, '?page=1&pageSize=20');
    const all = await list(t, admin, '?pageSize=100');
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(all.total);
    expect(all.items.every((c) => c.status !== 'archived')).toBe(true);
    const key = (c: Client) => (c.lastName || c.firstName).toLowerCase();
    const keys = all.items.map(key);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const second = await list(t, admin, '?page=2&pageSize=20');
    expect(second.items.map((c) => c.id)).toEqual(all.items.slice(20, 40).map((c) => c.id));
    const beyond = await list(t, admin, '?page=999&pageSize=20');
    expect(beyond).toMatchObject({ items: [], total: all.total, page: 999 });
  });

  it('given search words, then only clients whose names or e-mail match every word are listed (case-insensitive, wildcards literal)', async () => {
    const { t, admin } = await setup();
    await create(t, admin, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    await create(t, admin, { firstName: 'Ada', lastName: 'Byron', preferredName: 'Birdie' });
    await create(t, admin, { firstName: 'Grace', lastName: 'Hopper', email: 'g.hopper@navy.example' });
    expect((await list(t, admin, '?search=ada')).items.map((c) => c.lastName)).toEqual(['Byron', 'Lovelace']);
    expect((await list(t, admin, '?search=ADA%20love')).items.map((c) => c.lastName)).toEqual(['Lovelace']);
    expect((await list(t, admin, '?search=birdie')).items.map((c) => c.lastName)).toEqual(['Byron']);
    expect((await list(t, admin, '?search=navy.example')).items.map((c) => c.lastName)).toEqual(['Hopper']);
    expect((await list(t, admin, '?search=%25')).total).toBe(0);
    const long = await send(t, 'GET', `/api/clients?search=${'x'.repeat(321)}`, admin);
    expect(long.statusCode).toBe(400);
    expect(long.json<{ detail: string }>().detail).toContain('Search with at most 320 characters.');
  });

  it('given filters, then status (several), kind, risk level, therapist and tag narrow the list; archived shows only when asked', async () => {
    const { t, practice, admin } = await setup();
    const therapistId = memberOf(practice, 'Therapist').userId;
    const a = await create(t, admin, { firstName: 'A', lastName: 'Active', therapistId, tags: ['grief'] });
    const w = await create(t, admin, { firstName: 'W', lastName: 'Waiting', status: 'waitlist' });
    const x = await create(t, admin, { firstName: 'X', lastName: 'Archived', status: 'archived' });
    const c = await create(t, admin, { kind: 'couple', firstName: 'The Pairs', memberIds: [a.id, w.id] });
    await send(t, 'PATCH', `/api/clients/single-client/${w.id}`, admin, { version: 1, riskLevel: 'high' });
    const ids = async (q: string) => (await list(t, admin, q)).items.map((i) => i.id).sort((p, q2) => p - q2);
    expect(await ids('')).toEqual([a.id, w.id, c.id]);
    expect(await ids('?status=archived')).toEqual([x.id]);
    expect(await ids('?status=active&status=waitlist')).toEqual([a.id, w.id, c.id]);
    expect(await ids('?status=waitlist,archived')).toEqual([w.id, x.id]);
    expect(await ids('?kind=couple')).toEqual([c.id]);
    expect(await ids('?riskLevel=high')).toEqual([w.id]);
    expect(await ids(`?therapistId=${therapistId}`)).toEqual([a.id]);
    expect(await ids('?tag=grief')).toEqual([a.id]);
    const bad = await send(t, 'GET', '/api/clients?status=gone', admin);
    expect(bad.statusCode).toBe(400);
  });

  it('given sort orders, then name, -name, status and createdAt order the list, ties by name', async () => {
    const { t, admin } = await setup();
    await create(t, admin, { firstName: 'B', lastName: 'Bravo', status: 'waitlist' });
    await create(t, admin, { firstName: 'A', lastName: 'Alpha', status: 'on hold' });
    await create(t, admin, { kind: 'family', firstName: 'Charlie family' });
    const names = async (q: string) => (await list(t, admin, q)).items.map((i) => i.lastName || i.firstName);
    expect(await names('?sort=name')).toEqual(['Alpha', 'Bravo', 'Charlie family']);
    expect(await names('?sort=-name')).toEqual(['Charlie family', 'Bravo', 'Alpha']);
    expect(await names('?sort=status')).toEqual(['Bravo', 'Charlie family', 'Alpha']);
    expect(await names('?sort=-createdAt')).toEqual(['Charlie family', 'Alpha', 'Bravo']);
    expect(await names('?sort=nextSession')).toEqual(['Alpha', 'Bravo', 'Charlie family']);
    const bad = await send(t, 'GET', '/api/clients?sort=age', admin);
    expect(bad.statusCode).toBe(400);
    const big = await send(t, 'GET', '/api/clients?pageSize=101', admin);
    expect(big.statusCode).toBe(400);
    expect(big.json<{ detail: string }>().detail).toContain('The page size must be at most 100.');
  });

  it('given sessions, then each client shows its next scheduled and last held session, and the list sorts by them (no session last)', async () => {
    const { t, practice, admin } = await setup();
    const soon = await create(t, admin, { firstName: 'S', lastName: 'Soon' });
    const later = await create(t, admin, { firstName: 'L', lastName: 'Later' });
    const none = await create(t, admin, { firstName: 'N', lastName: 'None' });
    const hour = 3_600_000;
    // One base time for the whole test: reading the clock in each call would drift across a second boundary.
    const base = Math.floor(Date.now() / 1000) * 1000;
    const at = (offsetHours: number) => new Date(base + offsetHours * hour);
    const session = (clientId: number, offsetHours: number, status = 'scheduled') => ({
      practiceId: practice.practiceId,
      clientId,
      serviceName: 'Individual therapy',
      startsAt: at(offsetHours),
      endsAt: at(offsetHours + 1),
      status,
    });
    await t.database.db
      .insert(clientSessions)
      .values([
        session(soon.id, 24),
        session(soon.id, 24 * 8),
        session(soon.id, -24 * 7, 'attended'),
        session(soon.id, -24, 'cancelled'),
        session(later.id, 2, 'cancelled'),
        session(later.id, 24 * 14),
        session(later.id, -24 * 3, 'did not attend'),
        session(later.id, -24 * 30, 'attended'),
      ]);
    const page = await list(t, admin, '?sort=nextSession');
    expect(page.items.map((c) => c.id)).toEqual([soon.id, later.id, none.id]);
    const byId = new Map(page.items.map((c) => [c.id, c]));
    expect(byId.get(soon.id)).toMatchObject({
      nextSessionAt: at(24).toISOString(),
      lastSessionAt: at(-24 * 7).toISOString(),
    });
    expect(byId.get(later.id)).toMatchObject({
      nextSessionAt: at(24 * 14).toISOString(),
      lastSessionAt: at(-24 * 30).toISOString(),
    });
    expect(byId.get(none.id)).toMatchObject({ nextSessionAt: null, lastSessionAt: null });
    const byLast = await list(t, admin, '?sort=-lastSession');
    expect(byLast.items.map((c) => c.id)).toEqual([soon.id, later.id, none.id]);
    const one = await send(t, 'GET', `/api/clients/single-client/${soon.id}`, admin);
    expect(one.json<ClientDetail>().nextSessionAt).toBe(at(24).toISOString());
  });

  it('given next and last sessions, then each sort orders by the date itself, either way, with the clients without one last', async () => {
    const { t, practice, admin } = await setup();
    const ash = await create(t, admin, { firstName: 'A', lastName: 'Ash' });
    const birch = await create(t, admin, { firstName: 'B', lastName: 'Birch' });
    const cedar = await create(t, admin, { firstName: 'C', lastName: 'Cedar' });
    await create(t, admin, { firstName: 'D', lastName: 'Dogwood' });
    const base = Math.floor(Date.now() / 1000) * 1000;
    const session = (clientId: number, offsetHours: number, status = 'scheduled') => ({
      practiceId: practice.practiceId,
      clientId,
      serviceName: 'Individual session',
      startsAt: new Date(base + offsetHours * 3_600_000),
      endsAt: new Date(base + (offsetHours + 1) * 3_600_000),
      status,
    });
    await t.database.db.insert(clientSessions).values([
      // Ash: next in two days, last yesterday. Birch: next tomorrow, never seen (a missed one does not count).
      session(ash.id, 48),
      session(ash.id, -24, 'attended'),
      session(birch.id, 24),
      session(birch.id, 12, 'cancelled'),
      session(birch.id, -12, 'did not attend'),
      // Cedar: seen three days ago and 40 days ago (a later date with a smaller day number), nothing booked.
      session(cedar.id, -72, 'late'),
      session(cedar.id, -24 * 40, 'attended'),
      // Dogwood: no sessions at all.
    ]);
    const names = async (q: string) => (await list(t, admin, q)).items.map((c) => c.lastName);
    expect(await names('?sort=nextSession')).toEqual(['Birch', 'Ash', 'Cedar', 'Dogwood']);
    expect(await names('?sort=-nextSession')).toEqual(['Ash', 'Birch', 'Dogwood', 'Cedar']);
    expect(await names('?sort=lastSession')).toEqual(['Cedar', 'Ash', 'Birch', 'Dogwood']);
    expect(await names('?sort=-lastSession')).toEqual(['Ash', 'Cedar', 'Dogwood', 'Birch']);
    // Pages follow the same order.
    expect(await names('?sort=-lastSession&pageSize=2&page=2')).toEqual(['Dogwood', 'Birch']);
  });

  it.each([
    ['nextSession', 'client_sessions_next_idx'],
    ['-nextSession', 'client_sessions_next_idx'],
    ['lastSession', 'client_sessions_last_idx'],
    ['-lastSession', 'client_sessions_last_idx'],
  ] as const)(
    'given sort=%s, then each client costs one probe of %s, the index of only the sessions that can count',
    async (sort, index) => {
      const { t, practice } = await setup();
      const db = t.database.db;
      // A diary the planner can weigh: 40 clients with 10 sessions ahead each, so the reminders' index of every scheduled
      // session by time (all clients, all practices) costs what it would on a real diary, and statistics to go on.
      const people = await db
        .insert(clients)
        .values(
          Array.from({ length: 40 }, (_, i) => ({
            practiceId: practice.practiceId,
            firstName: `P${i}`,
            lastName: 'Plan',
          })),
        )
        .returning({ id: clients.id });
      const hour = 3_600_000;
      await db.insert(clientSessions).values(
        people.flatMap(({ id }, c) =>
          Array.from({ length: 10 }, (_, k) => {
            const startsAt = new Date(Date.now() + (c * 10 + k + 1) * hour);
            return {
              practiceId: practice.practiceId,
              clientId: id,
              therapistId: null,
              serviceName: 'Individual session',
              startsAt,
              endsAt: new Date(startsAt.getTime() + 50 * 60_000),
            };
          }),
        ),
      );
      await db.execute(sql`analyze client_sessions`);
      await db.execute(sql`analyze clients`);
      // However small the test table, show the plan the indexes allow (a large practice's planner takes them anyway).
      await db.execute(sql`set enable_seqscan = off`);
      await db.execute(sql`set enable_bitmapscan = off`);
      const query = pageOfClientsSql(practice.practiceId, { filters: {}, sort, limit: 25, offset: 0, total: sql`0` });
      const plan = (await rowsOf<{ 'QUERY PLAN': string }>(db, sql`explain ${query}`))
        .map((row) => row['QUERY PLAN'])
        .join('\n');
      await db.execute(sql`reset all`);
      expect(plan).toContain(index);
      // The sort key is computed once per client, in the lateral join, not again for the window and the order.
      const sortKeyScans = plan.match(new RegExp(`Index (?:Only )?Scan(?: Backward)? using ${index}`, 'g')) ?? [];
      expect(sortKeyScans.length).toBeLessThanOrEqual(2);
    },
  );
});

describe('clients: what a list page costs', () => {
  it('given the list as it opens (statuses alone: statements built once), then every order and page answers what the same filters built afresh answer', async () => {
    const { t, admin } = await setup({ clients: 9 });
    await create(t, admin, { firstName: 'W', lastName: 'Waiting', status: 'waitlist' });
    await create(t, admin, { kind: 'couple', firstName: 'The Ashes' });
    await create(t, admin, { firstName: 'X', lastName: 'Archived', status: 'archived' });
    // Every kind asked for: the same clients, through the statement built on each request.
    const afresh = '&kind=individual&kind=couple&kind=family&kind=group';
    for (const sort of CLIENT_SORTS) {
      for (const query of [
        `?sort=${sort}&pageSize=4&page=2`,
        `?sort=${sort}&status=waitlist&status=active&status=active`,
      ]) {
        expect(await list(t, admin, query), `${query}`).toEqual(await list(t, admin, `${query}${afresh}`));
      }
    }
  });

  it("given the practice's counter rows, then the list's total comes from them, not from counting the clients", async () => {
    const { t, practice, admin } = await setup();
    await t.database.db
      .insert(clients)
      .values(
        Array.from({ length: 12 }, (_, i) => ({ practiceId: practice.practiceId, firstName: `F${i}`, lastName: 'L' })),
      );
    const before = await list(t, admin, '?pageSize=5');
    expect(before).toMatchObject({ total: 12, totalCapped: false });
    expect(before.items).toHaveLength(5);
    // A counter that disagrees with the rows shows through: the page never counts the practice's clients.
    await t.database.db.execute(
      sql`update client_counts set clients = clients + 1000 where practice_id = ${practice.practiceId} and status = 'active'`,
    );
    expect((await list(t, admin, '?pageSize=5')).total).toBe(1012);
    expect((await list(t, admin, '?pageSize=5&status=archived')).total).toBe(0);
  });

  it('given creates, status changes, deletes and another practice, then the counters stay equal to the clients, per practice', async () => {
    const { t, admin } = await setup({ clients: 7 });
    await seedPractice(t, { clients: 3 });
    const start = (await list(t, admin)).total;
    const enquiry = await create(t, admin, { firstName: 'E', lastName: 'Enquiry', status: 'enquiry' });
    const group = await create(t, admin, { kind: 'group', firstName: 'The Tuesday group' });
    const archived = await create(t, admin, { firstName: 'A', lastName: 'Archived' });
    const change = await send(t, 'PATCH', `/api/clients/single-client/status/${archived.id}`, admin, {
      status: 'archived',
      version: archived.version,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await send(t, 'DELETE', `/api/clients/single-client/${enquiry.id}`, admin)).statusCode).toBe(200);
    await t.database.db.update(clients).set({ riskLevel: 'high' }).where(eq(clients.id, group.id));
    const counted = await rowsOf(
      t.database.db,
      sql`select practice_id, status, kind, risk_level, sum(clients)::int as n from client_counts
          group by 1, 2, 3, 4 having sum(clients) <> 0 order by 1, 2, 3, 4`,
    );
    const actual = await rowsOf(
      t.database.db,
      sql`select practice_id, status, kind, risk_level, count(*)::int as n from clients
          group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
    expect(counted).toEqual(actual);
    expect((await list(t, admin, '?kind=group&riskLevel=high')).total).toBe(1);
    expect((await list(t, admin)).total).toBe(start + 1);
  });

  it('given more matches than the count reads, when filtered by therapist, then the total says "at least" and grows with the page', async () => {
    const { t, practice, admin } = await setup();
    const therapistId = memberOf(practice, 'Therapist').userId;
    const many = CLIENT_COUNT_AHEAD + 30;
    await t.database.db.insert(clients).values(
      Array.from({ length: many }, (_, i) => ({
        practiceId: practice.practiceId,
        firstName: `F${i}`,
        lastName: `L${String(i).padStart(5, '0')}`,
        therapistId,
      })),
    );
    const first = await list(t, admin, `?therapistId=${therapistId}&pageSize=25`);
    expect(first).toMatchObject({ total: CLIENT_COUNT_AHEAD, totalCapped: true });
    expect(first.items.map((c) => c.lastName)).toEqual(
      Array.from({ length: 25 }, (_, i) => `L${String(i).padStart(5, '0')}`),
    );
    const far = await list(t, admin, `?therapistId=${therapistId}&pageSize=25&page=5`);
    expect(far).toMatchObject({ total: many, totalCapped: false });
    // Without the therapist filter the counters answer exactly.
    expect(await list(t, admin, '?pageSize=1')).toMatchObject({ total: many, totalCapped: false });
  });
});

describe('clients: the client page and the list agree', () => {
  it("given a generated practice's individuals, couples, families and groups, then the client page answers each client as the list does, with its members and groups, whatever the connection's time zone", async () => {
    const t = await createTestApp();
    const generated = await generatePractice(t.database.db, { clients: 30, seed: 12, passwordHash: 'not-a-real-hash' });
    const admin = await sessionFor(
      t,
      generated.members.find((m) => m.role === 'Admin')!,
    );
    const { items } = await list(t, admin, '?pageSize=100');
    expect(new Set(items.map((client) => client.kind)).size, 'clients of several kinds').toBeGreaterThan(1);
    const byId = new Map(items.map((client) => [client.id, client]));
    // +13:45 in the southern summer: timestamps, today's date and the risk review still read as in UTC.
    // The test databases are reused: the zone goes back to the default whatever happens.
    try {
      for (const zone of ['UTC', 'Pacific/Chatham']) {
        await t.database.db.execute(sql.raw(`set time zone '${zone}'`));
        for (const client of items) {
          const response = await send(t, 'GET', `/api/clients/single-client/${client.id}`, admin);
          expect(response.statusCode, response.body).toBe(200);
          const { members, memberOf: groups, portalStatus, defaultService, ...detail } = response.json<ClientDetail>();
          expect(detail, `client ${client.id} in ${zone}`).toStrictEqual(client);
          expect(members.map((member) => member.id).sort((a, b) => a - b)).toEqual(client.memberIds);
          for (const member of members) {
            const listed = byId.get(member.id)!;
            expect(member).toStrictEqual({
              id: listed.id,
              kind: listed.kind,
              status: listed.status,
              firstName: listed.firstName,
              lastName: listed.lastName,
              preferredName: listed.preferredName,
            });
          }
          const groupsOf = items.filter((other) => other.memberIds.includes(client.id)).map((other) => other.id);
          expect(groups.map((group) => group.id).sort((a, b) => a - b)).toEqual(groupsOf.sort((a, b) => a - b));
          expect(typeof portalStatus).toBe('string');
          if (defaultService) expect(defaultService.currency).toBe(client.currency);
        }
      }
    } finally {
      await t.database.db.execute(sql`reset time zone`);
    }
  });
});

describe('clients: what each owes, read with the clients', () => {
  it("given a generated practice's invoices, payments and credit notes, then the list and the client page show what the ledger says each owes, less unused credit, in one statement each", async () => {
    const t = await createTestApp();
    const generated = await generatePractice(t.database.db, { clients: 30, seed: 11, passwordHash: 'not-a-real-hash' });
    const admin = await sessionFor(
      t,
      generated.members.find((m) => m.role === 'Admin')!,
    );
    const page = await send(t, 'GET', '/api/clients?pageSize=100', admin);
    expect(page.statusCode, page.body).toBe(200);
    const { items } = page.json<ClientList>();
    expect(items.length).toBeGreaterThan(0);
    let owing = 0;
    for (const client of items) {
      const ledger = await send(t, 'GET', `/api/billing-payment/client-balance/${client.id}`, admin);
      expect(ledger.statusCode, ledger.body).toBe(200);
      const inCurrency = ledger.json<ClientBalance>().balances.find((balance) => balance.currency === client.currency);
      const expected = inCurrency ? inCurrency.outstandingMinor - inCurrency.creditMinor : 0;
      expect(client.balanceMinor, `client ${client.id}`).toBe(expected);
      if (expected !== 0) owing += 1;
    }
    expect(owing, 'some generated clients owe or hold credit').toBeGreaterThan(0);

    const someone = items.find((client) => client.balanceMinor !== 0)!;
    const url = `/api/clients/single-client/${someone.id}`;
    expect((await send(t, 'GET', url, admin)).statusCode).toBe(200); // the session check is remembered from here on
    const detail = await countStatements(t.database, () => send(t, 'GET', url, admin));
    expect(detail.result.json<ClientDetail>()).toMatchObject({ id: someone.id, balanceMinor: someone.balanceMinor });
    expect(detail.statements, 'the client with its balance and membership, and the audit row').toBeLessThanOrEqual(2);
    const listed = await countStatements(t.database, () => send(t, 'GET', '/api/clients?pageSize=25', admin));
    expect(listed.result.statusCode).toBe(200);
    expect(listed.statements, 'the page with its total and balances, and the audit row').toBeLessThanOrEqual(2);

    // The balance is the row the ledger's triggers keep (client_balances), not the ledger summed again on every read.
    await t.database.db.execute(
      sql`update client_balances set balance_minor = balance_minor + 1000
          where client_id = ${someone.id} and currency = ${someone.currency}`,
    );
    expect((await send(t, 'GET', url, admin)).json<ClientDetail>().balanceMinor).toBe(someone.balanceMinor + 1000);
  });
});
