import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PORTAL_INVITATION_MESSAGES,
  type ClientActivityList,
  type ClientDetail,
  type ClientPortalAccess,
  type PortalAcceptance,
  type PortalInvitation,
} from '@halcyon/api/contract';
import { auditLog, notifications } from '../../schema';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { clientPortalAccess } from './schema';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t, { name: 'Harbour Counselling' });
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = memberOf(practice, 'Therapist');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: bearer(admin),
    payload: {
      firstName: 'Ada',
      lastName: 'Byron',
      preferredName: 'Addie',
      email: 'ada@example.com',
      therapistId: therapist.userId,
      sendPortalInvite: true,
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const client = created.json<ClientDetail>();
  return {
    t,
    practiceId: practice.practiceId,
    admin,
    therapistId: therapist.userId,
    client,
    token: lastPortalToken(t, 'ada@example.com'),
  };
}

/** The token at the end of the newest portal invitation link e-mailed to `to`. */
function lastPortalToken(t: TestApp, to: string): string {
  const message = readOutbox(t)
    .filter((m) => m.to.includes(to))
    .at(-1);
  const unfolded = (message?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /\/Portal\/Accept-invitation\/([A-Za-z0-9_%-]+)/.exec(unfolded);
  if (!match) throw new Error(`no portal invitation link sent to ${to}`);
  return decodeURIComponent(match[1]!);
}

const open = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/portal/invitation/${encodeURIComponent(token)}` });
const accept = (t: TestApp, token: string, payload: object = { agree: true }) =>
  t.app.inject({ method: 'POST', url: `/api/portal/accept/${encodeURIComponent(token)}`, payload });
const portalOf = async (t: TestApp, admin: Tokens, clientId: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/clients/portal/retrieve/${clientId}`, headers: bearer(admin) })
  ).json<ClientPortalAccess>();

