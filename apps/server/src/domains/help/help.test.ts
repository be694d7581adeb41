import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CONTACT_SENT_MESSAGE,
  FEEDBACK_COMMENT_MAX,
  HELP_MESSAGE_MAX,
  TEXT_CONTROL_MESSAGE,
  type FeedbackList,
} from '@halcyon/api/contract';
import { memberships, practiceDetails } from '../../schema';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { HELP_LIMITS } from './routes';

/** A header of an .eml with folded lines joined. */
function header(raw: string, name: string): string {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1]?.trim() ?? '';
}

/** The text of an .eml with quoted-printable soft breaks joined. */
const bodyOf = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

async function setUp(env: NodeJS.ProcessEnv = {}) {
  const t = await createTestApp(env);
  const practice = await seedPractice(t);
  const admin = memberOf(practice, 'Admin');
  const therapist = memberOf(practice, 'Therapist');
  const assistant = memberOf(practice, 'Assistant');
  return {
    t,
    practice,
    admin,
    therapist,
    adminTokens: await sessionFor(t, admin),
    therapistTokens: await sessionFor(t, therapist),
    assistantTokens: await sessionFor(t, assistant),
  };
}

const contact = (t: TestApp, tokens: Tokens, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/help/contact', headers: bearer(tokens), payload: payload as object });
const giveFeedback = (t: TestApp, tokens: Tokens, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/help/feedback', headers: bearer(tokens), payload: payload as object });
const listFeedback = (t: TestApp, tokens: Tokens, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/help/feedback${query}`, headers: bearer(tokens) });

const message = {
  subject: 'Invoices show the wrong currency',
  message: 'Since this morning my invoices show USD instead of GBP.\nCould you have a look?',
  replyTo: 'Tomas.Reply@Example.org',
};

describe('Need help: contact us', { timeout: 90_000 }, () => {
  it("given SUPPORT_EMAIL is not set, when a Therapist sends a message, then an e-mail to the practice's Admin lands in the outbox with the reply-to address", async () => {
    const { t, admin, therapist, therapistTokens } = await setUp();
    const response = await contact(t, therapistTokens, message);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ detail: CONTACT_SENT_MESSAGE });

    const sent = readOutbox(t);
    expect(sent).toHaveLength(1);
    const raw = sent[0]!.raw;
    expect(header(raw, 'To')).toBe(admin.email);
    expect(header(raw, 'Reply-To')).toBe('tomas.reply@example.org');
    expect(header(raw, 'Subject')).toContain('Invoices show the wrong currency');
    expect(header(raw, 'Subject')).toContain(`${therapist.firstName} ${therapist.lastName}`);
    const body = bodyOf(raw);
    expect(body).toContain('Since this morning my invoices show USD instead of GBP.');
    expect(body).toContain(`signed in as ${therapist.email}`);
    expect(body).toContain('(Therapist)');
  });

  it('given SUPPORT_EMAIL, when an Admin sends a message, then it goes to that address', async () => {
    const { t, adminTokens } = await setUp({ SUPPORT_EMAIL: 'support@halcyon.example' });
    const response = await contact(t, adminTokens, message);
    expect(response.statusCode, response.body).toBe(200);
    const [sent] = readOutbox(t);
    expect(header(sent!.raw, 'To')).toBe('support@halcyon.example');
  });

  it("given the practice's contact e-mail (Settings > Practice) and no SUPPORT_EMAIL, then the message goes there", async () => {
    const { t, practice, therapistTokens } = await setUp();
    await t.database.db
      .insert(practiceDetails)
      .values({ practiceId: practice.practiceId, contactEmail: 'hello@willow.example' });
    expect((await contact(t, therapistTokens, message)).statusCode).toBe(200);
    expect(header(readOutbox(t)[0]!.raw, 'To')).toBe('hello@willow.example');
  });

  it('given a line break in the subject, then 400 with the text rule message and no e-mail', async () => {
    const { t, therapistTokens } = await setUp();
    const response = await contact(t, therapistTokens, { ...message, subject: 'Help\r\nBcc: everyone@example.org' });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields.subject).toBe(TEXT_CONTROL_MESSAGE);
    expect(readOutbox(t)).toHaveLength(0);
  });

  it('given markup in the subject and the message, then the e-mail has one subject line and escaped HTML', async () => {
    const { t, therapistTokens } = await setUp();
    const response = await contact(t, therapistTokens, {
      ...message,
      subject: 'Help <b>Bcc: everyone@example.org</b>',
      message: '<script>alert(1)</script>',
    });
    expect(response.statusCode, response.body).toBe(200);
    const raw = readOutbox(t)[0]!.raw;
    const headers = raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(header(raw, 'Subject')).toContain('Help <b>Bcc: everyone@example.org</b>');
    expect(bodyOf(raw)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('given bad input, then 400 with a message per field and no e-mail', async () => {
    const { t, therapistTokens } = await setUp();
    const response = await contact(t, therapistTokens, {
      subject: '   ',
      message: 'x'.repeat(HELP_MESSAGE_MAX + 1),
      replyTo: 'not-an-address',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      subject: 'Enter a subject.',
      message: `Use at most ${HELP_MESSAGE_MAX} characters.`,
      replyTo: 'Enter a valid e-mail address.',
    });
    const unknown = await contact(t, therapistTokens, { ...message, cc: 'x@example.org' });
    expect(unknown.statusCode).toBe(400);
    expect(readOutbox(t)).toHaveLength(0);
  });

  it('given an Assistant (SPEC.md §6: Need-help is for Admin and Therapist), then 403 and no e-mail', async () => {
    const { t, assistantTokens } = await setUp();
    const response = await contact(t, assistantTokens, message);
    expect(response.statusCode).toBe(403);
    expect(readOutbox(t)).toHaveLength(0);
  });

  it('given a member sends more messages in an hour than the limit, then the next one answers 429 and sends nothing', async () => {
    const { t, therapistTokens } = await setUp();
    const max = HELP_LIMITS.contact.account.max;
    for (let i = 0; i < max; i += 1) {
      expect((await contact(t, therapistTokens, message)).statusCode).toBe(200);
    }
    const blocked = await contact(t, therapistTokens, message);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Too many attempts\. Please wait \d+ minutes? before trying again\.$/);
    expect(readOutbox(t)).toHaveLength(max);
  });

  it('given the practice has no active Admin and no SUPPORT_EMAIL, then 503 with a sentence to act on', async () => {
    const { t, practice, admin, therapistTokens } = await setUp();
    await t.database.db.update(memberships).set({ status: 'deactivated' }).where(eq(memberships.userId, admin.userId));
    expect(practice.members.filter((m) => m.role === 'Admin')).toHaveLength(1);
    const response = await contact(t, therapistTokens, message);
    expect(response.statusCode).toBe(503);
    expect(response.json().detail).toMatch(/no support address is set up/);
  });
});

describe('Need help: feedback', { timeout: 90_000 }, () => {
  it('given feedback from a Therapist and the Admin, then the Admin sees both, newest first, with authors and the mean rating', async () => {
    const { t, admin, therapist, adminTokens, therapistTokens } = await setUp();
    const first = await giveFeedback(t, therapistTokens, { rating: 4, comment: '  The calendar is lovely.  ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      rating: 4,
      comment: 'The calendar is lovely.',
      author: { id: therapist.userId, firstName: therapist.firstName, lastName: therapist.lastName },
    });
    const second = await giveFeedback(t, adminTokens, { rating: 1 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ rating: 1, comment: '' });

    const list = await listFeedback(t, adminTokens);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<FeedbackList>();
    expect(body.items.map((f) => [f.rating, f.author?.id])).toEqual([
      [1, admin.userId],
      [4, therapist.userId],
    ]);
    expect(body).toMatchObject({ total: 2, page: 1, averageRating: 2.5 });
  });

  it('given a Therapist, when they open the list, then 403; an Assistant may not give feedback either', async () => {
    const { t, therapistTokens, assistantTokens } = await setUp();
    await giveFeedback(t, therapistTokens, { rating: 5, comment: 'Private to the Admin' });
    const list = await listFeedback(t, therapistTokens);
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain('Private to the Admin');
    expect((await giveFeedback(t, assistantTokens, { rating: 5 })).statusCode).toBe(403);
  });

  it("given another practice's Admin, then they see none of this practice's feedback", async () => {
    const { t, therapistTokens } = await setUp();
    await giveFeedback(t, therapistTokens, { rating: 2, comment: 'Only for Willow' });
    const other = await seedPractice(t);
    const otherAdmin = await sessionFor(t, memberOf(other, 'Admin'));
    const list = await listFeedback(t, otherAdmin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ items: [], total: 0, averageRating: null });
    expect(list.body).not.toContain('Only for Willow');
  });

  it('given bad input, then 400 with a message per field and nothing stored', async () => {
    const { t, adminTokens, therapistTokens } = await setUp();
    const response = await giveFeedback(t, therapistTokens, {
      rating: 6,
      comment: 'x'.repeat(FEEDBACK_COMMENT_MAX + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      rating: 'Choose a rating from 1 to 5.',
      comment: `Use at most ${FEEDBACK_COMMENT_MAX} characters.`,
    });
    const missing = await giveFeedback(t, therapistTokens, { comment: 'No rating' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ rating: 'Choose a rating from 1 to 5.' });
    expect((await giveFeedback(t, therapistTokens, { rating: 2.5 })).statusCode).toBe(400);
    expect((await listFeedback(t, adminTokens)).json<FeedbackList>().total).toBe(0);
  });

  it('given more than a page of feedback, then pages hold the newest first and a bad page number is a 400', async () => {
    const { t, adminTokens, therapistTokens } = await setUp();
    for (let rating = 1; rating <= 5; rating += 1) {
      for (let i = 0; i < 5; i += 1) await giveFeedback(t, rating % 2 ? therapistTokens : adminTokens, { rating });
    }
    const first = (await listFeedback(t, adminTokens)).json<FeedbackList>();
    expect(first.items).toHaveLength(20);
    expect(first.total).toBe(25);
    expect(first.items[0]!.rating).toBe(5);
    const second = (await listFeedback(t, adminTokens, '?page=2')).json<FeedbackList>();
    expect(second.items.map((f) => f.rating)).toEqual([1, 1, 1, 1, 1]);
    expect(second.averageRating).toBe(3);
    const bad = await listFeedback(t, adminTokens, '?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ page: 'Pages start at 1.' });
  });
});
