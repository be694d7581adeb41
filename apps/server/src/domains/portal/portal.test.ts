import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { PORTAL_HOME_MESSAGES, type PortalHome, type PortalOpen } from '@halcyon/api/contract';
import { hashToken } from '../../platform/auth/tokens';
import { memberOf, readOutbox } from '../../test/auth';
import type { TestApp } from '../../test/app';
import { ledgerSetup } from '../billing/ledger/testing';
import {
  clientDocuments,
  clientPortalAccess,
  clientShares,
  clients,
  storedFiles,
  formLinks,
  measureLinks,
  notifications,
  portalSignInLinks,
} from '../../schema';

// Each test builds its own app and two practices: on two cores shared with other work, that alone can take 20 s.
vi.setConfig({ testTimeout: 120_000 });

const DAY = 86_400_000;

/** The token at the end of the newest link of `kind` e-mailed to `to`. */
function tokenFromOutbox(t: TestApp, to: string, kind: string): string | null {
  const message = readOutbox(t)
    .filter((m) => m.to.includes(to))
    .at(-1);
  const unfolded = (message?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`/Portal/${kind}/([A-Za-z0-9_%-]+)`).exec(unfolded);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * A practice whose client Morgan has active portal access, with a session next week, a conversation the therapist
 * started, a PHQ-9 and a form waiting, and an invoice sent; and another client without portal access.
 */
async function setup() {
  const c = await ledgerSetup();
  const { db } = c;
  const practiceId = c.practice.practiceId;
  await db.insert(clientPortalAccess).values({ practiceId, clientId: c.clientId, status: 'active' });
  await db
    .update(clients)
    .set({ therapistId: memberOf(c.practice, 'Therapist').userId })
    .where(eq(clients.id, c.clientId));
  await c.session({ daysAgo: -7, status: 'scheduled' });
  const started = await c.send('POST', '/api/messages', {
    payload: { kind: 'client', subject: 'Before our next session', clientId: c.clientId, body: 'Hello Morgan' },
  });
  expect(started.statusCode, started.body).toBe(201);
  const later = new Date(Date.now() + 14 * DAY);
  await db.insert(measureLinks).values({
    practiceId,
    clientId: c.clientId,
    measure: 'phq9',
    tokenHash: hashToken('measure-token-from-the-email'),
    expiresAt: later,
  });
  await db.insert(formLinks).values({
    practiceId,
    clientId: c.clientId,
    name: 'Intake form',
    templateCategory: 'intake',
    definition: { sections: [] } as never,
    tokenHash: hashToken('form-token-from-the-email'),
    expiresAt: later,
  });
  const invoice = await c.invoice({ lines: [c.free(6_500)], action: 'send' });
  const other = await c.addClient('Quinn', 'quinn@client.example');
  return { ...c, invoice, other };
}

async function signIn(c: Awaited<ReturnType<typeof setup>>, email = 'morgan@client.example') {
  const response = await c.t.app.inject({ method: 'POST', url: '/api/portal/sign-in', payload: { email } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ detail: PORTAL_HOME_MESSAGES.signInSent });
  return tokenFromOutbox(c.t, 'morgan@client.example', 'Home');
}

const home = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/portal/home/${encodeURIComponent(token)}` });
const open = (t: TestApp, token: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/portal/home/${encodeURIComponent(token)}/open`, payload });

