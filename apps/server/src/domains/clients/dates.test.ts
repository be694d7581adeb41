import { describe, expect, it } from 'vitest';
import {
  SESSION_NOT_STARTED,
  dateRangeMessage,
  DATE_RANGES,
  type ClientSession,
  type SessionNote,
  type TreatmentPlan,
} from '@halcyon/api/contract';
import { createTestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { clients } from './schema';

type Method = 'POST' | 'PUT' | 'PATCH';
interface Problem {
  detail: string;
  fields?: Record<string, string>;
}

/** Issue 11 item 4: every date of the clients vertical has a range, and what needs a session to have happened waits for it. */
async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const [row] = await t.database.db
    .insert(clients)
    .values({
      practiceId: practice.practiceId,
      firstName: 'Morgan',
      lastName: 'Adeyemi',
      email: 'morgan@client.example',
    })
    .returning({ id: clients.id });
  const clientId = row!.id;
  const send = (method: Method, url: string, payload: unknown, tokens: Tokens = therapist) =>
    t.app.inject({ method, url, headers: bearer(tokens), payload: payload as object });
  return { t, clientId, send, therapist };
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const at = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString();
const SESSION = { serviceName: 'Individual therapy', durationMinutes: 50, locationKind: 'in person' };

describe('session dates', () => {
  it('given a session in the year 3000 with a confirmation, then it is refused on its date and nothing is e-mailed', async () => {
    const c = await setup();
    const response = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, {
      ...SESSION,
      startsAt: '3000-01-12T10:00:00.000Z',
      sendConfirmation: true,
    });
    expect(response.statusCode).toBe(400);
    const problem = response.json<Problem>();
    expect(problem.fields?.startsAt).toBe(dateRangeMessage('the session date', DATE_RANGES.session));
    expect(problem.fields?.startsAt).toMatch(/^Choose the session date between \d{1,2} [A-Z][a-z]{2} \d{4} and /);
    expect(problem.fields?.startsAt).not.toMatch(/YYYY/);
    expect(readOutbox(c.t).filter((m) => m.to.includes('morgan@client.example'))).toHaveLength(0);
  });

  it('given a session 11 years back, or a series repeating until 2 years and more ahead, then each is refused', async () => {
    const c = await setup();
    const old = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, {
      ...SESSION,
      startsAt: at(-11 * 366),
    });
    expect(old.statusCode).toBe(400);
    const series = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, {
      ...SESSION,
      startsAt: at(7),
      recurrence: { frequency: 'weekly', until: day(3 * 366) },
    });
    expect(series.statusCode).toBe(400);
    expect(series.json<Problem>().fields?.['recurrence.until']).toMatch(/^Choose the last date between /);
  });

  it('given a session 2 years ahead less a week, then it is scheduled', async () => {
    const c = await setup();
    const response = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, {
      ...SESSION,
      startsAt: at(2 * 365 - 7),
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('attendance and signing wait for the session to start', () => {
  async function sessionAt(c: Awaited<ReturnType<typeof setup>>, startsAt: string) {
    const response = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, { ...SESSION, startsAt });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: ClientSession[] }>().items[0]!;
  }

  it('given a session tomorrow, when attendance is marked, then it is refused and the session stays scheduled', async () => {
    const c = await setup();
    const session = await sessionAt(c, at(1));
    const response = await c.send('PATCH', `/api/clients/single-session/attendance/${session.id}`, {
      status: 'attended',
      version: session.version,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>()).toMatchObject({
      detail: SESSION_NOT_STARTED.attendance,
      fields: { status: SESSION_NOT_STARTED.attendance },
    });
    const after = await c.t.app.inject({
      method: 'GET',
      url: `/api/clients/single-session/retrieve/${session.id}`,
      headers: bearer(c.therapist),
    });
    expect(after.json<ClientSession>().status).toBe('scheduled');
  });

  it('given a session that started an hour ago, when attendance is marked, then it is stored', async () => {
    const c = await setup();
    const session = await sessionAt(c, new Date(Date.now() - 3_600_000).toISOString());
    const response = await c.send('PATCH', `/api/clients/single-session/attendance/${session.id}`, {
      status: 'attended',
      version: session.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ClientSession>().status).toBe('attended');
  });

  it('given a drafted note of a session next week, when it is signed, then it is refused; once started it signs', async () => {
    const c = await setup();
    const future = await sessionAt(c, at(7));
    const draft = await c.send('POST', `/api/clients/sessions/note/create/${future.id}`, {
      contentHtml: '<p>Plan for the session.</p>',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const note = draft.json<SessionNote>();
    const sign = await c.send('POST', `/api/clients/sessions/note/sign/${note.id}`, { version: note.version });
    expect(sign.statusCode).toBe(400);
    expect(sign.json<Problem>().detail).toBe(SESSION_NOT_STARTED.sign);

    const past = await sessionAt(c, at(-1));
    const pastDraft = (
      await c.send('POST', `/api/clients/sessions/note/create/${past.id}`, { contentHtml: '<p>Went well.</p>' })
    ).json<SessionNote>();
    const signed = await c.send('POST', `/api/clients/sessions/note/sign/${pastDraft.id}`, {
      version: pastDraft.version,
    });
    expect(signed.statusCode, signed.body).toBe(200);
  });
});

describe('plan, review, risk, client and document dates', () => {
  async function plan(c: Awaited<ReturnType<typeof setup>>, startDate: string) {
    const response = await c.send('POST', `/api/clients/treatment-plan/create/${c.clientId}`, {
      title: 'Panic',
      startDate,
      goals: [{ description: 'Fewer panic attacks' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TreatmentPlan>();
  }

  it('given a plan whose review date is before its start, then it is refused on the review date', async () => {
    const c = await setup();
    const response = await c.send('POST', `/api/clients/treatment-plan/create/${c.clientId}`, {
      title: 'Panic',
      startDate: '2026-03-01',
      reviewDate: '2026-02-01',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().fields?.reviewDate).toBe('The review date must be on or after the start date.');
  });

  it("given a review dated before the plan's start, then it is refused with the start date in words", async () => {
    const c = await setup();
    const created = await plan(c, '2026-03-01');
    const response = await c.send('POST', `/api/clients/treatment-plan/reviews/${created.id}`, {
      reviewDate: '2026-02-01',
      outcome: 'continue',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().fields?.reviewDate).toBe(
      "The review date must be on or after the plan's start date (1 Mar 2026).",
    );
    const onStart = await c.send('POST', `/api/clients/treatment-plan/reviews/${created.id}`, {
      reviewDate: '2026-03-01',
      outcome: 'continue',
    });
    expect(onStart.statusCode, onStart.body).toBe(200);
  });

  it('given a review held in the future, or a next review before the review, then each is refused', async () => {
    const c = await setup();
    const created = await plan(c, '2026-01-01');
    const future = await c.send('POST', `/api/clients/treatment-plan/reviews/${created.id}`, {
      reviewDate: day(30),
      outcome: 'continue',
    });
    expect(future.json<Problem>().fields?.reviewDate).toMatch(/^Choose the review date between .* and today\.$/);
    const next = await c.send('POST', `/api/clients/treatment-plan/reviews/${created.id}`, {
      reviewDate: '2026-06-01',
      nextReviewDate: '2026-05-01',
      outcome: 'continue',
    });
    expect(next.json<Problem>().fields?.nextReviewDate).toBe(
      'The next review date must be on or after the review date.',
    );
  });

  it('given a risk item with a review before its date, or dated in the year 3000, then each is refused', async () => {
    const c = await setup();
    const item = { category: 'self-harm', severity: 'medium', description: 'Cut arm last week' };
    const before = await c.send('POST', `/api/clients/risk-log/create/${c.clientId}`, {
      ...item,
      date: '2026-05-02',
      reviewDate: '2026-05-01',
    });
    expect(before.json<Problem>().fields?.reviewDate).toBe('The review date must be on or after the date of the item.');
    const far = await c.send('POST', `/api/clients/risk-log/create/${c.clientId}`, { ...item, date: '3000-05-02' });
    expect(far.json<Problem>().fields?.date).toMatch(/^Choose the date between .* and today\.$/);
  });

  it('given a date of birth tomorrow, then it is refused in words', async () => {
    const c = await setup();
    const response = await c.send('PATCH', `/api/clients/single-client/${c.clientId}`, {
      dateOfBirth: day(2),
      version: 1,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().fields?.dateOfBirth).toBe('Choose the date of birth between 1 Jan 1900 and today.');
  });

  it('given a measure scheduled to start last year, then it is refused', async () => {
    const c = await setup();
    const response = await c.send('POST', `/api/clients/assessment-schedules/${c.clientId}`, {
      measure: 'PHQ-9',
      startDate: day(-400),
      repeatEveryWeeks: null,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Problem>().fields?.startDate).toMatch(/^Choose the first date between today and /);
  });
});
