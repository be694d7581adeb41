import { describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES, routes, type Invitation, type Role } from '@halcyon/api/contract';
import { createTestApp, type TestApp } from '../../test/app';
import {
  TEST_PASSWORD,
  bearer,
  lastLinkToken,
  memberOf,
  readOutbox,
  seedPractice,
  sessionFor,
  signIn,
  type Tokens,
} from '../../test/auth';

const NEW_PASSWORD = 'copper-valley-sparrow-31';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const admin = memberOf(practice, 'Admin');
  return { t, practice, admin, adminTokens: await sessionFor(t, admin) };
}

const get = (t: TestApp, url: string, tokens: Tokens) => t.app.inject({ method: 'GET', url, headers: bearer(tokens) });

describe('user details and therapist profiles (SPEC.md §7)', () => {
  it('given a signed-in member, then /api/user-details answers exactly id, first_name, last_name, email, role', async () => {
    const { t, practice } = await setup();
    for (const role of ['Admin', 'Therapist', 'Assistant'] as const) {
      const member = memberOf(practice, role);
      const response = await get(t, '/api/user-details', await sessionFor(t, member));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toStrictEqual({
        id: member.userId,
        first_name: member.firstName,
        last_name: member.lastName,
        email: member.email,
        role,
      });
    }
  });

  it('given a numeric id of a colleague, then their professional profile; another practice or no such id answers 404', async () => {
    const { t, practice, adminTokens } = await setup();
    const other = await seedPractice(t);
    const therapist = memberOf(practice, 'Therapist');
    const response = await get(t, `/api/therapist/retrieve/${therapist.userId}`, adminTokens);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: therapist.userId,
      firstName: therapist.firstName,
      lastName: therapist.lastName,
      email: therapist.email,
      title: expect.any(String),
      professionalBody: expect.any(String),
      registrationNumber: expect.any(String),
      phone: expect.any(String),
      photoUrl: null,
    });
    for (const id of [memberOf(other, 'Therapist').userId, 999_999]) {
      const missing = await get(t, `/api/therapist/retrieve/${id}`, adminTokens);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'That team member was not found.' });
    }
  });

  it.each(['abc', '0', '-3', '1.5', '99999999999'])('given the id %s, then 400 with a message on id', async (id) => {
    const { t, adminTokens } = await setup();
    const response = await get(t, `/api/therapist/retrieve/${id}`, adminTokens);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('id');
  });
});

describe('invitations', () => {
  it('given an Admin invites with a role, then the e-mail goes out and accepting sets name and password and signs in', async () => {
    const { t, practice, adminTokens } = await setup();
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/practice/invitations',
      headers: bearer(adminTokens),
      payload: { email: 'Nell@Example.com', role: 'Assistant' },
    });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(invite.json()).toMatchObject({ email: 'nell@example.com', role: 'Assistant' });
    const mail = readOutbox(t).find((m) => m.to.includes('nell@example.com'));
    expect(mail?.raw).toContain(practice.name);
    const token = lastLinkToken(t, 'nell@example.com');

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, firstName: 'Nell', lastName: 'Gray', password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBe('Use at least 12 characters.');

    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, firstName: 'Nell', lastName: 'Gray', password: NEW_PASSWORD },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const me = await get(t, '/api/user-details', accept.json<Tokens>());
    expect(me.json()).toMatchObject({
      first_name: 'Nell',
      last_name: 'Gray',
      email: 'nell@example.com',
      role: 'Assistant',
    });
    await signIn(t.app, 'nell@example.com', NEW_PASSWORD);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token, firstName: 'Eve', lastName: 'Gray', password: NEW_PASSWORD },
    });
    expect(again.statusCode).toBe(400);
    const members = await get(t, '/api/practice/members', adminTokens);
    expect(members.json<{ items: { email: string }[] }>().items.map((m) => m.email)).toContain('nell@example.com');
  });

  it('given an invitee accepts, then every active Admin of the practice gets an unread "<Name> joined your practice" notification, and nobody else does', async () => {
    const { t, practice, adminTokens } = await setup();
    const other = await seedPractice(t);
    const therapistTokens = await sessionFor(t, memberOf(practice, 'Therapist'));
    const otherAdminTokens = await sessionFor(t, memberOf(other, 'Admin'));
    await t.app.inject({
      method: 'POST',
      url: '/api/practice/invitations',
      headers: bearer(adminTokens),
      payload: { email: 'nell@example.com', role: 'Assistant' },
    });
    const countOf = async (tokens: Tokens) =>
      (await get(t, '/api/notifications/count', tokens)).json<{ count: number }>().count;
    expect(await countOf(adminTokens)).toBe(0);

    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: {
        token: lastLinkToken(t, 'nell@example.com'),
        firstName: 'Nell',
        lastName: 'Gray',
        password: NEW_PASSWORD,
      },
    });
    expect(accept.statusCode, accept.body).toBe(200);

    expect(await countOf(adminTokens)).toBe(1);
    const short = await get(t, '/api/new-notifications/short', adminTokens);
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json()).toEqual([
      expect.objectContaining({ title: 'Nell Gray joined your practice', category: 'info', read: false }),
    ]);
    expect(await countOf(therapistTokens)).toBe(0);
    expect(await countOf(otherAdminTokens)).toBe(0);
    expect(await countOf(accept.json<Tokens>())).toBe(0);
  });

  it('given an invitation link that was made up, then 400 with a readable detail', async () => {
    const { t } = await setup();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token: 'made-up-token', firstName: 'A', lastName: 'B', password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^This link is not valid any more/);
  });
});