describe('portal invitation link (/api/portal/invitation/:token, /api/portal/accept/:token)', () => {
  it('given a fresh invitation, when the client opens the link, then the practice, their first name and "valid" are answered, with no sign-in', async () => {
    const { t, token } = await setup();
    const response = await open(t, token);
    expect(response.statusCode, response.body).toBe(200);
    const invitation = response.json<PortalInvitation>();
    expect(invitation).toMatchObject({ practiceName: 'Harbour Counselling', clientFirstName: 'Addie', state: 'valid' });
    expect(new Date(invitation.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect(Object.keys(invitation).sort()).toEqual(['clientFirstName', 'expiresAt', 'practiceName', 'state']);
  });

  it('given a valid link, when the client agrees and accepts, then the portal access is active with its acceptance time, the activity log says so and the therapist is notified', async () => {
    const { t, admin, therapistId, client, token } = await setup();
    const response = await accept(t, token);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<PortalAcceptance>();
    expect(answer.detail).toBe(PORTAL_INVITATION_MESSAGES.accepted);

    const portal = await portalOf(t, admin, client.id);
    expect(portal.status).toBe('active');
    expect(portal.activatedAt).toBe(answer.acceptedAt);

    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/clients/activity-log/retrieve/${client.id}`,
      headers: bearer(admin),
    });
    expect(activity.json<ClientActivityList>().items.map((e) => e.summary)).toContain(
      'The client accepted the portal invitation',
    );

    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, therapistId));
    expect(notes).toEqual([
      expect.objectContaining({
        title: 'Portal invitation accepted',
        content: expect.stringContaining('Addie Byron accepted the invitation to the client portal'),
      }),
    ]);
  });

  it('given an accepted link, when it is used again, then 410 says it was already accepted and nothing changes; opening it answers "used"', async () => {
    const { t, admin, client, token } = await setup();
    expect((await accept(t, token)).statusCode).toBe(200);
    const first = await portalOf(t, admin, client.id);

    const again = await accept(t, token);
    expect(again.statusCode).toBe(410);
    expect(again.json<{ detail: string }>().detail).toBe(PORTAL_INVITATION_MESSAGES.used);
    expect(again.json<{ detail: string }>().detail).toContain('Ask your practice to send a new invitation');
    expect((await portalOf(t, admin, client.id)).activatedAt).toBe(first.activatedAt);

    const opened = await open(t, token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json<PortalInvitation>().state).toBe('used');
  });

  it('given two acceptances at once, then exactly one succeeds and the other answers 410', async () => {
    const { t, therapistId, token } = await setup();
    const answers = await Promise.all([accept(t, token), accept(t, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, therapistId));
    expect(notes).toHaveLength(1);
  });

  it('given an expired link, then opening answers "expired" and accepting answers 410 asking for a new invitation; the access stays invited', async () => {
    const { t, admin, client, token } = await setup();
    await t.database.db
      .update(clientPortalAccess)
      .set({ inviteExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(clientPortalAccess.clientId, client.id));

    expect((await open(t, token)).json<PortalInvitation>().state).toBe('expired');
    const response = await accept(t, token);
    expect(response.statusCode).toBe(410);
    expect(response.json<{ detail: string }>().detail).toBe(
      'This invitation has expired. Ask your practice to send a new invitation.',
    );
    expect((await portalOf(t, admin, client.id)).status).toBe('invited');
  });

  it('given a revoked invitation, then opening answers "revoked" and accepting answers 410; after a new invitation the old link is unknown and the new one works', async () => {
    const { t, admin, client, token } = await setup();
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/clients/portal/revoke/${client.id}`,
      headers: bearer(admin),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    expect((await open(t, token)).json<PortalInvitation>().state).toBe('revoked');
    const response = await accept(t, token);
    expect(response.statusCode).toBe(410);
    expect(response.json<{ detail: string }>().detail).toBe(PORTAL_INVITATION_MESSAGES.revoked);
    expect((await portalOf(t, admin, client.id)).status).toBe('revoked');

    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/clients/portal/invite/${client.id}`,
      headers: bearer(admin),
      payload: {},
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const fresh = lastPortalToken(t, 'ada@example.com');
    expect(fresh).not.toBe(token);
    expect((await open(t, token)).statusCode).toBe(404);
    expect((await accept(t, fresh)).statusCode).toBe(200);
  });

  it('given an active client whose access is revoked, then the accepted link answers "revoked", not "used"', async () => {
    const { t, admin, client, token } = await setup();
    expect((await accept(t, token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/clients/portal/revoke/${client.id}`, headers: bearer(admin) });
    expect((await open(t, token)).json<PortalInvitation>().state).toBe('revoked');
    expect((await accept(t, token)).statusCode).toBe(410);
  });

  it('given an unknown token, then both answer 404 with a sentence that says what to do, and nothing is revealed', async () => {
    const { t } = await setup();
    for (const response of [await open(t, 'not-a-real-token'), await accept(t, 'not-a-real-token')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json<{ detail: string }>().detail).toBe(PORTAL_INVITATION_MESSAGES.unknown);
      expect(response.body).not.toContain('Harbour');
    }
  });

  it('given no agreement, when accepting, then 400 says to tick the box and the link still works', async () => {
    const { t, admin, client, token } = await setup();
    for (const payload of [{}, { agree: false }]) {
      const response = await accept(t, token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(
        'Tick the box to agree to receive documents and forms from your practice online.',
      );
    }
    expect((await portalOf(t, admin, client.id)).status).toBe('invited');
    expect((await open(t, token)).json<PortalInvitation>().state).toBe('valid');
  });

  it('given a link opened and accepted, then the audit log records both for the practice as the client, never the token', async () => {
    const { t, practiceId, token } = await setup();
    await open(t, token);
    await accept(t, token);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.role, 'client'), eq(auditLog.practiceId, practiceId)));
    expect(rows.map((r) => r.action).sort()).toEqual(['accept', 'portalInvitationRetrieve']);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
