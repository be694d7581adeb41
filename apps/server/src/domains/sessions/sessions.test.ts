import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  SESSIONS_CURSOR_GONE,
  SESSION_MESSAGES,
  type ClientSession,
  type ClientSessionPage,
  type ClientSessionSummary,
  type OtherService,
  type PrivateSessionNote,
  type SessionNote,
} from '@halcyon/api/contract';
import { countStatements, createTestApp, type TestApp } from '../../test/app';
import { bearer, memberOf, readOutbox, seedPractice, sessionFor, type Tokens } from '../../test/auth';
import { migrationsFolder } from '../../platform/db';
import { clients } from '../clients/schema';
import { clientSessions } from './schema';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function addClient(t: TestApp, practiceId: number, email: string | null = 'morgan@client.example') {
  const [row] = await t.database.db
    .insert(clients)
    .values({ practiceId, firstName: 'Morgan', lastName: 'Adeyemi', email })
    .returning({ id: clients.id });
  return row!.id;
}

async function setup() {
  const t = await createTestApp();
  const practice = await seedPractice(t);
  const other = await seedPractice(t);
  const therapist = await sessionFor(t, memberOf(practice, 'Therapist'));
  const admin = await sessionFor(t, memberOf(practice, 'Admin'));
  const assistant = await sessionFor(t, memberOf(practice, 'Assistant'));
  const outsider = await sessionFor(t, memberOf(other, 'Therapist'));
  const clientId = await addClient(t, practice.practiceId);
  const send = (method: Method, url: string, tokens: Tokens = therapist, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: bearer(tokens),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { t, practice, other, therapist, admin, assistant, outsider, clientId, send };
}

type Ctx = Awaited<ReturnType<typeof setup>>;

/** 12 January of next year, 10:00 UTC (10:00 in London, GMT): a session still to come, as a confirmation is for. */
const UPCOMING_DATE = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 12, 10));
const UPCOMING = UPCOMING_DATE.toISOString();
const UPCOMING_YEAR = UPCOMING_DATE.getUTCFullYear();
/** "Tuesday 12" for the e-mails' words. */
const UPCOMING_DAY = `${new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(UPCOMING_DATE)} 12`;

const SESSION = {
  serviceName: 'Individual therapy',
  startsAt: '2026-01-12T10:00:00.000Z',
  durationMinutes: 50,
  locationKind: 'in person',
  location: 'Room 2',
};

async function schedule(c: Ctx, overrides: Record<string, unknown> = {}, tokens: Tokens = c.therapist) {
  const response = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, tokens, {
    ...SESSION,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: ClientSession[] }>().items;
}