describe('roles and deactivation', () => {
  it('given an Admin changes a role, then the member has the new role at once; the last Admin cannot be demoted', async () => {
    const { t, practice, admin, adminTokens } = await setup();
    const therapist = memberOf(practice, 'Therapist');
    const therapistTokens = await sessionFor(t, therapist);
    const change = await t.app.inject({
      method: 'PUT',
      url: `/api/practice/members/${therapist.userId}/role`,
      headers: bearer(adminTokens),
      payload: { role: 'Assistant' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({ id: therapist.userId, role: 'Assistant' });
    expect((await get(t, '/api/user-details', therapistTokens)).json().role).toBe('Assistant');

    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/practice/members/${admin.userId}/role`,
      headers: bearer(adminTokens),
      payload: { role: 'Therapist' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().detail).toBe('A practice needs at least one active Admin. Make someone else an Admin first.');

    const badRole = await t.app.inject({
      method: 'PUT',
      url: `/api/practice/members/${therapist.userId}/role`,
      headers: bearer(adminTokens),
      payload: { role: 'Owner' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().fields.role).toBe('Choose Admin, Therapist or Assistant.');
  });

  it('given a member is deactivated, then their sessions end, and login and refresh are refused', async () => {
    const { t, practice, adminTokens } = await setup();
    const therapist = memberOf(practice, 'Therapist');
    const tokens = await sessionFor(t, therapist);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/practice/members/${therapist.userId}/deactivate`,
      headers: bearer(adminTokens),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('deactivated');
    expect((await get(t, '/api/user-details', tokens)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refresh_token: tokens.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: therapist.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().detail).toBe("Your account has been deactivated. Please ask your practice's Admin.");
  });

  it('given invitations waiting, then the Admin lists them, sends one again (the old link stops) and revokes one (its link stops); another practice gets 404', async () => {
    const { t, adminTokens } = await setup();
    const send = (method: 'GET' | 'POST', url: string, payload?: object, tokens = adminTokens) =>
      t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
    const accept = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/accept-invitation',
        payload: { token, firstName: 'Ada', lastName: 'Ray', password: NEW_PASSWORD },
      });
    const ada = (
      await send('POST', '/api/practice/invitations', { email: 'ada@example.com', role: 'Therapist' })
    ).json<Invitation>();
    const firstLink = lastLinkToken(t, 'ada@example.com');
    const bo = (
      await send('POST', '/api/practice/invitations', { email: 'bo@example.com', role: 'Assistant' })
    ).json<Invitation>();
    const boLink = lastLinkToken(t, 'bo@example.com');
    expect(ada).toMatchObject({ status: 'waiting', invitedBy: expect.stringMatching(/\S+ \S+/) });

    const listed = (await send('GET', '/api/practice/invitations')).json<{ items: Invitation[] }>();
    expect(listed.items.map((i) => [i.email, i.role, i.status])).toEqual([
      ['bo@example.com', 'Assistant', 'waiting'],
      ['ada@example.com', 'Therapist', 'waiting'],
    ]);

    const again = await send('POST', `/api/practice/invitations/${ada.id}/resend`);
    expect(again.statusCode, again.body).toBe(200);
    const secondLink = lastLinkToken(t, 'ada@example.com');
    expect(secondLink).not.toBe(firstLink);
    expect((await accept(firstLink)).statusCode).toBe(400);
    const afterResend = (await send('GET', '/api/practice/invitations')).json<{ items: Invitation[] }>();
    expect(afterResend.items.map((i) => i.email)).toEqual(['ada@example.com', 'bo@example.com']);

    const revoked = await send('POST', `/api/practice/invitations/${bo.id}/revoke`);
    expect(revoked.json()).toEqual({ detail: INVITATION_MESSAGES.revoked('bo@example.com') });
    expect((await accept(boLink)).statusCode).toBe(400);
    const twice = await send('POST', `/api/practice/invitations/${bo.id}/revoke`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ detail: INVITATION_MESSAGES.notFound });

    const other = await seedPractice(t);
    const outsider = await sessionFor(t, memberOf(other, 'Admin'));
    const ownId = (await send('GET', '/api/practice/invitations')).json<{ items: Invitation[] }>().items[0]!.id;
    expect((await send('POST', `/api/practice/invitations/${ownId}/revoke`, undefined, outsider)).statusCode).toBe(404);
    expect((await send('GET', '/api/practice/invitations', undefined, outsider)).json()).toEqual({ items: [] });

    expect((await accept(secondLink)).statusCode).toBe(200);
    expect((await send('GET', '/api/practice/invitations')).json()).toEqual({ items: [] });
  });

  it('given an address invited twice, then only the second link works', async () => {
    const { t, adminTokens } = await setup();
    const invite = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/practice/invitations',
        headers: bearer(adminTokens),
        payload: { email: 'cy@example.com', role: 'Therapist' },
      });
    await invite();
    const first = lastLinkToken(t, 'cy@example.com');
    await invite();
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invitation',
      payload: { token: first, firstName: 'Cy', lastName: 'Ray', password: NEW_PASSWORD },
    });
    expect(accepted.statusCode).toBe(400);
    const listed = await get(t, '/api/practice/invitations', adminTokens);
    expect(listed.json<{ items: Invitation[] }>().items).toHaveLength(1);
  });

  it('given an Admin deactivates themself, then 409', async () => {
    const { t, admin, adminTokens } = await setup();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/practice/members/${admin.userId}/deactivate`,
      headers: bearer(adminTokens),
    });
    expect(response.statusCode).toBe(409);
  });

  it.each(['Therapist', 'Assistant'] as const)(
    'given the %s role, then every route of the contract not open to it answers 403 with a readable detail and changes nothing',
    async (role: Role) => {
      const { t, practice } = await setup();
      const tokens = await sessionFor(t, memberOf(practice, role));
      const adminOnly = Object.entries(routes).filter(
        ([, spec]) => Array.isArray(spec.access) && !(spec.access as readonly Role[]).includes(role),
      );
      expect(adminOnly.map(([name]) => name)).toEqual(
        expect.arrayContaining([
          'inviteMember',
          'listInvitations',
          'revokeInvitation',
          'changeMemberRole',
          'deactivateMember',
          'updatePractice',
        ]),
      );
      const target = memberOf(practice, 'Admin').userId;
      for (const [name, spec] of adminOnly) {
        const url = spec.path.replace(/:([A-Za-z_]+)/g, String(target));
        const response = await t.app.inject({
          method: spec.method,
          url,
          headers: bearer(tokens),
          ...(spec.method === 'GET' || spec.method === 'DELETE' ? {} : { payload: {} }),
        });
        expect(response.statusCode, name).toBe(403);
        expect(response.json().detail, name).toBe(
          `This is not available to the ${role} role. Ask your practice's Admin if you need it.`,
        );
      }
      const me = await get(t, '/api/practice/members', await sessionFor(t, memberOf(practice, 'Admin')));
      expect(me.json<{ items: { status: string }[] }>().items.every((m) => m.status === 'active')).toBe(true);
    },
  );
});