describe('the client portal home', () => {
  it('given a client with portal access, when they ask with their address in any case, then a sign-in link opens their sessions, conversations and what waits for them', async () => {
    const c = await setup();
    const token = await signIn(c, 'MORGAN@Client.example');
    expect(token).not.toBeNull();
    const mail = readOutbox(c.t).filter((m) => m.subject.startsWith('Sign in to your client portal'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('The link works for 24 hours.');

    const response = await home(c.t, token!);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<PortalHome>();
    expect(page).toMatchObject({ clientFirstName: 'Morgan', timeZone: 'Europe/London' });
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0]).toMatchObject({ serviceName: 'Individual session', where: 'In person' });
    expect(page.conversations).toEqual([
      { id: expect.any(Number), subject: 'Before our next session', unread: 1, lastMessageAt: expect.any(String) },
    ]);
    expect(page.waiting.map((item) => [item.kind, item.title])).toEqual([
      ['measure', 'Patient Health Questionnaire (PHQ-9)'],
      ['form', 'Intake form'],
      ['invoice', 'Invoice INV-0001'],
    ]);
    expect(page.waiting[2]!.detail).toMatch(/^£65\.00 to pay by \d{1,2} \w+ \d{4}\.$/);
  });

  it('given an address without active portal access, then the answer is the same and nothing is sent', async () => {
    const c = await setup();
    const before = readOutbox(c.t).length;
    for (const email of ['quinn@client.example', 'nobody@example.com']) {
      const response = await c.t.app.inject({ method: 'POST', url: '/api/portal/sign-in', payload: { email } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ detail: PORTAL_HOME_MESSAGES.signInSent });
    }
    expect(readOutbox(c.t)).toHaveLength(before);
    const bad = await c.t.app.inject({
      method: 'POST',
      url: '/api/portal/sign-in',
      payload: { email: 'not-an-address' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('given an item opened from the home, then it gets a fresh link of its own and the e-mailed one stops; a conversation opens its thread', async () => {
    const c = await setup();
    const token = (await signIn(c))!;
    const page = (await home(c.t, token)).json<PortalHome>();
    const measure = page.waiting.find((item) => item.kind === 'measure')!;

    const opened = await open(c.t, token, { kind: 'measure', id: measure.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const url = opened.json<PortalOpen>().url;
    expect(url).toMatch(/^\/Measure\/[A-Za-z0-9_%-]+$/);
    const fresh = decodeURIComponent(url.split('/')[2]!);
    expect((await c.t.app.inject({ method: 'GET', url: `/api/measure-links/${fresh}` })).statusCode).toBe(200);
    const old = await c.t.app.inject({ method: 'GET', url: '/api/measure-links/measure-token-from-the-email' });
    expect(old.statusCode).toBe(404);

    const form = page.waiting.find((item) => item.kind === 'form')!;
    const formUrl = (await open(c.t, token, { kind: 'form', id: form.id })).json<PortalOpen>().url;
    expect(formUrl).toMatch(/^\/Form\//);

    const thread = await open(c.t, token, { kind: 'conversation', id: page.conversations[0]!.id });
    const threadToken = decodeURIComponent(thread.json<PortalOpen>().url.split('/')[3]!);
    const read = await c.t.app.inject({ method: 'GET', url: `/api/portal/messages/${threadToken}` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<{ subject: string }>().subject).toBe('Before our next session');
  });

  it('given a document the practice sent, then the home lists it and its download opens with a fresh link', async () => {
    const c = await setup();
    const practiceId = c.practice.practiceId;
    const key = `portal-test/${c.clientId}/letter`;
    await c.t.platform.storage.put(key, Readable.from([Buffer.from('Dear Morgan')]), 'text/plain');
    const [file] = await c.db
      .insert(storedFiles)
      .values({ practiceId, name: 'Letter.txt', size: 11, type: 'text/plain', storageKey: key })
      .returning({ id: storedFiles.id });
    const [document] = await c.db
      .insert(clientDocuments)
      .values({ practiceId, clientId: c.clientId, name: 'Letter to your GP', fileId: file!.id })
      .returning({ id: clientDocuments.id });
    await c.db.insert(clientShares).values({
      practiceId,
      clientId: c.clientId,
      itemKind: 'document',
      itemId: document!.id,
      documentId: document!.id,
      channel: 'email',
      tokenHash: hashToken('share-token-from-the-email'),
      expiresAt: new Date(Date.now() + 14 * DAY),
    });
    const token = (await signIn(c))!;
    const page = (await home(c.t, token)).json<PortalHome>();
    expect(page.documents.map((item) => item.name)).toEqual(['Letter to your GP']);

    const opened = await open(c.t, token, { kind: 'document', id: page.documents[0]!.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const url = opened.json<PortalOpen>().url;
    expect(url).toMatch(/^\/api\/shared-documents\//);
    const downloaded = await c.t.app.inject({ method: 'GET', url });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.body).toBe('Dear Morgan');
    const old = await c.t.app.inject({ method: 'GET', url: '/api/shared-documents/share-token-from-the-email' });
    expect(old.statusCode).toBe(404);
  });

  it('given a client writing first from their home, then their therapist is told and the new conversation opens with their message', async () => {
    const c = await setup();
    const token = (await signIn(c))!;
    const empty = await c.t.app.inject({
      method: 'POST',
      url: `/api/portal/home/${token}/conversations`,
      payload: { subject: 'Next week', body: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    const started = await c.t.app.inject({
      method: 'POST',
      url: `/api/portal/home/${token}/conversations`,
      payload: { subject: 'Next week', body: 'Could we move Tuesday to Wednesday?' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const threadToken = decodeURIComponent(started.json<PortalOpen>().url.split('/')[3]!);
    const thread = await c.t.app.inject({ method: 'GET', url: `/api/portal/messages/${threadToken}` });
    expect(thread.json<{ subject: string; messages: { body: string }[] }>()).toMatchObject({
      subject: 'Next week',
      messages: [{ body: 'Could we move Tuesday to Wednesday?' }],
    });
    const therapist = c.t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, memberOf(c.practice, 'Therapist').userId));
    expect((await therapist).map((row) => row.content)).toContain('Morgan Adeyemi wrote to you in “Next week”.');
    const page = (await home(c.t, token)).json<PortalHome>();
    expect(page.conversations.map((conversation) => conversation.subject)).toContain('Next week');
  });

  it('given an item that is not theirs or no longer waits, or an invoice without online payments, then it says so', async () => {
    const c = await setup();
    const token = (await signIn(c))!;
    const [theirs] = await c.db
      .insert(measureLinks)
      .values({
        practiceId: c.practice.practiceId,
        clientId: c.other,
        measure: 'gad7',
        tokenHash: hashToken('quinn-measure'),
        expiresAt: new Date(Date.now() + DAY),
      })
      .returning({ id: measureLinks.id });
    const notMine = await open(c.t, token, { kind: 'measure', id: theirs!.id });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ detail: PORTAL_HOME_MESSAGES.itemGone });
    const notOwed = await open(c.t, token, { kind: 'invoice', id: c.invoice.id + 1000 });
    expect(notOwed.statusCode).toBe(404);
    const unpaid = await open(c.t, token, { kind: 'invoice', id: c.invoice.id });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ detail: PORTAL_HOME_MESSAGES.noPayLink });
  });

  it('given portal access revoked, or the link expired or unknown, then the home says why', async () => {
    const c = await setup();
    const token = (await signIn(c))!;
    await c.db
      .update(portalSignInLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalSignInLinks.tokenHash, hashToken(token)));
    const expired = await home(c.t, token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ detail: PORTAL_HOME_MESSAGES.linkExpired });

    const again = (await signIn(c))!;
    expect((await home(c.t, again)).statusCode).toBe(200);
    await c.db.update(clientPortalAccess).set({ status: 'revoked' }).where(eq(clientPortalAccess.clientId, c.clientId));
    const ended = await home(c.t, again);
    expect(ended.statusCode).toBe(410);
    expect(ended.json()).toMatchObject({ detail: PORTAL_HOME_MESSAGES.accessEnded });

    const unknown = await home(c.t, 'no-such-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: PORTAL_HOME_MESSAGES.linkUnknown });
  });
});
