import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, seedPractice, signIn } from '../../test/auth';
import { NotificationService } from './service';

async function setUp() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const therapist = memberOf(practice, 'Therapist');
  const tokens = await signIn(t.app, therapist.email);
  const service = new NotificationService(t.database.db);
  return { t, practice, therapist, tokens, service };
}

async function csrf(t: TestApp, access: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/messages-notifications/csrf-token',
    headers: bearer(access),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ csrfToken: string }>().csrfToken;
}

describe('notifications', { timeout: 90_000 }, () => {
  it('given no notifications, when the panel and the sidebar load, then the list is empty and the count is 0', async () => {
    const { t, tokens } = await setUp();
    const list = await t.app.inject({ method: 'GET', url: '/api/new-notifications/short', headers: bearer(tokens) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/count', headers: bearer(tokens) });
    expect(count.json()).toEqual({ count: 0 });
  });

  it('given notifications created by another domain, then the member sees their own, newest first, and the unread count', async () => {
    const { t, practice, therapist, tokens, service } = await setUp();
    const admin = memberOf(practice, 'Admin');
    await service.create({
      practiceId: practice.practiceId,
      userId: therapist.userId,
      title: 'Session in 15 minutes',
      content: 'Your 10:00 session starts soon.',
      category: 'info',
    });
    await service.create({
      practiceId: practice.practiceId,
      userId: therapist.userId,
      title: 'Registration expires soon',
      content: 'Your BACP registration expires in 14 days.',
      category: 'warning',
    });
    await service.create({
      practiceId: practice.practiceId,
      userId: admin.userId,
      title: 'For the Admin',
      content: '',
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/new-notifications/short', headers: bearer(tokens) });
    const items = list.json<{ title: string; category: string; read: boolean }[]>();
    expect(items.map((n) => n.title)).toEqual(['Registration expires soon', 'Session in 15 minutes']);
    expect(items[0]).toMatchObject({
      category: 'warning',
      read: false,
      content: 'Your BACP registration expires in 14 days.',
    });
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/count', headers: bearer(tokens) });
    expect(count.json()).toEqual({ count: 2 });
  });

  it('given a notification, when it is marked read with the CSRF token, then the count drops and the list shows it read', async () => {
    const { t, practice, therapist, tokens, service } = await setUp();
    const created = await service.create({
      practiceId: practice.practiceId,
      userId: therapist.userId,
      title: 'New message',
      content: 'A client wrote to you.',
      category: 'message',
    });
    const token = await csrf(t, tokens.access_token);
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/notifications/mark-as-read/${created.id}`,
      headers: { ...bearer(tokens), 'x-csrf-token': token },
      payload: { read: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ id: created.id, read: true });
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/count', headers: bearer(tokens) });
    expect(count.json()).toEqual({ count: 0 });
    const list = await t.app.inject({ method: 'GET', url: '/api/new-notifications/short', headers: bearer(tokens) });
    expect(list.json()[0]).toMatchObject({ id: created.id, read: true });
  });

  it('given a missing or foreign CSRF token, when marking read, then 403 with a sentence and nothing changes', async () => {
    const { t, practice, therapist, tokens, service } = await setUp();
    const created = await service.create({
      practiceId: practice.practiceId,
      userId: therapist.userId,
      title: 'A',
      content: 'B',
    });
    const url = `/api/notifications/mark-as-read/${created.id}`;
    const missing = await t.app.inject({ method: 'POST', url, headers: bearer(tokens), payload: { read: true } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().detail).toBe(
      'The security token is missing or has expired. Please reload the page and try again.',
    );
    // A token of another session (the Admin's) does not work for this one.
    const admin = await signIn(t.app, memberOf(practice, 'Admin').email);
    const foreign = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(tokens), 'x-csrf-token': await csrf(t, admin.access_token) },
      payload: { read: true },
    });
    expect(foreign.statusCode).toBe(403);
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/count', headers: bearer(tokens) });
    expect(count.json()).toEqual({ count: 1 });
  });

  it("given another member's or another practice's notification, when marking it read, then 404 and it stays unread", async () => {
    const { t, practice, tokens, service } = await setUp();
    const other = await seedPractice(t);
    const mine = memberOf(practice, 'Admin');
    const colleague = await service.create({
      practiceId: practice.practiceId,
      userId: mine.userId,
      title: 'X',
      content: '',
    });
    const foreign = await service.create({
      practiceId: other.practiceId,
      userId: memberOf(other, 'Therapist').userId,
      title: 'Y',
      content: '',
    });
    const token = await csrf(t, tokens.access_token);
    for (const id of [colleague.id, foreign.id, 999_999]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/mark-as-read/${id}`,
        headers: { ...bearer(tokens), 'x-csrf-token': token },
        payload: { read: true },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'That notification was not found.' });
    }
    expect(await service.unreadCount(practice.practiceId, mine.userId)).toBe(1);
    expect(await service.unreadCount(other.practiceId, memberOf(other, 'Therapist').userId)).toBe(1);
  });

  it('given bad input, when marking read, then 400 with field messages, and without a token 401', async () => {
    const { t, tokens } = await setUp();
    const token = await csrf(t, tokens.access_token);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/mark-as-read/abc',
      headers: { ...bearer(tokens), 'x-csrf-token': token },
      payload: { read: 'yes', extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ fields: Record<string, string> }>().fields)).toEqual(['id']);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/notifications/count' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().detail).toBe('Session expired. Please log in again.');
  });

  it("given an Assistant, then the notification calls answer (the panel is in every role's shell)", async () => {
    const t = await createTestApp();
    const practice = await seedPractice(t);
    const tokens = await signIn(t.app, memberOf(practice, 'Assistant').email);
    const count = await t.app.inject({ method: 'GET', url: '/api/notifications/count', headers: bearer(tokens) });
    expect(count.statusCode).toBe(200);
  });
});
