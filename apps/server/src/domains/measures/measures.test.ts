import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIn } from '@halcyon/api/time';
import { createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import {
  assessmentSchedules,
  clientSessions,
  clients,
  measureLinks,
  notifications,
  assessments as assessmentsTable,
} from '../../schema';
import { measureScheduleJob } from './job';
import { MeasuresService } from './service';
import { shiftDate } from '@halcyon/api/contract';

interface World {
  t: TestApp;
  therapist: Tokens;
  therapistId: number;
  therapistEmail: string;
  assistant: Tokens;
  intruder: Tokens;
  clientId: number;
  otherClientId: number;
}

async function world(): Promise<World> {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const therapistMember = memberOf(practice, 'Therapist');
  const [client] = await t.database.db
    .insert(clients)
    .values({
      practiceId: practice.practiceId,
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane.doe@client.example',
      therapistId: therapistMember.userId,
    })
    .returning();
  const [otherClient] = await t.database.db
    .insert(clients)
    .values({ practiceId: other.practiceId, firstName: 'Omar', lastName: 'Other', email: 'omar@client.example' })
    .returning();
  return {
    t,
    therapist: await sessionFor(t, therapistMember),
    therapistId: therapistMember.userId,
    therapistEmail: therapistMember.email,
    assistant: await sessionFor(t, memberOf(practice, 'Assistant')),
    intruder: await sessionFor(t, memberOf(other, 'Admin')),
    clientId: client!.id,
    otherClientId: otherClient!.id,
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
async function call(w: World, tokens: Tokens | null, method: Method, url: string, payload?: unknown) {
  return w.t.app.inject({
    method,
    url,
    headers: tokens ? bearer(tokens) : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** The token at the end of the newest /Measure/ link e-mailed to `to`. */
function measureToken(t: TestApp, to: string): string {
  const message = readOutbox(t)
    .filter((m) => m.to.includes(to))
    .at(-1);
  const unfolded = (message?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /\/Measure\/([A-Za-z0-9_%-]+)/.exec(unfolded);
  if (!match) throw new Error(`no measure link sent to ${to}`);
  return decodeURIComponent(match[1]!);
}

const PHQ9_MODERATE = [2, 2, 1, 2, 1, 1, 1, 1, 0, 1]; // 11: moderate
const GAD7_SEVERE = [3, 3, 3, 2, 2, 2, 1]; // 16

describe('assessments', () => {
  it('given a submitted PHQ-9, then the server scores it, lists it in a plain array and shows it with its answers', async () => {
    const w = await world();
    const created = await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
      measure: 'phq9',
      status: 'submitted',
      answers: PHQ9_MODERATE,
      completedOn: '2026-01-10',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      measure: 'phq9',
      status: 'submitted',
      score: 11,
      band: { label: 'Moderate' },
      aboveCutoff: true,
      source: 'therapist',
    });
    const list = await call(w, w.therapist, 'GET', `/api/clients/assessments/retrieve/${w.clientId}`);
    expect(list.statusCode).toBe(200);
    expect(Array.isArray(list.json())).toBe(true);
    expect(list.json()).toHaveLength(1);
    const single = await call(w, w.therapist, 'GET', `/api/clients/single-assessment/retrieve/${created.json().id}`);
    expect(single.json()).toMatchObject({ answers: PHQ9_MODERATE, score: 11 });
  });

  it('given a submitted assessment with an unanswered question, then 400 naming the question, nothing stored', async () => {
    const w = await world();
    const response = await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
      measure: 'gad7',
      status: 'submitted',
      answers: [0, 1, null, 0, 0, 0, 0],
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Answer question 3.');
    const list = await call(w, w.therapist, 'GET', `/api/clients/assessments/retrieve/${w.clientId}`);
    expect(list.json()).toEqual([]);
  });

  it('given answers that do not fit the measure (wrong count), then 400 saying how many questions it has', async () => {
    const w = await world();
    const response = await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
      measure: 'gad7',
      status: 'draft',
      answers: [0, 1],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/7 questions/);
  });

  it('given a draft, when it is completed and submitted, then it is scored; a submitted one cannot change; a stale version is 409', async () => {
    const w = await world();
    const draft = await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
      measure: 'gad7',
      status: 'draft',
      answers: [3, 3, null, null, null, null, null],
    });
    expect(draft.json()).toMatchObject({ status: 'draft', score: null, band: null, version: 1 });
    const id = draft.json().id as number;
    const stale = await call(w, w.therapist, 'PUT', `/api/clients/single-assessment/${id}`, {
      status: 'submitted',
      answers: GAD7_SEVERE,
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    const submitted = await call(w, w.therapist, 'PUT', `/api/clients/single-assessment/${id}`, {
      status: 'submitted',
      answers: GAD7_SEVERE,
      version: 1,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', score: 16, band: { label: 'Severe' }, version: 2 });
    const again = await call(w, w.therapist, 'PUT', `/api/clients/single-assessment/${id}`, {
      status: 'submitted',
      answers: [0, 0, 0, 0, 0, 0, 0],
      version: 2,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/submitted/);
  });

  it('given an assessment, when deleted, then SPEC.md §8 message and it is gone (404)', async () => {
    const w = await world();
    const created = await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
      measure: 'gad7',
      status: 'draft',
      answers: [0, null, null, null, null, null, null],
    });
    const id = created.json().id as number;
    const deleted = await call(w, w.therapist, 'DELETE', `/api/clients/single-assessment/${id}`);
    expect(deleted.json()).toEqual({ detail: 'Assessment was successfully deleted.' });
    expect((await call(w, w.therapist, 'GET', `/api/clients/single-assessment/retrieve/${id}`)).statusCode).toBe(404);
  });

  it('given PHQ-9 scores 18, 15, 11 over time, then insights give the series, baseline, latest, change and a reliable improvement', async () => {
    const w = await world();
    const scores: [string, (number | null)[]][] = [
      ['2026-01-01', [2, 2, 2, 2, 2, 2, 2, 2, 2, null]],
      ['2026-01-15', [2, 2, 2, 2, 2, 2, 1, 1, 1, null]],
      ['2026-02-01', PHQ9_MODERATE],
    ];
    for (const [completedOn, answers] of scores) {
      await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
        measure: 'phq9',
        status: 'submitted',
        answers,
        completedOn,
      });
    }
    // A draft never counts.
    await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
      measure: 'phq9',
      status: 'draft',
      answers: Array(10).fill(null),
    });
    const response = await call(w, w.therapist, 'GET', `/api/clients/assessment-insights/retrieve/${w.clientId}`);
    expect(response.statusCode).toBe(200);
    const [phq9] = response.json<{ measures: { series: { date: string; score: number }[] }[] }>().measures;
    expect(phq9).toMatchObject({
      measure: 'phq9',
      baseline: 18,
      latest: 11,
      change: -7,
      outcome: 'reliable improvement',
      clinicalCutoff: 10,
      reliableChangeThreshold: 6,
      latestBand: 'Moderate',
      latestAboveCutoff: true,
    });
    expect(phq9!.series.map((p) => [p.date, p.score])).toEqual([
      ['2026-01-01', 18],
      ['2026-01-15', 15],
      ['2026-02-01', 11],
    ]);
  });
});

describe('measures where higher is better, and the C-SSRS screener', () => {
  it('given WEMWBS rising from 38 to 47, then insights call it a reliable improvement, out of the clinical range', async () => {
    const w = await world();
    for (const [completedOn, answers] of [
      ['2026-01-05', [...Array(10).fill(3), 2, 2, 2, 2]],
      ['2026-03-02', [...Array(5).fill(4), ...Array(9).fill(3)]],
    ] as const) {
      const saved = await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
        measure: 'wemwbs',
        status: 'submitted',
        answers,
        completedOn,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const response = await call(w, w.therapist, 'GET', `/api/clients/assessment-insights/retrieve/${w.clientId}`);
    expect(response.json().measures[0]).toMatchObject({
      measure: 'wemwbs',
      better: 'higher',
      baseline: 38,
      latest: 47,
      change: 9,
      outcome: 'reliable improvement',
      latestBand: 'Average wellbeing',
      latestAboveCutoff: false,
    });
  });

  it('given a C-SSRS, then the follow-ups count only after a Yes, and an answer to one not asked is refused naming it', async () => {
    const w = await world();
    const refused = await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
      measure: 'cssrs',
      status: 'submitted',
      answers: [1, 0, 2, null, null, 0, null],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Leave question 3 unanswered: it is asked only when question 2 is answered Yes.');
    const saved = await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
      measure: 'cssrs',
      status: 'submitted',
      answers: [1, 1, 2, 0, 0, 2, 0],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ score: 2, band: { label: 'Moderate risk' }, aboveCutoff: true });
  });
});