/** The practice allows double-booking, so "schedule anyway" saves over a clash. */
async function allowDoubleBooking(c: Ctx) {
  const saved = await c.send('PATCH', '/api/settings/appointments/preferences', c.admin, {
    allowDoubleBooking: true,
    version: 1,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function startNote(c: Ctx, sessionId: number, contentHtml = '<h3>Subjective</h3><p>Low mood this week.</p>') {
  const response = await c.send('POST', `/api/clients/sessions/note/create/${sessionId}`, c.therapist, {
    template: 'SOAP',
    contentHtml,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SessionNote>();
}

describe('scheduling sessions', () => {
  it('given a scheduled session, then the client list and the single retrieve show it with no notes, scheduled, for the caller', async () => {
    const c = await setup();
    const [created] = await schedule(c);
    expect(created).toMatchObject({
      clientId: c.clientId,
      serviceName: 'Individual therapy',
      startsAt: '2026-01-12T10:00:00.000Z',
      endsAt: '2026-01-12T10:50:00.000Z',
      durationMinutes: 50,
      status: 'scheduled',
      therapistId: memberOf(c.practice, 'Therapist').userId,
      sessionNotes: [],
      hasPrivateNote: false,
      cancellation: null,
      seriesId: null,
      version: 1,
    });
    const list = await c.send('GET', `/api/clients/sessions/retrieve/${c.clientId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ items: ClientSession[] }>().items.map((s) => s.id)).toEqual([created!.id]);
    const single = await c.send('GET', `/api/clients/single-session/retrieve/${created!.id}`);
    expect(single.json()).toEqual(created);
  });

  it('given weekly recurrence with a count, then that many sessions a week apart at the same local time across the clock change', async () => {
    const c = await setup();
    // London: GMT until 29 March 2026, then BST. 10:00 local is 10:00Z before and 09:00Z after.
    const items = await schedule(c, {
      startsAt: '2026-03-19T10:00:00.000Z',
      recurrence: { frequency: 'weekly', count: 3 },
    });
    expect(items.map((s) => s.startsAt).sort()).toEqual([
      '2026-03-19T10:00:00.000Z',
      '2026-03-26T10:00:00.000Z',
      '2026-04-02T09:00:00.000Z',
    ]);
    expect(new Set(items.map((s) => s.seriesId)).size).toBe(1);
    expect(items[0]!.seriesId).toBeTypeOf('string');
    expect(items.every((s) => s.recurrence === 'weekly')).toBe(true);
  });

  it('given fortnightly and monthly recurrence until a date, then the series stops on or before that local date', async () => {
    const c = await setup();
    const fortnightly = await schedule(c, {
      startsAt: '2026-01-05T09:00:00.000Z',
      recurrence: { frequency: 'fortnightly', until: '2026-02-02' },
    });
    expect(fortnightly.map((s) => s.startsAt.slice(0, 10)).sort()).toEqual(['2026-01-05', '2026-01-19', '2026-02-02']);
    const monthly = await schedule(c, {
      startsAt: '2026-01-31T14:00:00.000Z',
      recurrence: { frequency: 'monthly', until: '2026-04-30' },
      ignoreConflicts: true,
    });
    expect(monthly.map((s) => s.startsAt.slice(0, 10)).sort()).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('given a recurrence with neither count nor until, or an until before the start, then 400 says what to fix', async () => {
    const c = await setup();
    const missing = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
      ...SESSION,
      recurrence: { frequency: 'weekly' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Say how many times it repeats, or until which date.');
    const before = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
      ...SESSION,
      recurrence: { frequency: 'weekly', until: '2026-01-01' },
    });
    expect(before.statusCode).toBe(400);
    expect(before.json<{ detail: string }>().detail).toMatch(/before the first session/);
  });

  it('given the therapist already has a session at that time, then 409 warns of the conflict, and ignoreConflicts schedules it anyway', async () => {
    const c = await setup();
    await schedule(c);
    const clash = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
      ...SESSION,
      startsAt: '2026-01-12T10:30:00.000Z',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<{ detail: string }>().detail).toMatch(
      /^You already have a session \(Individual therapy with Morgan Adeyemi\) on .*Choose another time\.$/,
    );
    // Another therapist is free at that time.
    const admin = memberOf(c.practice, 'Admin').userId;
    await schedule(c, { startsAt: '2026-01-12T10:30:00.000Z', therapistId: admin });
    // "Schedule anyway" is saved where the practice allows double-booking.
    const refused = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
      ...SESSION,
      startsAt: '2026-01-12T10:30:00.000Z',
      ignoreConflicts: true,
    });
    expect(refused.statusCode).toBe(409);
    await allowDoubleBooking(c);
    const anyway = await schedule(c, { startsAt: '2026-01-12T10:30:00.000Z', ignoreConflicts: true });
    expect(anyway).toHaveLength(1);
    const list = await c.send('GET', `/api/clients/sessions/retrieve/${c.clientId}`);
    expect(list.json<{ items: ClientSession[] }>().items).toHaveLength(3);
  });

  it('given a therapist id from another practice, then 400 asks for a member of yours', async () => {
    const c = await setup();
    const response = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
      ...SESSION,
      therapistId: memberOf(c.other, 'Therapist').userId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.therapistNotMember);
  });

  it('given send confirmation, then the client is e-mailed the booking', async () => {
    const c = await setup();
    await schedule(c, { startsAt: UPCOMING, sendConfirmation: true });
    const mail = readOutbox(c.t).filter((m) => m.to.includes('morgan@client.example'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/is booked/);
  });

  it('given a session recorded after it happened, then no confirmation is e-mailed even when asked; a series that began in the past is confirmed from its next session', async () => {
    const c = await setup();
    await schedule(c, { startsAt: '2026-01-12T10:00:00.000Z', sendConfirmation: true });
    expect(readOutbox(c.t).filter((m) => m.to.includes('morgan@client.example'))).toHaveLength(0);

    const weekAgo = new Date(Date.now() - 7 * 86_400_000 + 3_600_000).toISOString();
    await schedule(c, { startsAt: weekAgo, sendConfirmation: true, recurrence: { frequency: 'weekly', count: 3 } });
    const [mail] = readOutbox(c.t).filter((m) => m.to.includes('morgan@client.example'));
    expect(mail?.text).toMatch(/2 Individual therapy sessions with [^\n]+ are booked, the first on /);
  });

  describe('the confirmation e-mail, as the client reads it', () => {
    // 10:00 in London (GMT) on a January day of next year; the year shows only when it is not this year.
    const WHEN = String.raw`${UPCOMING_DAY} January(?: ${UPCOMING_YEAR})? at 10:00 \(Europe/London\)`;
    const confirmation = (c: Ctx) => {
      const mail = readOutbox(c.t).filter((m) => m.to.includes('morgan@client.example'));
      expect(mail).toHaveLength(1);
      return mail[0]!;
    };

    it.each([
      ['Individual session', 'Individual session'],
      ['Individual therapy', 'Individual therapy session'],
      ['Initial consultation', 'Initial consultation'],
    ])(
      'given the service "%s", then it reads "Your %s with … on <day> at <time> (<zone>)", never "session session"',
      async (serviceName, phrase) => {
        const c = await setup();
        await schedule(c, { serviceName, startsAt: UPCOMING, sendConfirmation: true });
        const mail = confirmation(c);
        expect(mail.subject).toMatch(new RegExp(`^Your ${phrase} on ${WHEN} is booked$`));
        expect(mail.text).toMatch(new RegExp(`Your ${phrase} with [^\\n]+ on ${WHEN} is booked\\.`));
        expect(mail.text).toContain('Where: Room 2.');
        expect(`${mail.subject}\n${mail.text}`).not.toMatch(/session session/i);
      },
    );

    it('given a weekly series, then one e-mail names how many, in the plural, from the first', async () => {
      const c = await setup();
      await schedule(c, {
        serviceName: 'Individual session',
        startsAt: UPCOMING,
        sendConfirmation: true,
        recurrence: { frequency: 'weekly', count: 3 },
      });
      const mail = confirmation(c);
      expect(mail.subject).toMatch(new RegExp(`^Your Individual sessions from ${WHEN} are booked$`));
      expect(mail.text).toMatch(new RegExp(`3 Individual sessions with [^\\n]+ are booked, the first on ${WHEN}\\.`));
    });

    it('given a video session with its link, then the session keeps the link and the e-mail carries it', async () => {
      const c = await setup();
      const link = 'https://meet.example.org/quiet-harbour-42';
      const [created] = await schedule(c, {
        locationKind: 'video',
        location: '',
        videoLink: link,
        startsAt: UPCOMING,
        sendConfirmation: true,
      });
      expect(created).toMatchObject({ locationKind: 'video', videoLink: link });
      const mail = confirmation(c);
      expect(mail.text).toContain(`It takes place by video. Join it from this link at the time: ${link}`);
      expect(mail.html).toContain(`<a href="${link}">${link}</a>`);
      expect(mail.text).not.toContain('Where:');
    });

    it('given a video session without a link yet, then the e-mail says the link will follow', async () => {
      const c = await setup();
      await schedule(c, { locationKind: 'video', location: '', startsAt: UPCOMING, sendConfirmation: true });
      expect(confirmation(c).text).toContain('It takes place by video. The practice will send you the link to join.');
    });

    it('given a video link that is not an https address, then 400 names the field and nothing is booked', async () => {
      const c = await setup();
      for (const videoLink of ['http://meet.example.org/x', 'meet.example.org/x', 'https://not a link']) {
        const response = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
          ...SESSION,
          locationKind: 'video',
          videoLink,
        });
        expect(response.statusCode, videoLink).toBe(400);
        expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({
          videoLink: 'Enter the video link as a full address starting with https://',
        });
      }
      const list = await c.send('GET', `/api/clients/sessions/retrieve/${c.clientId}`);
      expect(list.json<{ items: ClientSession[] }>().items).toHaveLength(0);
    });

    it('given video sessions whose link was typed in the location, when the video-link migration runs, then the links move and nothing else does', async () => {
      const c = await setup();
      const row = (locationKind: string, location: string) => ({
        practiceId: c.practice.practiceId,
        clientId: c.clientId,
        serviceName: 'Individual session',
        startsAt: new Date('2026-01-12T10:00:00.000Z'),
        endsAt: new Date('2026-01-12T10:50:00.000Z'),
        locationKind,
        location,
      });
      const inserted = await c.t.database.db
        .insert(clientSessions)
        .values([
          row('video', 'https://meet.example.org/abc'),
          row('video', 'Ask reception for the link'),
          row('in person', 'https://maps.example.org/room-2'),
        ])
        .returning({ id: clientSessions.id });
      const migration = fs.readFileSync(path.join(migrationsFolder(), '0019_session_video_link.sql'), 'utf8');
      const move = migration.split('--> statement-breakpoint').find((statement) => /UPDATE/.test(statement))!;
      await c.t.database.db.execute(sql.raw(move));
      const after = await Promise.all(
        inserted.map(async ({ id }) => {
          const [found] = await c.t.database.db
            .select({ location: clientSessions.location, videoLink: clientSessions.videoLink })
            .from(clientSessions)
            .where(eq(clientSessions.id, id));
          return found;
        }),
      );
      expect(after).toEqual([
        { location: '', videoLink: 'https://meet.example.org/abc' },
        { location: 'Ask reception for the link', videoLink: null },
        { location: 'https://maps.example.org/room-2', videoLink: null },
      ]);
    });

    it('given a link on a session in person, then it is not kept', async () => {
      const c = await setup();
      const [created] = await schedule(c, { videoLink: 'https://meet.example.org/x' });
      expect(created).toMatchObject({ locationKind: 'in person', videoLink: null });
    });
  });
});

describe('changing, attendance, cancelling and deleting sessions', () => {
  it('given a reschedule with the current version, then it moves; with a stale version, then 409 and nothing changes', async () => {
    const c = await setup();
    const [s] = await schedule(c);
    const moved = await c.send('PUT', `/api/clients/single-session/${s!.id}`, c.therapist, {
      ...SESSION,
      startsAt: '2026-01-13T11:00:00.000Z',
      durationMinutes: 60,
      version: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<ClientSession>()).toMatchObject({
      startsAt: '2026-01-13T11:00:00.000Z',
      endsAt: '2026-01-13T12:00:00.000Z',
      version: 2,
    });
    const stale = await c.send('PUT', `/api/clients/single-session/${s!.id}`, c.therapist, {
      ...SESSION,
      startsAt: '2026-01-20T11:00:00.000Z',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.sessionChanged);
    const now = await c.send('GET', `/api/clients/single-session/retrieve/${s!.id}`);
    expect(now.json<ClientSession>().startsAt).toBe('2026-01-13T11:00:00.000Z');
  });

  it('given attendance marked, then the status and fee flag are stored and the version moves on', async () => {
    const c = await setup();
    const [s] = await schedule(c);
    const response = await c.send('PATCH', `/api/clients/single-session/attendance/${s!.id}`, c.therapist, {
      status: 'did not attend',
      chargeFee: true,
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ClientSession>()).toMatchObject({ status: 'did not attend', chargeFee: true, version: 2 });
    const wrong = await c.send('PATCH', `/api/clients/single-session/attendance/${s!.id}`, c.therapist, {
      status: 'cancelled',
      version: 2,
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('given a cancelled session, then it records who and why, e-mails the client, and its time slot is free again', async () => {
    const c = await setup();
    const [s] = await schedule(c);
    const none = await c.send('GET', `/api/clients/sessions/retrieve-cancellation/${s!.id}`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    const cancelled = await c.send('POST', `/api/clients/single-session/cancel/${s!.id}`, c.therapist, {
      cancelledBy: 'client',
      reason: 'Unwell',
      lateFee: true,
      notifyClient: true,
      version: 1,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json<ClientSession>();
    expect(body.status).toBe('cancelled');
    expect(body.cancellation).toMatchObject({ cancelledBy: 'client', reason: 'Unwell', lateFee: true });
    expect(body.cancellation!.notifiedAt).toBeTypeOf('string');
    const retrieved = await c.send('GET', `/api/clients/sessions/retrieve-cancellation/${s!.id}`);
    expect(retrieved.json()).toMatchObject({ sessionId: s!.id, cancelledBy: 'client', reason: 'Unwell' });
    const notice = readOutbox(c.t).find((m) => m.to.includes('morgan@client.example') && /cancelled/.test(m.subject));
    expect(notice?.text).toMatch(
      /Your Individual therapy session with [^\n]+ on Monday 12 January(?: 2026)? at 10:00 \(Europe\/London\) has been cancelled\./,
    );
    // The slot is released: the same time books without a conflict.
    const again = await schedule(c);
    expect(again).toHaveLength(1);
    const twice = await c.send('POST', `/api/clients/single-session/cancel/${s!.id}`, c.therapist, {
      cancelledBy: 'client',
      version: 2,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.alreadyCancelled);
  });

  it('given a session deleted, then it is gone; a session with a signed note cannot be deleted', async () => {
    const c = await setup();
    const [a, b] = await schedule(c, { recurrence: { frequency: 'weekly', count: 2 } });
    const deleted = await c.send('DELETE', `/api/clients/single-session/${a!.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ detail: 'Session was successfully deleted.' });
    expect((await c.send('GET', `/api/clients/single-session/retrieve/${a!.id}`)).statusCode).toBe(404);
    const note = await startNote(c, b!.id);
    await c.send('POST', `/api/clients/sessions/note/sign/${note.id}`, c.therapist, { version: note.version });
    const refused = await c.send('DELETE', `/api/clients/single-session/${b!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.sessionWithSignedNote);
  });
});

describe('session notes', () => {
  it('given a draft saved with its version, then the content is sanitised and the version moves on; a stale save is refused with 409 and nothing is overwritten', async () => {
    const c = await setup();
    const [s] = await schedule(c);
    const note = await startNote(c, s!.id, '<p>Hello<script>alert(1)</script> <a href="x" onclick="y">there</a></p>');
    expect(note).toMatchObject({ status: 'draft', template: 'SOAP', sessionId: s!.id, version: 1, addenda: [] });
    expect(note.contentHtml).toBe('<p>Hello there</p>');
    // The create answers the note as reading it does: its author named, no signer, no addendum.
    const read = await c.send('GET', `/api/clients/sessions/note/retrieve/${note.id}`);
    expect(note).toEqual(read.json<SessionNote>());
    const author = memberOf(c.practice, 'Therapist');
    expect(note.createdByName).toBe(`${author.firstName} ${author.lastName}`);
    const missing = await c.send('POST', `/api/clients/sessions/note/create/${s!.id + 100_000}`, c.therapist, {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.sessionNotFound);
    const saved = await c.send('PUT', `/api/clients/sessions/note/${note.id}`, c.therapist, {
      contentHtml: '<p>Second draft</p>',
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SessionNote>()).toMatchObject({ contentHtml: '<p>Second draft</p>', version: 2 });
    const stale = await c.send('PUT', `/api/clients/sessions/note/${note.id}`, c.therapist, {
      contentHtml: '<p>Written in another tab</p>',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.noteChanged);
    const now = await c.send('GET', `/api/clients/sessions/note/retrieve/${note.id}`);
    expect(now.json<SessionNote>()).toMatchObject({ contentHtml: '<p>Second draft</p>', version: 2 });
    // The session lists its note's summary (no text).
    const session = (await c.send('GET', `/api/clients/single-session/retrieve/${s!.id}`)).json<ClientSession>();
    expect(session.sessionNotes).toEqual([expect.objectContaining({ id: note.id, status: 'draft', version: 2 })]);
    expect(JSON.stringify(session)).not.toContain('Second draft');
    // One note per session.
    const second = await c.send('POST', `/api/clients/sessions/note/create/${s!.id}`, c.therapist, {});
    expect(second.statusCode).toBe(409);
  });

  it('given a signed note, then it is locked: edits and deletion are refused, and addenda are appended', async () => {
    const c = await setup();
    const [s] = await schedule(c);
    const note = await startNote(c, s!.id);
    const signed = await c.send('POST', `/api/clients/sessions/note/sign/${note.id}`, c.therapist, { version: 1 });
    expect(signed.statusCode, signed.body).toBe(200);
    const body = signed.json<SessionNote>();
    expect(body).toMatchObject({ status: 'signed', version: 2 });
    expect(body.signedAt).toBeTypeOf('string');
    expect(body.signedByName).toBeTypeOf('string');
    const edit = await c.send('PUT', `/api/clients/sessions/note/${note.id}`, c.therapist, {
      contentHtml: '<p>Rewritten history</p>',
      version: 2,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.noteSigned);
    const resign = await c.send('POST', `/api/clients/sessions/note/sign/${note.id}`, c.therapist, { version: 2 });
    expect(resign.statusCode).toBe(409);
    const del = await c.send('DELETE', `/api/clients/sessions/note/${note.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.signedNoteNotDeleted);
    const addendum = await c.send('POST', `/api/clients/sessions/note/addendum/${note.id}`, c.therapist, {
      contentHtml: '<p>Correction: the session started 10 minutes late.</p>',
    });
    expect(addendum.statusCode, addendum.body).toBe(200);
    const after = addendum.json<SessionNote>();
    expect(after.contentHtml).toBe(note.contentHtml);
    expect(after.addenda.map((a) => a.contentHtml)).toEqual([
      '<p>Correction: the session started 10 minutes late.</p>',
    ]);
    expect(after.addendaCount).toBe(1);
  });

  it('given a draft, then an addendum is refused, an empty note cannot be signed, and the draft can be deleted', async () => {
    const c = await setup();
    const [s] = await schedule(c);
    const note = await startNote(c, s!.id, '<p> </p>');
    const addendum = await c.send('POST', `/api/clients/sessions/note/addendum/${note.id}`, c.therapist, {
      contentHtml: '<p>Extra</p>',
    });
    expect(addendum.statusCode).toBe(409);
    expect(addendum.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.noteNotSigned);
    const sign = await c.send('POST', `/api/clients/sessions/note/sign/${note.id}`, c.therapist, { version: 1 });
    expect(sign.statusCode).toBe(400);
    expect(sign.json<{ detail: string }>().detail).toBe(SESSION_MESSAGES.noteEmpty);
    const del = await c.send('DELETE', `/api/clients/sessions/note/${note.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ detail: 'Session note was successfully deleted.' });
    expect((await c.send('GET', `/api/clients/sessions/note/retrieve/${note.id}`)).statusCode).toBe(404);
  });

  it('given a general note (no session), then it is listed and retrieved as a generic note, not as a session note', async () => {
    const c = await setup();
    const created = await c.send('POST', `/api/clients/sessions/generic-note/create/${c.clientId}`, c.therapist, {
      title: 'Phone call with GP',
      contentHtml: '<p>Discussed medication review.</p>',
    });
    expect(created.statusCode, created.body).toBe(200);
    const note = created.json<SessionNote>();
    expect(note).toMatchObject({ sessionId: null, title: 'Phone call with GP', template: 'free' });
    const list = await c.send('GET', `/api/clients/sessions/generic-notes/retrieve/${c.clientId}`);
    expect(list.json<{ items: SessionNote[] }>().items.map((n) => n.id)).toEqual([note.id]);
    const got = await c.send('GET', `/api/clients/sessions/generic-note/retrieve/${note.id}`);
    expect(got.json<SessionNote>().contentHtml).toBe('<p>Discussed medication review.</p>');
    expect((await c.send('GET', `/api/clients/sessions/note/retrieve/${note.id}`)).statusCode).toBe(404);
    const [s] = await schedule(c);
    const sessionNote = await startNote(c, s!.id);
    expect((await c.send('GET', `/api/clients/sessions/generic-note/retrieve/${sessionNote.id}`)).statusCode).toBe(404);
  });
});

describe('private session notes', () => {
  it('given a private note, then only its own route returns it, never the sessions list; stale saves are refused', async () => {
    const c = await setup();
    const [s] = await schedule(c);
    const empty = await c.send('GET', `/api/clients/sessions/private-note/retrieve/${s!.id}`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toBeNull();
    const saved = await c.send('PUT', `/api/clients/sessions/private-note/${s!.id}`, c.therapist, {
      contentHtml: '<p>Countertransference: felt protective.</p>',
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<PrivateSessionNote>()).toMatchObject({ version: 1, sessionId: s!.id });
    const list = await c.send('GET', `/api/clients/sessions/retrieve/${c.clientId}`);
    expect(list.body).not.toContain('Countertransference');
    expect(list.json<{ items: ClientSession[] }>().items[0]!.hasPrivateNote).toBe(true);
    const single = await c.send('GET', `/api/clients/single-session/retrieve/${s!.id}`);
    expect(single.body).not.toContain('Countertransference');
    const updated = await c.send('PUT', `/api/clients/sessions/private-note/${s!.id}`, c.therapist, {
      contentHtml: '<p>Revised.</p>',
      version: 1,
    });
    expect(updated.json<PrivateSessionNote>().version).toBe(2);
    const stale = await c.send('PUT', `/api/clients/sessions/private-note/${s!.id}`, c.therapist, {
      contentHtml: '<p>Old tab.</p>',
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const got = await c.send('GET', `/api/clients/sessions/private-note/retrieve/${s!.id}`);
    expect(got.json<PrivateSessionNote>().contentHtml).toBe('<p>Revised.</p>');
    const del = await c.send('DELETE', `/api/clients/sessions/private-note/${s!.id}`);
    expect(del.statusCode).toBe(200);
    expect((await c.send('GET', `/api/clients/sessions/private-note/retrieve/${s!.id}`)).json()).toBeNull();
  });
});

describe('other services', () => {
  it('given an other service recorded, changed and deleted, then the list follows and a stale change is refused', async () => {
    const c = await setup();
    const created = await c.send('POST', `/api/clients/other-services/create/${c.clientId}`, c.therapist, {
      name: 'Report writing',
      date: '2026-01-20',
      durationMinutes: 90,
      feeMinor: 12000,
    });
    expect(created.statusCode, created.body).toBe(200);
    const service = created.json<OtherService>();
    expect(service).toMatchObject({ name: 'Report writing', currency: 'GBP', feeMinor: 12000, version: 1 });
    const list = await c.send('GET', `/api/clients/other-services/retrieve/${c.clientId}`);
    expect(list.json<{ items: OtherService[] }>().items.map((s) => s.id)).toEqual([service.id]);
    const changed = await c.send('PUT', `/api/clients/other-service-details/${service.id}`, c.therapist, {
      name: 'Court report',
      date: '2026-01-21',
      durationMinutes: 120,
      feeMinor: 15000,
      version: 1,
    });
    expect(changed.json<OtherService>()).toMatchObject({ name: 'Court report', version: 2 });
    const stale = await c.send('PUT', `/api/clients/other-service-details/${service.id}`, c.therapist, {
      name: 'X',
      date: '2026-01-21',
      durationMinutes: 1,
      feeMinor: 1,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    const got = await c.send('GET', `/api/clients/other-service-details/retrieve/${service.id}`);
    expect(got.json<OtherService>().name).toBe('Court report');
    expect((await c.send('DELETE', `/api/clients/other-service-details/${service.id}`)).statusCode).toBe(200);
    expect((await c.send('GET', `/api/clients/other-service-details/retrieve/${service.id}`)).statusCode).toBe(404);
  });
});

/** 10:00 UTC on the day `days` from today (negative: in the past). */
const dayFromNow = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(10, 0, 0, 0);
  return at.toISOString();
};

describe("a client's sessions, a page at a time", () => {
  async function page(c: Ctx, query = '') {
    const response = await c.send('GET', `/api/clients/sessions/retrieve/${c.clientId}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ClientSessionPage>();
  }

  it('given 30 sessions, then the first page holds the 25 newest with a cursor, and the cursor gives the 5 older ones once each', async () => {
    const c = await setup();
    const all = await schedule(c, { startsAt: dayFromNow(-250), recurrence: { frequency: 'weekly', count: 30 } });
    expect(all).toHaveLength(30);
    const newestFirst = [...all].sort((a, b) => b.startsAt.localeCompare(a.startsAt)).map((s) => s.id);
    const first = await page(c);
    expect(first.items.map((s) => s.id)).toEqual(newestFirst.slice(0, 25));
    expect(first.nextCursor).toBe(newestFirst[24]);
    const second = await page(c, `?cursor=${first.nextCursor}`);
    expect(second.items.map((s) => s.id)).toEqual(newestFirst.slice(25));
    expect(second.nextCursor).toBeNull();
    const small = await page(c, '?limit=10');
    expect(small.items).toHaveLength(10);
    expect(small.nextCursor).toBe(newestFirst[9]);
  });

  it('given sessions at the same time, then pages of one walk them by id without losing or repeating any', async () => {
    const c = await setup();
    const at = dayFromNow(-3);
    await allowDoubleBooking(c);
    const ids = [
      ...(await schedule(c, { startsAt: at })),
      ...(await schedule(c, { startsAt: at, ignoreConflicts: true })),
      ...(await schedule(c, { startsAt: at, ignoreConflicts: true })),
    ].map((s) => s.id);
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const next: ClientSessionPage = await page(c, `?limit=1${cursor === null ? '' : `&cursor=${cursor}`}`);
      seen.push(...next.items.map((s) => s.id));
      cursor = next.nextCursor;
    } while (cursor !== null && seen.length < 10);
    expect(seen).toEqual([...ids].sort((a, b) => b - a));
  });

  it("given a cursor that is not one of the client's sessions, or a page size out of range, then 400 says what to do", async () => {
    const c = await setup();
    const otherClient = await addClient(c.t, c.practice.practiceId, null);
    const [theirs] = await c
      .send('POST', `/api/clients/sessions/create/${otherClient}`, c.therapist, SESSION)
      .then((r) => r.json<{ items: ClientSession[] }>().items);
    const gone = await c.send('GET', `/api/clients/sessions/retrieve/${c.clientId}?cursor=${theirs!.id}`);
    expect(gone.statusCode).toBe(400);
    expect(gone.json<{ detail: string }>().detail).toBe(SESSIONS_CURSOR_GONE);
    const tooMany = await c.send('GET', `/api/clients/sessions/retrieve/${c.clientId}?limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('The page size must be at most 100.');
  });

  it('given a client with sessions, notes and a cancellation, then a page and the summary cost one statement each (plus the audit row)', async () => {
    const c = await setup();
    const sessions = await schedule(c, { startsAt: dayFromNow(-60), recurrence: { frequency: 'weekly', count: 12 } });
    await startNote(c, sessions[0]!.id);
    const cancelled = await c.send('POST', `/api/clients/single-session/cancel/${sessions[1]!.id}`, c.therapist, {
      cancelledBy: 'client',
      reason: 'Unwell',
      version: sessions[1]!.version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const pageUrl = `/api/clients/sessions/retrieve/${c.clientId}`;
    const summaryUrl = `/api/clients/sessions/summary/${c.clientId}`;
    expect((await c.send('GET', pageUrl)).statusCode).toBe(200); // the session check is remembered from here on
    const page = await countStatements(c.t.database, () => c.send('GET', pageUrl));
    expect(page.result.json<ClientSessionPage>().items).toHaveLength(12);
    expect(page.statements, 'the page, and its audit row').toBeLessThanOrEqual(2);
    const summary = await countStatements(c.t.database, () => c.send('GET', summaryUrl));
    expect(summary.result.statusCode).toBe(200);
    expect(summary.statements, 'the next and last sessions with the counts, and the audit row').toBeLessThanOrEqual(2);
  });

  it('given past and future sessions, attendance and a signed note, then the summary counts them and lists the next and last three', async () => {
    const c = await setup();
    const soonestFirst = (sessions: ClientSession[]) =>
      [...sessions].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    const past = soonestFirst(
      await schedule(c, { startsAt: dayFromNow(-60), recurrence: { frequency: 'weekly', count: 5 } }),
    );
    const future = soonestFirst(
      await schedule(c, { startsAt: dayFromNow(30), recurrence: { frequency: 'weekly', count: 4 } }),
    );
    for (const s of past.slice(0, 2)) {
      const marked = await c.send('PATCH', `/api/clients/single-session/attendance/${s.id}`, c.therapist, {
        status: 'attended',
        version: s.version,
      });
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const note = await startNote(c, past[0]!.id);
    const signed = await c.send('POST', `/api/clients/sessions/note/sign/${note.id}`, c.therapist, {
      version: note.version,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const response = await c.send('GET', `/api/clients/sessions/summary/${c.clientId}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<ClientSessionSummary>();
    expect(summary).toMatchObject({ total: 9, scheduled: 7, needingSignedNote: 1 });
    expect(summary.upcoming.map((s) => s.id)).toEqual(future.slice(0, 3).map((s) => s.id));
    expect(summary.recent.map((s) => s.id)).toEqual(
      past
        .slice(2)
        .reverse()
        .map((s) => s.id),
    );
    expect(summary.recent[0]!.sessionNotes).toEqual([]);
  });

  it('given no session, or only a cancelled one ahead, then the summary still counts (zero, then one) with nothing next or last; another practice answers 404', async () => {
    const c = await setup();
    const none = await c.send('GET', `/api/clients/sessions/summary/${c.clientId}`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<ClientSessionSummary>()).toEqual({
      total: 0,
      scheduled: 0,
      needingSignedNote: 0,
      upcoming: [],
      recent: [],
    });
    const [ahead] = await schedule(c, { startsAt: dayFromNow(20) });
    const cancelled = await c.send('POST', `/api/clients/single-session/cancel/${ahead!.id}`, c.therapist, {
      cancelledBy: 'client',
      reason: 'Moving away',
      version: ahead!.version,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const onlyCancelled = await c.send('GET', `/api/clients/sessions/summary/${c.clientId}`);
    expect(onlyCancelled.json<ClientSessionSummary>()).toEqual({
      total: 1,
      scheduled: 0,
      needingSignedNote: 0,
      upcoming: [],
      recent: [],
    });
    expect((await c.send('GET', `/api/clients/sessions/summary/${c.clientId}`, c.outsider)).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('given an Assistant, then every client session route answers 403', async () => {
    const c = await setup();
    const [s] = await schedule(c);
    for (const [method, url] of [
      ['GET', `/api/clients/sessions/retrieve/${c.clientId}`],
      ['GET', `/api/clients/sessions/summary/${c.clientId}`],
      ['GET', `/api/clients/single-session/retrieve/${s!.id}`],
      ['GET', `/api/clients/sessions/private-note/retrieve/${s!.id}`],
      ['DELETE', `/api/clients/single-session/${s!.id}`],
    ] as const) {
      expect((await c.send(method, url, c.assistant)).statusCode, url).toBe(403);
    }
    const create = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.assistant, SESSION);
    expect(create.statusCode).toBe(403);
  });

  it("given another practice's member, then the client's sessions, notes and services answer 404 and nothing changes", async () => {
    const c = await setup();
    const [s] = await schedule(c);
    const note = await startNote(c, s!.id);
    for (const [method, url, payload] of [
      ['GET', `/api/clients/sessions/retrieve/${c.clientId}`, undefined],
      ['GET', `/api/clients/sessions/summary/${c.clientId}`, undefined],
      ['GET', `/api/clients/single-session/retrieve/${s!.id}`, undefined],
      ['GET', `/api/clients/sessions/note/retrieve/${note.id}`, undefined],
      ['PUT', `/api/clients/sessions/note/${note.id}`, { contentHtml: '<p>x</p>', version: 1 }],
      ['POST', `/api/clients/single-session/cancel/${s!.id}`, { cancelledBy: 'client', version: 1 }],
      ['POST', `/api/clients/sessions/create/${c.clientId}`, SESSION],
      ['DELETE', `/api/clients/single-session/${s!.id}`, undefined],
    ] as const) {
      const response = await c.send(method, url, c.outsider, payload);
      expect(response.statusCode, url).toBe(404);
    }
    const still = await c.send('GET', `/api/clients/sessions/note/retrieve/${note.id}`);
    expect(still.json<SessionNote>().contentHtml).toBe(note.contentHtml);
  });
});

describe('a session’s service and fee (Settings > Services)', () => {
  it('given one of the practice’s services, then the session takes its price, a fee sent is kept, and another practice’s service answers 400', async () => {
    const c = await setup();
    const service = async (tokens: Tokens) => {
      const created = await c.send('POST', '/api/settings/services', tokens, {
        name: 'Individual session',
        kind: 'individual',
        durationMinutes: 50,
        priceMinor: 8_000,
        currency: 'GBP',
      });
      expect(created.statusCode, created.body).toBe(200);
      return created.json<{ id: number }>().id;
    };
    const ours = await service(c.admin);
    const [priced] = await schedule(c, { serviceId: ours, serviceName: 'Individual session' });
    expect(priced).toMatchObject({ serviceName: 'Individual session', priceMinor: 8_000 });
    const [agreed] = await schedule(c, {
      serviceId: ours,
      serviceName: 'Individual session',
      priceMinor: 6_000,
      startsAt: '2026-01-13T10:00:00.000Z',
    });
    expect(agreed!.priceMinor).toBe(6_000);
    const moved = await c.send('PUT', `/api/clients/single-session/${agreed!.id}`, c.therapist, {
      ...SESSION,
      serviceName: 'Individual session',
      startsAt: '2026-01-13T11:00:00.000Z',
      version: agreed!.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Moved without a service or fee: the agreed fee stays.
    expect(moved.json<ClientSession>().priceMinor).toBe(6_000);
    const theirs = await service(c.outsider);
    const refused = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
      ...SESSION,
      serviceId: theirs,
      startsAt: '2026-01-14T10:00:00.000Z',
    });
    expect(refused.statusCode).toBe(400);
    const negative = await c.send('POST', `/api/clients/sessions/create/${c.clientId}`, c.therapist, {
      ...SESSION,
      priceMinor: -1,
      startsAt: '2026-01-14T10:00:00.000Z',
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain('The fee cannot be negative.');
  });
});
