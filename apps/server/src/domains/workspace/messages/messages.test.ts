import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_MESSAGES,
  FILE_MESSAGES,
  type ClientActivityList,
  type ConversationList,
  type ConversationMessage,
  type ConversationThread,
  type PortalConversation,
  type StoredFile,
} from '@halcyon/api/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../../test/auth';
import { multipart, SAMPLE_FILES, upload } from '../../../test/upload';
import { notificationPreferences } from '../../account/schema';
import { clientPortalAccess, clients } from '../../clients/schema';
import { notifications } from '../../notifications/schema';

type Method = 'GET' | 'POST';

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t, { name: 'Harbour Counselling' });
  const other = await seedPractice(t);
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Admin'));
  const send = (method: Method, url: string, tokens: Tokens | null = therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: tokens ? bearer(tokens) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const addClient = async (practiceId: number, firstName: string, portal: 'active' | 'not invited') => {
    const email = `${firstName.toLowerCase()}@example.com`;
    const [client] = await t.database.db
      .insert(clients)
      .values({ practiceId, firstName, lastName: 'Byron', email })
      .returning({ id: clients.id });
    await t.database.db
      .insert(clientPortalAccess)
      .values({ practiceId, clientId: client!.id, status: portal, email, activatedAt: new Date() });
    return client!.id;
  };
  const clientId = await addClient(practice.practiceId, 'Ada', 'active');
  const uninvitedId = await addClient(practice.practiceId, 'Grace', 'not invited');
  const otherClientId = await addClient(other.practiceId, 'Alan', 'active');
  const start = async (body: object, tokens: Tokens = therapist): Promise<ConversationThread> => {
    const response = await send('POST', '/api/messages', tokens, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ConversationThread>();
  };
  const count = async (tokens: Tokens) => (await send('GET', '/api/messages/count', tokens)).json<{ count: number }>();
  return {
    t,
    practice,
    other,
    admin,
    therapist,
    assistant,
    outsider,
    send,
    start,
    count,
    clientId,
    uninvitedId,
    otherClientId,
    adminId: memberOf(practice, 'Admin').userId,
    therapistId: memberOf(practice, 'Therapist').userId,
    assistantId: memberOf(practice, 'Assistant').userId,
  };
}

/** The token of the newest message link e-mailed to `to`. */
function linkTokenFor(t: TestApp, to: string): string {
  const message = readOutbox(t)
    .filter((m) => m.to.includes(to))
    .at(-1);
  const match = /\/Portal\/Messages\/([A-Za-z0-9_%-]+)/.exec(message?.text ?? '');
  if (!match) throw new Error(`no message link sent to ${to}`);
  return decodeURIComponent(match[1]!);
}

describe('messages: the count, team conversations and unread state', { timeout: 120_000 }, () => {
  it('given no conversations, then the count is 0 (SPEC.md §7) and the list is empty; the csrf-token path answers', async () => {
    const c = await setup();
    expect(await c.count(c.therapist)).toEqual({ count: 0 });
    const list = await c.send('GET', '/api/messages');
    expect(list.json<ConversationList>()).toEqual({ items: [], page: 1, pageSize: 25, hasMore: false });
    const csrf = await c.send('GET', '/api/messages-notifications/csrf-token');
    expect(csrf.statusCode).toBe(200);
    expect(csrf.json<{ csrfToken: string }>().csrfToken).toEqual(expect.any(String));
  });

  it('given a Therapist writes to the Admin, then the Admin has 1 unread and a notification without the words, and reading it clears the count', async () => {
    const c = await setup();
    const thread = await c.start({
      kind: 'team',
      subject: 'Room booking',
      memberIds: [c.adminId],
      body: '  Can we swap rooms on Friday?  ',
    });
    expect(thread).toMatchObject({
      kind: 'team',
      subject: 'Room booking',
      unread: 0,
      clientId: null,
      others: [{ kind: 'member', id: c.adminId, name: expect.any(String) }],
      messages: [{ body: 'Can we swap rooms on Friday?', mine: true, sender: { kind: 'member', id: c.therapistId } }],
      hasOlder: false,
    });
    expect(await c.count(c.therapist)).toEqual({ count: 0 });
    expect(await c.count(c.admin)).toEqual({ count: 1 });

    const inbox = (await c.send('GET', '/api/messages', c.admin)).json<ConversationList>();
    expect(inbox.items).toEqual([
      expect.objectContaining({
        id: thread.id,
        unread: 1,
        lastMessage: expect.objectContaining({ preview: 'Can we swap rooms on Friday?' }),
      }),
    ]);
    const [note] = await c.t.database.db.select().from(notifications).where(eq(notifications.userId, c.adminId));
    expect(note).toMatchObject({ category: 'message', link: `/Messages/${thread.id}`, title: 'New message' });
    expect(note!.content).not.toContain('swap rooms');
    // The Admin's "New messages" e-mail preference is on by default: an e-mail without the message's words.
    const mail = readOutbox(c.t).filter((m) => m.subject.startsWith('New message from'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).not.toContain('swap rooms');

    const read = await c.send('POST', `/api/messages/${thread.id}/read`, c.admin);
    expect(read.json()).toEqual({ count: 0 });
    const reply = await c.send('POST', `/api/messages/${thread.id}/messages`, c.admin, { body: 'Yes, fine.' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<ConversationMessage>()).toMatchObject({ body: 'Yes, fine.', mine: true });
    expect(await c.count(c.therapist)).toEqual({ count: 1 });
    const seen = (await c.send('GET', `/api/messages/${thread.id}`)).json<ConversationThread>();
    expect(seen.messages.map((m) => [m.body, m.mine])).toEqual([
      ['Can we swap rooms on Friday?', true],
      ['Yes, fine.', false],
    ]);
  });

  it('given conversations, then the inbox searches their subject, who is in them and their messages, every word', async () => {
    const c = await setup();
    const rooms = await c.start({
      kind: 'team',
      subject: 'Room booking',
      memberIds: [c.adminId],
      body: 'Swap on Friday?',
    });
    const ada = await c.start({
      kind: 'client',
      clientId: c.clientId,
      subject: 'Appointments',
      body: 'Your next one is on Tuesday.',
    });
    const found = async (search: string, tokens = c.therapist) =>
      (await c.send('GET', `/api/messages?search=${encodeURIComponent(search)}`, tokens))
        .json<ConversationList>()
        .items.map((item) => item.id);
    expect(await found('room')).toEqual([rooms.id]);
    expect(await found('ada byron')).toEqual([ada.id]);
    expect(await found('tuesday')).toEqual([ada.id]);
    expect(await found('friday ada')).toEqual([]);
    expect(await found('room', c.outsider)).toEqual([]);
    expect((await c.send('GET', `/api/messages?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('given a member turned "New messages" e-mails off, then they are notified but not e-mailed', async () => {
    const c = await setup();
    await c.t.database.db
      .insert(notificationPreferences)
      .values({ userId: c.adminId, practiceId: c.practice.practiceId, messages: false });
    await c.start({ kind: 'team', subject: 'Rota', memberIds: [c.adminId], body: 'Next week?' });
    expect(readOutbox(c.t).filter((m) => m.subject.startsWith('New message from'))).toEqual([]);
    expect(await c.count(c.admin)).toEqual({ count: 1 });
  });
});

describe('messages: bad input is refused with a clear message and nothing is saved', { timeout: 120_000 }, () => {
  it.each([
    [
      'an empty message',
      { kind: 'team', subject: 'S', memberIds: [0], body: '   ' },
      'body',
      CONVERSATION_MESSAGES.empty,
    ],
    ['no subject', { kind: 'team', subject: '', body: 'Hi' }, 'subject', CONVERSATION_MESSAGES.subject],
    [
      'a team conversation with nobody',
      { kind: 'team', subject: 'S', body: 'Hi' },
      'memberIds',
      CONVERSATION_MESSAGES.members,
    ],
    [
      'a client conversation without a client',
      { kind: 'client', subject: 'S', body: 'Hi' },
      'clientId',
      CONVERSATION_MESSAGES.client,
    ],
  ])('given %s, then 400 names the field', async (_name, body, field, message) => {
    const c = await setup();
    const response = await c.send('POST', '/api/messages', c.therapist, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields[field]).toBe(message);
    expect((await c.send('GET', '/api/messages', c.therapist)).json<ConversationList>().items).toEqual([]);
  });

  it('given an Assistant, another practice’s member or client, or a client without active portal access, then refused', async () => {
    const c = await setup();
    const assistant = await c.send('POST', '/api/messages', c.therapist, {
      kind: 'team',
      subject: 'S',
      memberIds: [c.assistantId],
      body: 'Hi',
    });
    expect(assistant.json()).toMatchObject({ fields: { memberIds: CONVERSATION_MESSAGES.member } });
    const foreign = await c.send('POST', '/api/messages', c.therapist, {
      kind: 'team',
      subject: 'S',
      memberIds: [memberOf(c.other, 'Admin').userId],
      body: 'Hi',
    });
    expect(foreign.statusCode).toBe(400);
    const foreignClient = await c.send('POST', '/api/messages', c.therapist, {
      kind: 'client',
      subject: 'S',
      clientId: c.otherClientId,
      body: 'Hi',
    });
    expect(foreignClient.json()).toMatchObject({ fields: { clientId: CONVERSATION_MESSAGES.client } });
    const uninvited = await c.send('POST', '/api/messages', c.therapist, {
      kind: 'client',
      subject: 'S',
      clientId: c.uninvitedId,
      body: 'Hi',
    });
    expect(uninvited.json()).toMatchObject({ fields: { clientId: CONVERSATION_MESSAGES.clientPortal } });
    const empty = await c.send('POST', '/api/messages/1/messages', c.therapist, { body: '' });
    expect(empty.statusCode).toBe(400);
    expect((await c.send('GET', '/api/messages', c.therapist)).json<ConversationList>().items).toEqual([]);
  });
});

describe('messages: roles and tenancy', { timeout: 120_000 }, () => {
  it('given the Assistant (SPEC.md §6 keeps them out of Messages), then every member route answers 403', async () => {
    const c = await setup();
    for (const [method, url, payload] of [
      ['GET', '/api/messages/count'],
      ['GET', '/api/messages'],
      ['GET', '/api/messages/recipients'],
      ['GET', '/api/messages/1'],
      ['POST', '/api/messages', { kind: 'team', subject: 'S', memberIds: [c.adminId], body: 'Hi' }],
      ['POST', '/api/messages/1/messages', { body: 'Hi' }],
      ['POST', '/api/messages/1/read'],
    ] as const) {
      const response = await c.send(method, url, c.assistant, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('given a conversation, then a member not in it and another practice answer 404, and nothing changes', async () => {
    const c = await setup();
    const thread = await c.start({ kind: 'client', subject: 'Next session', clientId: c.clientId, body: 'Hello Ada' });
    for (const tokens of [c.admin, c.outsider]) {
      expect((await c.send('GET', `/api/messages/${thread.id}`, tokens)).statusCode).toBe(404);
      expect((await c.send('POST', `/api/messages/${thread.id}/messages`, tokens, { body: 'x' })).statusCode).toBe(404);
      expect((await c.send('POST', `/api/messages/${thread.id}/read`, tokens)).statusCode).toBe(404);
    }
    const seen = (await c.send('GET', `/api/messages/${thread.id}`)).json<ConversationThread>();
    expect(seen.messages).toHaveLength(1);
    const recipients = (await c.send('GET', '/api/messages/recipients?q=a', c.outsider)).json<{ clients: unknown[] }>();
    expect(recipients.clients).not.toContainEqual(expect.objectContaining({ id: c.clientId }));
  });
});

describe('messages: a client conversation through the e-mailed link', { timeout: 120_000 }, () => {
  it('given a Therapist writes to a client, then the client gets a link without the words, reads and replies, and the Therapist sees 1 unread', async () => {
    const c = await setup();
    const thread = await c.start({
      kind: 'client',
      subject: 'Before our next session',
      clientId: c.clientId,
      body: 'Please bring your sleep diary.',
    });
    const mail = readOutbox(c.t).filter((m) => m.to.includes('ada@example.com'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('You have a new secure message from Harbour Counselling');
    expect(mail[0]!.text + mail[0]!.html).not.toContain('sleep diary');
    const token = linkTokenFor(c.t, 'ada@example.com');

    const page = await c.send('GET', `/api/portal/messages/${encodeURIComponent(token)}`, null);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<PortalConversation>()).toMatchObject({
      practiceName: 'Harbour Counselling',
      clientFirstName: 'Ada',
      subject: 'Before our next session',
      messages: [{ body: 'Please bring your sleep diary.', mine: false }],
    });

    const file = multipart({ name: 'diary.png', type: 'image/png', bytes: SAMPLE_FILES.png });
    const uploaded = await c.t.app.inject({
      method: 'POST',
      url: `/api/portal/messages/${encodeURIComponent(token)}/files`,
      payload: file.payload,
      headers: file.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const stored = uploaded.json<StoredFile>();
    const reply = await c.send('POST', `/api/portal/messages/${encodeURIComponent(token)}`, null, {
      body: 'Here it is.',
      attachmentIds: [stored.id],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<ConversationMessage>()).toMatchObject({
      mine: true,
      sender: { kind: 'client', id: c.clientId, name: 'Ada Byron' },
      attachments: [{ id: stored.id, name: 'diary.png', type: 'image/png' }],
    });

    expect(await c.count(c.therapist)).toEqual({ count: 1 });
    const seen = (await c.send('GET', `/api/messages/${thread.id}`)).json<ConversationThread>();
    expect(seen.messages.at(-1)).toMatchObject({ body: 'Here it is.', mine: false });
    const download = await c.send('GET', `/api/files/${stored.id}`);
    expect(download.statusCode).toBe(200);
    const clientDownload = await c.send(
      'GET',
      `/api/portal/messages/${encodeURIComponent(token)}/files/${stored.id}`,
      null,
    );
    expect(clientDownload.statusCode).toBe(200);

    const log = await c.send('GET', `/api/clients/activity-log/retrieve/${c.clientId}`, c.admin);
    expect(
      log
        .json<ClientActivityList>()
        .items.map((entry) => entry.summary)
        .join(' | '),
    ).toMatch(/message/);
  });

  it('given the client page polling its link, then the link’s use and the sign-in are recorded once a minute, not per read', async () => {
    const c = await setup();
    await c.start({ kind: 'client', subject: 'Check-in', clientId: c.clientId, body: 'How was the week?' });
    const url = `/api/portal/messages/${encodeURIComponent(linkTokenFor(c.t, 'ada@example.com'))}`;
    const signedIn = async () => {
      const [row] = await c.t.database.db
        .select({ at: clientPortalAccess.lastSignInAt })
        .from(clientPortalAccess)
        .where(eq(clientPortalAccess.clientId, c.clientId));
      return row?.at?.getTime() ?? null;
    };
    expect((await c.send('GET', url, null)).statusCode).toBe(200);
    const first = await signedIn();
    expect(first).not.toBeNull();
    for (let poll = 0; poll < 3; poll++) expect((await c.send('GET', url, null)).statusCode).toBe(200);
    expect(await signedIn()).toBe(first);
  });

  it('given a bad, expired or revoked link, then 404 or 410 with a sentence; a member’s file cannot be attached by the client', async () => {
    const c = await setup();
    await c.start({ kind: 'client', subject: 'Hello', clientId: c.clientId, body: 'Hi Ada' });
    const token = linkTokenFor(c.t, 'ada@example.com');
    const unknown = await c.send('GET', '/api/portal/messages/not-a-real-token', null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: CONVERSATION_MESSAGES.linkUnknown });

    const mine = await upload(c.t, c.therapist, { name: 'a.pdf', type: 'application/pdf', bytes: SAMPLE_FILES.pdf });
    const stolen = await c.send('POST', `/api/portal/messages/${encodeURIComponent(token)}`, null, {
      body: 'x',
      attachmentIds: [mine.json<StoredFile>().id],
    });
    expect(stolen.json()).toMatchObject({ fields: { attachmentIds: CONVERSATION_MESSAGES.attachment } });
    const empty = await c.send('POST', `/api/portal/messages/${encodeURIComponent(token)}`, null, { body: ' ' });
    expect(empty.json()).toMatchObject({ fields: { body: CONVERSATION_MESSAGES.empty } });

    await c.t.database.db
      .update(clientPortalAccess)
      .set({ status: 'revoked' })
      .where(eq(clientPortalAccess.clientId, c.clientId));
    const revoked = await c.send('GET', `/api/portal/messages/${encodeURIComponent(token)}`, null);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toEqual({ detail: CONVERSATION_MESSAGES.linkClosed });
  });

  it('given a file larger than the limit, then 413 says how large a file may be', async () => {
    const c = await setup();
    const big = await upload(c.t, c.therapist, {
      name: 'scan.pdf',
      type: 'application/pdf',
      bytes: Buffer.concat([SAMPLE_FILES.pdf, Buffer.alloc(c.t.config.UPLOAD_MAX_MB * 1024 * 1024 + 1, 32)]),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ detail: FILE_MESSAGES.tooLarge(c.t.config.UPLOAD_MAX_MB) });
  });
});

describe('messages: the generated practice', { timeout: 300_000 }, () => {
  it('given a generated practice with clients, then it has team and client conversations, the clients’ portal is active, and a clinician has unread messages', async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t, { clients: 12 });
    const therapists = practice.members.filter((m) => m.role !== 'Assistant');
    let unread = 0;
    let kinds = new Set<string>();
    for (const member of therapists) {
      const tokens = await sessionFor(t, member);
      const list = await t.app.inject({ method: 'GET', url: '/api/messages', headers: bearer(tokens) });
      expect(list.statusCode, list.body).toBe(200);
      const items = list.json<ConversationList>().items;
      kinds = new Set([...kinds, ...items.map((item) => item.kind)]);
      unread += (await t.app.inject({ method: 'GET', url: '/api/messages/count', headers: bearer(tokens) })).json<{
        count: number;
      }>().count;
    }
    expect(kinds).toEqual(new Set(['team', 'client']));
    expect(unread).toBeGreaterThan(0);
    const active = await t.database.db
      .select()
      .from(clientPortalAccess)
      .where(eq(clientPortalAccess.practiceId, practice.practiceId));
    expect(active.filter((row) => row.status === 'active').length).toBeGreaterThan(0);
  });
});