describe('access', () => {
  it('given an Assistant, then every clinical read and write answers 403', async () => {
    const w = await world();
    for (const [method, url, payload] of [
      ['GET', `/api/clients/assessments/retrieve/${w.clientId}`],
      ['GET', `/api/clients/initial-assessment/retrieve/${w.clientId}`],
      ['GET', `/api/clients/assessment-insights/retrieve/${w.clientId}`],
      ['GET', `/api/clients/clinical-profile/retrieve/${w.clientId}`],
      ['GET', `/api/clients/diagnosis/retrieve/${w.clientId}`],
      [
        'POST',
        `/api/clients/assessments/${w.clientId}`,
        { measure: 'gad7', status: 'submitted', answers: GAD7_SEVERE },
      ],
    ] as [Method, string, unknown?][]) {
      const response = await call(w, w.assistant, method, url, payload);
      expect(response.statusCode, url).toBe(403);
    }
  });

  it("given another practice's client or records, then 404 and nothing changes", async () => {
    const w = await world();
    const created = await call(w, w.therapist, 'POST', `/api/clients/assessments/${w.clientId}`, {
      measure: 'gad7',
      status: 'submitted',
      answers: GAD7_SEVERE,
    });
    const id = created.json().id as number;
    expect((await call(w, w.intruder, 'GET', `/api/clients/assessments/retrieve/${w.clientId}`)).statusCode).toBe(404);
    expect((await call(w, w.intruder, 'GET', `/api/clients/single-assessment/retrieve/${id}`)).statusCode).toBe(404);
    expect((await call(w, w.intruder, 'DELETE', `/api/clients/single-assessment/${id}`)).statusCode).toBe(404);
    expect(
      (
        await call(w, w.intruder, 'POST', `/api/clients/assessments/send/${w.clientId}`, {
          measure: 'phq9',
          email: 'intruder@evil.example',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call(w, w.therapist, 'GET', `/api/clients/single-assessment/retrieve/${id}`)).statusCode).toBe(200);
    expect(readOutbox(w.t).filter((m) => m.to.includes('intruder@evil.example'))).toHaveLength(0);
  });
});

describe('links to fill in a measure', () => {
  it('given a link sent now, when the client submits it, then a submitted assessment is stored, the therapist is notified and the link is used up', async () => {
    const w = await world();
    const sent = await call(w, w.therapist, 'POST', `/api/clients/assessments/send/${w.clientId}`, {
      measure: 'phq9',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      detail: 'Item successfully shared with the client.',
      sentTo: 'jane.doe@client.example',
    });
    const token = measureToken(w.t, 'jane.doe@client.example');
    // Stored hashed: the token itself is nowhere in the table.
    const links = await w.t.database.db.select().from(measureLinks).where(eq(measureLinks.clientId, w.clientId));
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).not.toContain(token);

    const loaded = await call(w, null, 'GET', `/api/measure-links/${token}`);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({ measure: 'phq9' });
    expect(loaded.body).not.toContain('Doe');

    const incomplete = await call(w, null, 'POST', `/api/measure-links/${token}`, {
      answers: [1, 1, 1, null, 1, 1, 1, 1, 1, null],
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().detail).toBe('Answer question 4.');

    const submitted = await call(w, null, 'POST', `/api/measure-links/${token}`, {
      answers: [1, 1, 1, 1, 1, 1, 1, 1, 1, 0],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const list = await call(w, w.therapist, 'GET', `/api/clients/assessments/retrieve/${w.clientId}`);
    expect(list.json()).toEqual([
      expect.objectContaining({ measure: 'phq9', status: 'submitted', score: 9, source: 'client' }),
    ]);
    const notes = await w.t.database.db.select().from(notifications).where(eq(notifications.userId, w.therapistId));
    expect(notes).toEqual([expect.objectContaining({ title: 'PHQ-9 completed', category: 'warning' })]);
    expect(notes[0]!.content).toContain('Jane D. completed the PHQ-9: score 9 (Mild).');
    // Opening it goes to the client's scores.
    expect(notes[0]!.link).toBe(`/Clients/${w.clientId}?tab=assessments`);
    expect(notes[0]!.content).toContain('Item 9');
    // The therapist is e-mailed too (their preference is on by default), without the client's name or score.
    const mails = readOutbox(w.t).filter((m) => m.to.includes(w.therapistEmail));
    expect(mails.map((m) => m.subject)).toEqual(['A client completed the PHQ-9']);
    expect(mails[0]!.raw).not.toContain('Jane');

    const reused = await call(w, null, 'POST', `/api/measure-links/${token}`, { answers: Array(10).fill(0) });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().detail).toMatch(/already been completed/);
    expect((await call(w, null, 'GET', `/api/measure-links/${token}`)).statusCode).toBe(410);
    const after = await call(w, w.therapist, 'GET', `/api/clients/assessments/retrieve/${w.clientId}`);
    expect(after.json()).toHaveLength(1);
  });

  it('given a therapist who turned off "Outcome measures completed by clients", then no e-mail, the notification still comes', async () => {
    const w = await world();
    const off = await call(w, w.therapist, 'PUT', '/api/settings/notifications', {
      sessionRequests: true,
      messages: true,
      signedDocuments: true,
      paidInvoices: true,
      completedMeasures: false,
      expiringCompliance: true,
      failedReminders: true,
    });
    expect(off.statusCode, off.body).toBe(200);
    await call(w, w.therapist, 'POST', `/api/clients/assessments/send/${w.clientId}`, { measure: 'gad7' });
    const token = measureToken(w.t, 'jane.doe@client.example');
    const submitted = await call(w, null, 'POST', `/api/measure-links/${token}`, { answers: GAD7_SEVERE });
    expect(submitted.statusCode).toBe(200);
    expect(readOutbox(w.t).filter((m) => m.to.includes(w.therapistEmail))).toEqual([]);
    const notes = await w.t.database.db.select().from(notifications).where(eq(notifications.userId, w.therapistId));
    expect(notes).toHaveLength(1);
  });

  it('given an expired link, then loading or submitting it says it has expired, and nothing is stored', async () => {
    const w = await world();
    await call(w, w.therapist, 'POST', `/api/clients/assessments/send/${w.clientId}`, { measure: 'gad7' });
    const token = measureToken(w.t, 'jane.doe@client.example');
    await w.t.database.db
      .update(measureLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(measureLinks.clientId, w.clientId));
    const loaded = await call(w, null, 'GET', `/api/measure-links/${token}`);
    expect(loaded.statusCode).toBe(410);
    expect(loaded.json().detail).toBe('This link has expired. Please ask your therapist to send you a new one.');
    const submitted = await call(w, null, 'POST', `/api/measure-links/${token}`, { answers: GAD7_SEVERE });
    expect(submitted.statusCode).toBe(410);
    const stored = await w.t.database.db
      .select()
      .from(assessmentsTable)
      .where(eq(assessmentsTable.clientId, w.clientId));
    expect(stored).toEqual([]);
  });

  it('given an unknown token, then 404 with a sentence to act on', async () => {
    const w = await world();
    const response = await call(w, null, 'GET', '/api/measure-links/not-a-real-token');
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toMatch(/not valid/);
  });

  it('given someone guessing tokens, then after 30 wrong links in 15 minutes they get 429', async () => {
    const w = await world();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await call(w, null, 'GET', `/api/measure-links/guess-${i}`)).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('given a client without an e-mail address, then sending says to add one', async () => {
    const w = await world();
    await w.t.database.db.update(clients).set({ email: null }).where(eq(clients.id, w.clientId));
    const response = await call(w, w.therapist, 'POST', `/api/clients/assessments/send/${w.clientId}`, {
      measure: 'gad7',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/no e-mail address/);
  });
});

describe('scheduled measures', () => {
  it('given a one-off schedule starting today, then the link is sent at once and the schedule is done', async () => {
    const w = await world();
    const today = todayIn('Europe/London');
    const response = await call(w, w.therapist, 'POST', `/api/clients/assessment-schedules/${w.clientId}`, {
      measure: 'gad7',
      startDate: today,
      repeatEveryWeeks: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ active: false, nextSendOn: null });
    expect(response.json().lastSentAt).not.toBeNull();
    expect(readOutbox(w.t).filter((m) => m.to.includes('jane.doe@client.example'))).toHaveLength(1);
  });

  it('given a fortnightly schedule starting later, then nothing is sent until it is due, then once per due date', async () => {
    const w = await world();
    const start = shiftDate(todayIn('Europe/London'), { days: 3 });
    const created = await call(w, w.therapist, 'POST', `/api/clients/assessment-schedules/${w.clientId}`, {
      measure: 'phq9',
      startDate: start,
      repeatEveryWeeks: 2,
      email: 'someone.else@client.example',
    });
    expect(created.json()).toMatchObject({ active: true, nextSendOn: start, sendTo: 'someone.else@client.example' });
    expect(readOutbox(w.t)).toHaveLength(0);
    const service = new MeasuresService(w.t.platform);
    expect(await service.sendDue(start)).toBe(1);
    expect(await service.sendDue(start)).toBe(0);
    const list = await call(w, w.therapist, 'GET', `/api/clients/assessment-schedules/retrieve/${w.clientId}`);
    expect(list.json()[0]).toMatchObject({ nextSendOn: shiftDate(start, { days: 14 }), active: true });
    expect(readOutbox(w.t).filter((m) => m.to.includes('someone.else@client.example'))).toHaveLength(1);

    const cancelled = await call(
      w,
      w.therapist,
      'DELETE',
      `/api/clients/single-assessment-schedule/${created.json().id}`,
    );
    expect(cancelled.statusCode).toBe(200);
    expect(await service.sendDue(shiftDate(start, { days: 14 }))).toBe(0);
  });
});

describe('measures scheduled every few sessions', () => {
  it('given a schedule every 2 sessions, then the first link goes on the start date and the next after 2 attended sessions', async () => {
    const w = await world();
    const created = await call(w, w.therapist, 'POST', `/api/clients/assessment-schedules/${w.clientId}`, {
      measure: 'core10',
      startDate: todayIn('Europe/London'),
      repeatEverySessions: 2,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      active: true,
      nextSendOn: null,
      repeatEverySessions: 2,
      repeatEveryWeeks: null,
    });
    const toClient = () => readOutbox(w.t).filter((m) => m.to.includes('jane.doe@client.example'));
    expect(toClient()).toHaveLength(1);

    // As if the first link went out three weeks ago; the client then came to three sessions, one of them late.
    const sentAt = new Date(Date.now() - 21 * 86_400_000);
    await w.t.database.db
      .update(assessmentSchedules)
      .set({ lastSentAt: sentAt })
      .where(eq(assessmentSchedules.id, created.json<{ id: number }>().id));
    const [practice] = await w.t.database.db.select().from(clients).where(eq(clients.id, w.clientId));
    const sessions = await w.t.database.db
      .insert(clientSessions)
      .values(
        [22, 14, 7, 3].map((daysAgo) => ({
          practiceId: practice!.practiceId,
          clientId: w.clientId,
          therapistId: w.therapistId,
          serviceName: 'Individual therapy',
          startsAt: new Date(Date.now() - daysAgo * 86_400_000),
          endsAt: new Date(Date.now() - daysAgo * 86_400_000 + 3_600_000),
        })),
      )
      .returning({ id: clientSessions.id });
    const mark = (index: number, status: string) =>
      call(w, w.therapist, 'PATCH', `/api/clients/single-session/attendance/${sessions[index]!.id}`, {
        status,
        version: 1,
      });
    // Before the last send: not counted.
    expect((await mark(0, 'attended')).statusCode).toBe(200);
    expect((await mark(1, 'did not attend')).statusCode).toBe(200);
    expect((await mark(2, 'late')).statusCode).toBe(200);
    expect(toClient()).toHaveLength(1);
    expect((await mark(3, 'attended')).statusCode).toBe(200);
    expect(toClient()).toHaveLength(2);
    const [schedule] = (
      await call(w, w.therapist, 'GET', `/api/clients/assessment-schedules/retrieve/${w.clientId}`)
    ).json<{ lastSentAt: string }[]>();
    expect(new Date(schedule!.lastSentAt).getTime()).toBeGreaterThan(sentAt.getTime());
    // The count starts again from this send: the same sessions never send a third link.
    expect(await new MeasuresService(w.t.platform).sessionAttended(practice!.practiceId, w.clientId)).toBe(0);
  });

  it('given both weeks and sessions, then 400 saying to choose one', async () => {
    const w = await world();
    const response = await call(w, w.therapist, 'POST', `/api/clients/assessment-schedules/${w.clientId}`, {
      measure: 'phq9',
      startDate: todayIn('Europe/London'),
      repeatEveryWeeks: 2,
      repeatEverySessions: 3,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Repeat every few weeks or every few sessions, not both.');
  });
});

describe('the scheduled-measures job', () => {
  it('given a schedule that fell due, when the job runs, then the link is e-mailed; before the app is ready it fails (to be retried)', async () => {
    const w = await world();
    const created = await call(w, w.therapist, 'POST', `/api/clients/assessment-schedules/${w.clientId}`, {
      measure: 'k10',
      startDate: shiftDate(todayIn('Europe/London'), { days: 5 }),
      repeatEveryWeeks: 4,
    });
    await w.t.database.db
      .update(assessmentSchedules)
      .set({ nextSendOn: shiftDate(new Date().toISOString().slice(0, 10), { days: -1 }) })
      .where(eq(assessmentSchedules.id, created.json<{ id: number }>().id));
    await expect(measureScheduleJob(() => undefined).handler({}, { id: 'x', retryCount: 0 })).rejects.toThrow();
    await measureScheduleJob(() => w.t.platform).handler({}, { id: 'y', retryCount: 0 });
    expect(readOutbox(w.t).filter((m) => m.to.includes('jane.doe@client.example'))).toHaveLength(1);
  });
});

describe('initial assessment', () => {
  it('given none, then null; when saved, then one per client with versions; a stale save is 409 and keeps the stored text', async () => {
    const w = await world();
    const url = `/api/clients/initial-assessment/${w.clientId}`;
    const empty = await call(w, w.therapist, 'GET', `/api/clients/initial-assessment/retrieve/${w.clientId}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toBeNull();
    const created = await call(w, w.therapist, 'PUT', url, {
      presentingProblem: 'Low mood since redundancy',
      goals: 'Return to work',
      version: null,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ presentingProblem: 'Low mood since redundancy', version: 1 });
    const duplicate = await call(w, w.therapist, 'PUT', url, { presentingProblem: 'Other', version: null });
    expect(duplicate.statusCode).toBe(409);
    const updated = await call(w, w.therapist, 'PUT', url, { formulation: 'CBT formulation', version: 1 });
    expect(updated.json()).toMatchObject({ goals: 'Return to work', formulation: 'CBT formulation', version: 2 });
    const stale = await call(w, w.therapist, 'PUT', url, { goals: 'Overwrite', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toMatch(/changed elsewhere/);
    const read = await call(w, w.therapist, 'GET', `/api/clients/initial-assessment/retrieve/${w.clientId}`);
    expect(read.json()).toMatchObject({ goals: 'Return to work', version: 2 });
  });
});

describe('clinical profile and diagnosis', () => {
  it('given a section saved by type, then it is read by type, by id and in the list; a stale save is 409', async () => {
    const w = await world();
    const saved = await call(w, w.therapist, 'PUT', `/api/clients/clinical-profile/${w.clientId}/medication`, {
      content: 'Sertraline 50 mg',
      version: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sectionType: 'medication', content: 'Sertraline 50 mg', version: 1 });
    const byType = await call(
      w,
      w.therapist,
      'GET',
      `/api/clients/single-clinical-profile/retrieve-by-type/medication/${w.clientId}`,
    );
    expect(byType.json()).toMatchObject({ id: saved.json().id });
    const missing = await call(
      w,
      w.therapist,
      'GET',
      `/api/clients/single-clinical-profile/retrieve-by-type/history/${w.clientId}`,
    );
    expect(missing.json()).toBeNull();
    const byId = await call(
      w,
      w.therapist,
      'GET',
      `/api/clients/single-clinical-profile/retrieve-by-id/${saved.json().id}`,
    );
    expect(byId.json()).toMatchObject({ content: 'Sertraline 50 mg' });
    const list = await call(w, w.therapist, 'GET', `/api/clients/clinical-profile/retrieve/${w.clientId}`);
    expect(list.json()).toHaveLength(1);
    const stale = await call(w, w.therapist, 'PUT', `/api/clients/clinical-profile/${w.clientId}/medication`, {
      content: 'Other',
      version: 5,
    });
    expect(stale.statusCode).toBe(409);
    const intruder = await call(
      w,
      w.intruder,
      'GET',
      `/api/clients/single-clinical-profile/retrieve-by-id/${saved.json().id}`,
    );
    expect(intruder.statusCode).toBe(404);
  });

  it('given two primary diagnoses added in turn, then only the newer is primary and it is listed first; update and delete work', async () => {
    const w = await world();
    const url = `/api/clients/diagnosis/${w.clientId}`;
    const first = await call(w, w.therapist, 'POST', url, {
      system: 'ICD-10',
      code: 'F32.1',
      description: 'Moderate depressive episode',
      isPrimary: true,
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(w, w.therapist, 'POST', url, {
      system: 'ICD-11',
      code: '6B00',
      description: 'Generalised anxiety disorder',
      isPrimary: true,
    });
    const list = await call(w, w.therapist, 'GET', `/api/clients/diagnosis/retrieve/${w.clientId}`);
    expect(list.json<{ id: number; isPrimary: boolean }[]>().map((d) => [d.id, d.isPrimary])).toEqual([
      [second.json().id, true],
      [first.json().id, false],
    ]);
    const firstNow = list.json()[1];
    const updated = await call(w, w.therapist, 'PUT', `/api/clients/single-diagnosis/${firstNow.id}`, {
      system: 'DSM-5',
      code: null,
      description: 'Major depressive disorder, single episode, moderate',
      isPrimary: true,
      version: firstNow.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const after = await call(w, w.therapist, 'GET', `/api/clients/diagnosis/retrieve/${w.clientId}`);
    expect(after.json<{ isPrimary: boolean }[]>().filter((d) => d.isPrimary)).toHaveLength(1);
    expect(after.json()[0]).toMatchObject({ id: firstNow.id, system: 'DSM-5' });
    const removed = await call(w, w.therapist, 'DELETE', `/api/clients/single-diagnosis/${second.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call(w, w.intruder, 'DELETE', `/api/clients/single-diagnosis/${firstNow.id}`)).statusCode).toBe(404);
  });
});
